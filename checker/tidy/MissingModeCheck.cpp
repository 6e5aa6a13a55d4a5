//===--- MissingModeCheck.cpp - flagspace-missing-mode
//---------------------===//
//
// The flagspace-missing-mode check: the shared base with its engine id.
//
//===----------------------------------------------------------------------===//

#include "MissingModeCheck.h"

namespace clang {
namespace tidy {
namespace flagspace {

MissingModeCheck::MissingModeCheck(StringRef Name, ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_MISSING_MODE) {}

} // namespace flagspace
} // namespace tidy
} // namespace clang
