//===--- RulesCache.h - rule sets shared by the flagspace checks ---------===//
//
// The rules are loaded once per process for each value of the
// flagspace.RulesFiles option and shared by every check and translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_RULESCACHE_H
#define FLAGSPACE_TIDY_RULESCACHE_H

#include "flagspace.h"

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A problem found while reading rules: Text is "file:line:col: message".
struct RulesProblem {
  fs_severity Severity;
  std::string Text;
  /// Where in its file, for keeping the file's order (0: no line).
  unsigned Line = 0;
  unsigned Column = 0;
};

/// The built-in rules plus the user's files, and what went wrong reading them
/// (each file's problems in the order of its lines). Rules is NULL only when
/// memory ran out; a file with errors, or that is not a regular file (a FIFO
/// would block the reader), is left out and the other rules stay usable.
struct LoadedRules {
  fs_rules *Rules = nullptr;
  std::vector<RulesProblem> Problems;
};

/// The file names of a flagspace.RulesFiles value: separated by ';' or ',',
/// blanks around a name ignored, empty names dropped.
std::vector<std::string> splitFileList(llvm::StringRef List);

/// Returns the rules for a flagspace.RulesFiles value (file names separated by
/// ';' or ',', blanks around a name ignored, relative names taken from the
/// current directory: see resolveRulesFiles), loading them on the first call. The result lives until
/// the process exits. Thread-safe.
/// Option names the rules of an option to add (rules/options/Option.rules,
/// fs_rules_add_option), if any.
const LoadedRules &getRules(llvm::StringRef RulesFiles,
                            llvm::StringRef Option = llvm::StringRef());

/// Returns true the first time it is called for this pair of main file and
/// option value: the caller then reports the rules' problems, so that each
/// translation unit shows them once whichever flagspace checks are enabled.
bool claimProblemReport(llvm::StringRef MainFile, llvm::StringRef RulesFiles);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
