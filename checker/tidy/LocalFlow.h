//===--- LocalFlow.h - the values a local variable can hold --------------===//
//
// Finds, without guessing, which writes of a local variable reach one of its
// uses, and which constants a small static function returns.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_LOCALFLOW_H
#define FLAGSPACE_TIDY_LOCALFLOW_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// One write of a local variable, in program order.
struct VarWrite {
  enum WriteKind { Init, Assign, Or, And } Kind;
  const Expr *Value;
  /// The write happens on some paths only (`if (c) v |= X;`).
  bool Conditional;
};

/// Fills Writes with the writes of Var that reach Use, first the
/// initializer. Returns false when that is not certain: Var is not a plain
/// local integer, its address is taken or it is bound to a reference, the
/// function has labels or gotos, a write is inside a loop or a branch other
/// than `if (c) v |= X;`, or a write is in the statement of Use. A missing
/// initializer is not reported here: Writes then starts with an assignment
/// or the caller treats the start as unknown.
bool findReachingWrites(const DeclRefExpr *Use, const VarDecl *Var,
                        std::vector<VarWrite> &Writes);

/// Fills Returns with the returned expressions of Function when it has
/// internal linkage, a body, and every return returns a constant; a
/// function with parameters must have a single return (which return is
/// taken would depend on the arguments). Returns false otherwise.
bool getConstantReturns(const FunctionDecl *Function, const ASTContext &Context,
                        std::vector<const Expr *> &Returns);

/// Whether every occurrence of Var in Body only reads it.
bool isOnlyRead(const VarDecl *Var, const Stmt *Body);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
