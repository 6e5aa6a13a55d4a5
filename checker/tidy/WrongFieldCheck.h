//===--- WrongFieldCheck.h - flagspace-wrong-field
//-------------------------===//
//
// Reports a flag written to the field of a struct next to the one that takes
// it, such as RESOLVE_BENEATH in open_how.flags.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_WRONGFIELDCHECK_H
#define FLAGSPACE_TIDY_WRONGFIELDCHECK_H

#include "FlagCheckBase.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// Reports a flag written to the field of a struct next to the one that takes
/// it, such as RESOLVE_BENEATH in open_how.flags.
/// The engine decides and words the message; see FlagCheckBase for what is
/// matched and for the options.
class WrongFieldCheck : public FlagCheckBase {
public:
  WrongFieldCheck(StringRef Name, ClangTidyContext *Context);
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
