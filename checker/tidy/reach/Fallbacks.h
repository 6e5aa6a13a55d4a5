//===--- Fallbacks.h - the calls a failed call's test leads to ------------===//
//
// Finds the calls made after a call, in its function, on a path a test of
// its outcome leads to: what a fallback would be (`if (r < 0 && errno ==
// ENOSYS) r = renameat(...)`, tar's `if (!implemented (chmod_errno))
// fd_i_chmod (..., 0)`). The front end reports them with the errno
// constants the tests name (fs_retry); the engine decides which are
// fallbacks for what (checker/core/fallback.h).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FALLBACKS_H
#define FLAGSPACE_TIDY_FALLBACKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A call made where a test of another call's outcome leads.
struct RetryCall {
  const CallExpr *Call;
  /// The errno constants the tests on the way compare errno with, by name:
  /// errno itself, a local variable assigned errno or the call's result
  /// (`e = f(...) == 0 ? 0 : errno`), or the parameter of a function of the
  /// unit given either (`implemented (e)`: its comparisons and case
  /// labels). Empty: the tests name none (any failure). "?": a test calls
  /// a function whose body is not there.
  std::vector<std::string> Errnos;
};

/// The calls after Failing in the body of Owner, the function that makes
/// it (null: found from the unit's parent map), later in the text, for which IsCandidate holds, that a test of
/// Failing's outcome leads to: inside the branch of an if, ?:, && or ||
/// whose condition reads the outcome (Failing itself, errno, or a local
/// variable holding either), or after an if reading it whose branch leaves
/// (return, goto, break, continue). Not followed: loops that retry, a
/// switch on errno (its case labels are read as the test's errnos, wherever
/// the call is), a test in another function than a helper given the value.
std::vector<RetryCall>
findRetries(const CallExpr *Failing, const FunctionDecl *Owner,
            ASTContext &Context,
            llvm::function_ref<bool(const CallExpr *)> IsCandidate);

/// The errno constants the tests in Failing's statement and the two
/// statements after it in its block name (as RetryCall::Errnos), wherever
/// they lead: `switch (errno) { case ENOTSUP: ... }` in the branch of a
/// failed call, `errno != ENOSYS && errno != EINVAL`.
std::vector<std::string> findTestedErrnos(const CallExpr *Failing,
                                          const FunctionDecl *Owner,
                                          ASTContext &Context);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
