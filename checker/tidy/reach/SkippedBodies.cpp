//===--- SkippedBodies.cpp - function bodies parsed when an analysis asks -===//

#include "reach/SkippedBodies.h"

namespace clang {
namespace tidy {
namespace flagspace {

SkippedBodies::~SkippedBodies() = default;

SkippedBodies *ActiveSkippedBodies = nullptr;

} // namespace flagspace
} // namespace tidy
} // namespace clang
