//===--- UnsupportedFlagCheck.cpp - flagspace-unsupported-flag
//-------------===//
//
// The flagspace-unsupported-flag check: the shared base with its engine id.
//
//===----------------------------------------------------------------------===//

#include "UnsupportedFlagCheck.h"

namespace clang {
namespace tidy {
namespace flagspace {

UnsupportedFlagCheck::UnsupportedFlagCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_UNSUPPORTED_FLAG) {}

} // namespace flagspace
} // namespace tidy
} // namespace clang
