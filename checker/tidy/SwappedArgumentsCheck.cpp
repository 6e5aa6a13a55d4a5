//===--- SwappedArgumentsCheck.cpp - flagspace-swapped-arguments ---------===//
//
// The flagspace-swapped-arguments check: the shared base with its engine id.
//
//===----------------------------------------------------------------------===//

#include "SwappedArgumentsCheck.h"

namespace clang {
namespace tidy {
namespace flagspace {

SwappedArgumentsCheck::SwappedArgumentsCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_SWAPPED_ARGUMENTS) {}

} // namespace flagspace
} // namespace tidy
} // namespace clang
