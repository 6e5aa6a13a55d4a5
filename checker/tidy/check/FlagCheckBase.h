//===--- FlagCheckBase.h - what every flagspace check shares -------------===//
//
// The base class of the flagspace checks: it reads their options, loads
// the rules, finds the sites the rules describe and hands each to its kind
// of site (sites/), which reports the engine's findings (report/).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FLAGCHECKBASE_H
#define FLAGSPACE_TIDY_FLAGCHECKBASE_H

#include "check/CheckGroup.h"
#include "check/Platform.h"
#include "flagspace.h"
#include "report/Consequences.h"
#include "sites/SiteChecker.h"

#include "ClangTidyCheck.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

struct LoadedRules;

/// Set by flagspace-clangd: an editor shows only diagnostics placed in the
/// file, so the rules' problems go on its first line there. clang-tidy
/// prints them without a place.
extern bool ReportRulesProblemsInFile;

/// A flagspace check. Each check passes its fs_check id; the engine decides
/// what is wrong and words the message. The checks of a translation unit
/// form a CheckGroup: one of them matches and describes each site to the
/// engine, and every finding is reported by the check whose id it carries.
///
/// Options (read with getLocalOrGlobal, so the global key works):
///   flagspace.RulesFiles  rules files added to the built-in rules, separated
///                         by ';' or ','; a relative name is taken from the
///                         folder of the .clang-tidy that sets it
///                         (check/RulesLocation.h). Default: "" (built-in
///                         rules only). Since 0.1.0.
///   flagspace.SocketTakesOpenFlags  true: O_CLOEXEC and O_NONBLOCK given to
///                         socket(), socketpair() and accept4() are not
///                         reported (Linux gives SOCK_CLOEXEC/SOCK_NONBLOCK
///                         their values; the BSDs do not). Default: false.
///                         Since 0.1.0.
///   flagspace.MinimumKernel  the oldest Linux the program runs on ("5.10",
///                         "6.1.30"), which decides what flagspace-portability
///                         reports of calls and flags newer than it.
///                         Default: "" (not known). Since 0.1.0.
///   flagspace.Consequences  the consequences reported (fs_consequence: fails,
///                         misbehaves, ignored, same-value, deprecated),
///                         separated by ','; "all", "none". Default: "all".
///                         Since 0.1.0.
///   flagspace.ConsequencesAsErrors  the consequences reported as errors
///                         rather than warnings, the same way. Default: ""
///                         (none). Since 0.1.0.
/// Each finding's consequence is at the end of its message, "... [fails]"
/// (report/Consequences.h).
///
/// Matched: calls of C library functions the rules name (at global scope or
/// extern "C", also ::open and calls inside macros), syscall(SYS_x, ...),
/// brace initializers of structs the rules name, and assignments to their
/// fields (=, |=, &=, ^=), also of a struct of the unit's own that a call
/// shows to be a copy of one (reach/ShapedRecords.h), calls through a
/// function pointer whose target is certain (reach/CallTargets.h), and calls
/// of the translation unit's own wrappers (reach/Wrappers.h): a function
/// whose parameter reaches a known flag argument unchanged is checked as
/// that inner call, when every inner call the parameter reaches agrees.
/// Flags held in local variables are followed (sites/FlagTerms.h). Not
/// matched as the C library's: methods and functions of other namespaces.
///
/// Tests `X & MASK` where X is a call with a `result` rule or a read of a
/// field with rules: the engine checks MASK against what X holds
/// (fs_check_result, fs_record.is_read); so are `X == V`, `X != V` and
/// the case values of `switch (X)`, and X may be a local variable or a
/// field of a local struct whose reaching write is such a call. Every
/// `a & b` and `a &= b` that names a flag is described to the engine
/// (fs_check_bit_test), which decides whether it tests a value as a bit.
///
/// A call (or a struct initialized in a test table's entry) with findings
/// is checked again with how the code tests its outcome
/// (reach/OutcomeTests.h): the engine leaves out what an asserted failure
/// explains.
class FlagCheckBase : public ClangTidyCheck {
public:
  /// MatchesAst is false for a check that only looks at the preprocessor.
  FlagCheckBase(StringRef Name, ClangTidyContext *Context, fs_check Check,
                bool MatchesAst = true);

  /// Reports the rules' problems (unreadable or malformed files) once per
  /// translation unit. A check that overrides this must call it.
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

  /// flagspace.Consequences and flagspace.ConsequencesAsErrors: what this
  /// check reports, and how (report/Reporter.h reports through it).
  const ConsequenceOptions &consequences() const { return Consequences; }

protected:
  /// Returns the rules, loading them and reporting their problems on the
  /// first call in a translation unit; NULL when they could not be set up.
  const fs_rules *rules();

  /// The rules for this translation unit: the engine picks a profile's
  /// view from the macros the unit defines (the kernel's __KERNEL__), as
  /// they stand now. The base rules until the preprocessor is known.
  const fs_rules *unitRules();

  const fs_check CheckId;

  /// The target triple of the translation unit being preprocessed, or "".
  std::string unitTarget() const;

private:
  ClangTidyContext &TidyContext;
  void reportRulesProblems(SourceLocation Loc);

  const std::string RulesFiles;
  const std::string RulesPaths; // RulesFiles, relative names resolved
  const bool SocketTakesOpenFlags;
  const bool MatchesAst;
  const PlatformOptions Platforms; // flagspace.MinimumKernel

protected:
  /// flagspace.Consequences and flagspace.ConsequencesAsErrors.
  const ConsequenceOptions Consequences;

private:
  const fs_rules *Rules = nullptr;
  const LoadedRules *Loaded = nullptr;
  const SourceManager *MainFileSM = nullptr;
  Preprocessor *PP = nullptr;
  bool RulesReady = false;
  bool UnitRulesChosen = false; // Rules is the unit's (set at first match)
  std::shared_ptr<CheckGroup> Group;
  // The sites of the translation unit, for the group's matching check.
  SiteChecker Sites{CheckId, *Group};
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
