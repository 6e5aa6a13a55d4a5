//===--- WrongNamespaceCheck.h - flagspace-wrong-namespace
//-----------------===//
//
// Reports a flag from one namespace passed where an argument or field takes
// another, such as AT_SYMLINK_NOFOLLOW in open() flags.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_WRONGNAMESPACECHECK_H
#define FLAGSPACE_TIDY_WRONGNAMESPACECHECK_H

#include "FlagCheckBase.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// Reports a flag from one namespace passed where an argument or field takes
/// another, such as AT_SYMLINK_NOFOLLOW in open() flags.
/// The engine decides and words the message; see FlagCheckBase for what is
/// matched and for the options.
class WrongNamespaceCheck : public FlagCheckBase {
public:
  WrongNamespaceCheck(StringRef Name, ClangTidyContext *Context);
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
