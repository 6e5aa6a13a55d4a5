//===--- Reporter.h - the engine's findings as diagnostics ---------------===//
//
// Reports the findings of one site: each through the check of its id, at
// the term or argument it is about, with its fix-it, and a note where a
// followed flag is written or passed.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_REPORTER_H
#define FLAGSPACE_TIDY_REPORTER_H

#include "flagspace.h"
#include "sites/FlagTerms.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

class CheckGroup;

/// Reports each finding of Findings through the group's check of its id,
/// when that check reports the finding's consequence (Consequences.h).
/// Values[slot].Sites[term] give the locations; SiteLoc is used for
/// FS_WHOLE_SITE and for slots or terms the facts do not have. Locations
/// spelled in a system header's macro are moved out to the user's code.
void reportFindings(const CheckGroup &Group, const fs_findings &Findings,
                    const std::vector<ExtractedValue> &Values,
                    SourceLocation SiteLoc, const SourceManager &SM,
                    const LangOptions &LangOpts);

/// Where to report Loc: clang-tidy drops diagnostics located in system
/// headers, and a flag's expansion (0x100) is spelled in the header that
/// defines it. Steps out of system macros to where their name was written.
SourceLocation getUserLocation(SourceLocation Loc, const SourceManager &SM);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
