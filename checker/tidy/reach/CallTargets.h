//===--- CallTargets.h - the function a call through a pointer reaches ---===//
//
// Finds, without guessing, the one function a call through a function
// pointer reaches: a local pointer whose reaching writes all name it, or
// static data that cannot change (a const or never-written pointer, a
// table of operations) whose every value names it.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_CALLTARGETS_H
#define FLAGSPACE_TIDY_CALLTARGETS_H

#include "reach/FollowCache.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// The function Call reaches when its callee is not a function named
/// directly: `op(...)` or `(*op)(...)` where op is a local pointer whose
/// every write reaching the call (LocalFlow.h) is that function (`= open`,
/// `= &open`), or static data that cannot change (StaticData.h: a const or
/// never-written pointer, `ops[i].fn` of a table) whose every value in its
/// initializer is that function. Null otherwise, and when the values name
/// different functions.
const FunctionDecl *getKnownTarget(const CallExpr *Call, FollowCache &Cache,
                                   ASTContext &Context);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
