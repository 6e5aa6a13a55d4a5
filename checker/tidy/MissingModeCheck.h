//===--- MissingModeCheck.h - flagspace-missing-mode
//-----------------------===//
//
// Reports O_CREAT or O_TMPFILE without the mode argument or field that goes
// with them, and an open_how.mode set without them.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_MISSINGMODECHECK_H
#define FLAGSPACE_TIDY_MISSINGMODECHECK_H

#include "FlagCheckBase.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// Reports O_CREAT or O_TMPFILE without the mode argument or field that goes
/// with them, and an open_how.mode set without them.
/// The engine decides and words the message; see FlagCheckBase for what is
/// matched and for the options.
class MissingModeCheck : public FlagCheckBase {
public:
  MissingModeCheck(StringRef Name, ClangTidyContext *Context);
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
