//===--- UnsupportedFlagCheck.h - flagspace-unsupported-flag
//---------------===//
//
// Reports a flag of the right namespace that the call or field does not
// accept, such as AT_SYMLINK_NOFOLLOW in linkat() flags.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_UNSUPPORTEDFLAGCHECK_H
#define FLAGSPACE_TIDY_UNSUPPORTEDFLAGCHECK_H

#include "FlagCheckBase.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// Reports a flag of the right namespace that the call or field does not
/// accept, such as AT_SYMLINK_NOFOLLOW in linkat() flags.
/// The engine decides and words the message; see FlagCheckBase for what is
/// matched and for the options.
class UnsupportedFlagCheck : public FlagCheckBase {
public:
  UnsupportedFlagCheck(StringRef Name, ClangTidyContext *Context);
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
