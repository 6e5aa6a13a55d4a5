//===--- WrongFieldCheck.cpp - flagspace-wrong-field
//-----------------------===//
//
// The flagspace-wrong-field check: the shared base with its engine id.
//
//===----------------------------------------------------------------------===//

#include "WrongFieldCheck.h"

namespace clang {
namespace tidy {
namespace flagspace {

WrongFieldCheck::WrongFieldCheck(StringRef Name, ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_WRONG_FIELD) {}

} // namespace flagspace
} // namespace tidy
} // namespace clang
