//===--- SiteFacts.h - what the kinds of site share -----------------------===//
//
// The pieces every kind of site uses to describe itself to the engine: the
// engine's answer, asked again with how the code tests the site's outcome;
// a call of the C library described as facts; code that is not the user's.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_SITEFACTS_H
#define FLAGSPACE_TIDY_SITEFACTS_H

#include "flagspace.h"
#include "reach/OutcomeTests.h"
#include "sites/FlagTerms.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// The engine's findings for one site, freed however the site returns.
struct EngineAnswer {
  fs_findings Findings = {};
  /// How the code tests the site's outcome, as far as ask() looked.
  OutcomeFacts Outcome;

  EngineAnswer() = default;
  EngineAnswer(const EngineAnswer &) = delete;
  EngineAnswer &operator=(const EngineAnswer &) = delete;
  ~EngineAnswer() { fs_findings_free(&Findings); }

  /// Asks the engine: Check fills the findings. When there are some, Find
  /// looks for how the code tests the site's outcome (false: not found, or
  /// not needed); where it finds it, Use gives it to the facts and the
  /// engine is asked again, leaving out what an asserted failure explains.
  void ask(llvm::function_ref<void(fs_findings *)> Check,
           llvm::function_ref<bool(OutcomeFacts &)> Find,
           llvm::function_ref<void(const fs_outcome &)> Use);
};

/// A call of a C library function with rules, described to the engine:
/// Facts points into the other members, so it is filled in place.
struct RulesCall {
  std::string Name;
  std::vector<ExtractedValue> Args;
  std::vector<fs_value> Views;
  fs_call Facts = {};
};

/// Sets Name to the function Call calls when it is a C library function
/// the rules know; false for anything else (a method, a user's function of
/// that name).
bool isRulesCall(const fs_rules *Rules, const CallExpr *Call,
                 const LangOptions &LangOpts, std::string &Name);

/// Fills Out for Call; false when it is no call of a C library function the
/// rules know (isRulesCall).
bool describeRulesCall(const fs_rules *Rules, const std::string &Target,
                       const CallExpr *Call, TermExtractor &Extractor,
                       const LangOptions &LangOpts, RulesCall &Out);

/// The values of Call's written arguments, Call being a call of Name. Those
/// the rules do not read stay unknown: following them (a file descriptor
/// in a variable) would cost time for nothing.
std::vector<ExtractedValue> extractArguments(const fs_rules *Rules,
                                             const std::string &Name,
                                             const CallExpr *Call,
                                             TermExtractor &Extractor);

/// Puts into Value the text of E when E is a narrow string literal (a path,
/// a mode string), with E as the text to replace (Written) when it is
/// spelled in the file, none when a macro makes it.
void setStringLiteral(ExtractedValue &Value, const Expr *E);

/// The views of Values, in their order, for the engine's facts.
std::vector<fs_value> getViews(const std::vector<ExtractedValue> &Values);

/// The name of syscall()'s number (SYS_x) in a call's values; null for
/// another function, or a number not written as one name.
const char *getSyscallNumber(const std::string &Name,
                             const std::vector<ExtractedValue> &Values);

/// The struct tag, or the typedef name of an anonymous struct.
std::string getRecordName(const RecordDecl *Record);

/// Code in a system header, or spelled in a system macro's body, is not
/// the user's to fix. Loc should be a token the user types last (a ')' or
/// '}'), so that a system macro naming the callee does not hide a user's
/// call.
bool isInSystemCode(SourceLocation Loc, const SourceManager &SM);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
