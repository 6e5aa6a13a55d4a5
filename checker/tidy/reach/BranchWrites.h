//===--- BranchWrites.h - what one statement writes to a variable --------===//
//
// Tells how one statement of the block that declares a local variable
// changes it: a plain write, a write under an `if`, or one write on each
// path of an if-else chain or a `switch`.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_BRANCHWRITES_H
#define FLAGSPACE_TIDY_BRANCHWRITES_H

#include "reach/LocalFlow.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// Sets Out to what Statement does to a variable whose writes in it are
/// Writes (every one of them, in program order; all `=`, `|=` or `&=` of
/// the same kind). Accepted shapes, with W one of Writes:
///   W;                                    the value written
///   if (c) W;  if (c) { ...; W; ... }     W, or the value as it was
///   if (c) W1; else if (d) W2; else W3;   one of them
///   switch (x) { case A: W1; break; ... default: W3; }
///                                         one of them
/// A path without a write keeps the value (Out.Conditional); a path that
/// ends in return, break, continue or a call of a noreturn function never
/// reaches what follows and adds nothing. A branch writes once, as one of
/// its own statements; a `switch` group holds labels, expression statements,
/// one write and a break or return, and does not fall into the next group.
/// Returns false for anything else, or when that takes looking at more than
/// 512 statements: the value after Statement is unknown.
bool getStatementWrite(const Stmt *Statement,
                       const std::vector<const BinaryOperator *> &Writes,
                       VarWrite &Out);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
