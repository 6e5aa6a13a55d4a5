//===--- WrongNamespaceCheck.cpp - flagspace-wrong-namespace
//---------------===//
//
// The flagspace-wrong-namespace check: the shared base with its engine id.
//
//===----------------------------------------------------------------------===//

#include "WrongNamespaceCheck.h"

namespace clang {
namespace tidy {
namespace flagspace {

WrongNamespaceCheck::WrongNamespaceCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_WRONG_NAMESPACE) {}

} // namespace flagspace
} // namespace tidy
} // namespace clang
