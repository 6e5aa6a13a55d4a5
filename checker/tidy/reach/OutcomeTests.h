//===--- OutcomeTests.h - how the code tests a call's outcome ------------===//
//
// Finds the comparisons of a call's result and of errno after it with
// constants (fs_outcome), which tell the engine whether the code asserts
// that the call fails, as a kernel selftest does with invalid flags:
// `ASSERT_NE(setns(fd, CLONE_VM), 0); EXPECT_EQ(errno, EINVAL);`.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_OUTCOMETESTS_H
#define FLAGSPACE_TIDY_OUTCOMETESTS_H

#include "flagspace.h"
#include "sites/ExtractedValue.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <deque>
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// One call made where a test of the outcome leads (fs_retry), with what
/// its facts point into.
struct RetryFacts {
  std::string Callee;
  std::string Number; // SYS_x of a raw syscall(); empty: none
  std::vector<ExtractedValue> Values;
  std::vector<std::string> Errnos;
  std::vector<fs_value> Args;          // views of Values (view())
  std::vector<const char *> ErrnoViews; // views of Errnos (view())
};

/// The engine's fs_outcome with the names it points into.
class OutcomeFacts {
public:
  /// The facts, their names pointing into this object.
  const fs_outcome &view();
  bool found() const {
    return Outcome.result.cmp != FS_CMP_NONE ||
           Outcome.error.cmp != FS_CMP_NONE || !RetryList.empty() ||
           !TestedErrnos.empty();
  }

  fs_outcome Outcome = {};
  /// The calls made where its test leads, and the errnos the tests right
  /// after it name (reach/Fallbacks.h).
  std::deque<RetryFacts> RetryList;
  std::vector<fs_retry> Retries; // views (view())
  std::vector<std::string> TestedErrnos;
  std::vector<const char *> TestedErrnoViews; // views (view())
  /// The call is never evaluated: in a type (__typeof__) or under sizeof.
  bool Unevaluated = false;
  // result.with_name, result.macro, error.with_name, error.macro
  std::string Names[4];
};

/// Fills Facts with how the code tests the outcome of Call: the first
/// comparison of its result (the call itself, a variable the call's
/// statement assigns it to, or a macro's temporary holding either, as
/// kselftest_harness.h's __EXPECT makes) and of `errno` (by the macro name
/// written) with a constant, in the call's statement and the statements
/// right after it that compare them (at most two; the statements one macro
/// expands to count as one). The statement is the one in the closest block
/// written in the file, so a comparison a macro makes around the call is
/// found. Returns false when there is none, and sets Facts.Unevaluated for
/// a call that never runs (inside __typeof__ or sizeof).
///
/// Not followed: a result passed on (to a helper, in a struct), a
/// comparison in another function, comparisons more than two statements
/// later.
bool findCallOutcome(const CallExpr *Call, ASTContext &Context,
                     OutcomeFacts &Facts);

/// The innermost macro whose expansion is exactly E, or one of the
/// parenthesized expressions inside it: `errno` for (*__errno_location ()),
/// `EINVAL` for the 22 of `(EINVAL)`. Empty when none.
std::string getInnermostMacro(const Expr *E, const ASTContext &Context);

/// Fills Facts for a struct initialized as one field of a test table's
/// entry (Entry, the semantic form of the list that holds it): a sibling
/// field written as a negated constant (`.err = -EINVAL`), FS_PLACE_TABLE.
/// Returns false when there is none.
bool findTableOutcome(const InitListExpr *Entry, ASTContext &Context,
                      OutcomeFacts &Facts);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
