//===--- FactsDump.h - print the facts given to the engine ---------------===//
//
// With FLAGSPACE_DEBUG_FACTS=1 in the environment, each call and struct write
// described to the engine is printed to stderr, to check what the module
// extracted (names, values, flags, replaceable ranges).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FACTSDUMP_H
#define FLAGSPACE_TIDY_FACTSDUMP_H

#include "flagspace.h"
#include "sites/FlagTerms.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// Whether FLAGSPACE_DEBUG_FACTS is set to something other than "" or "0".
bool isFactsDumpEnabled();

/// Print the facts that Check gives the engine about a site, a call
/// (fs_call) or a struct write (fs_record), when the dump is enabled.
template <typename Site>
void dumpFacts(fs_check Check, const Site &Facts,
               const std::vector<ExtractedValue> &Values, SourceLocation Loc,
               const SourceManager &SM, const LangOptions &LangOpts);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
