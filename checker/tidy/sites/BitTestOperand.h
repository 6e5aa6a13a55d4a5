//===--- BitTestOperand.h - what the operand of a bit test holds ---------===//
//
// For `flags & O_WRONLY`: which side is tested, a call in the same function
// that is given that variable (`open(p, flags)`), the other flags the
// function tests it against, and whether a rewrite of the whole test is
// certain. The facts of fs_bit_test's holder, tested_with and fixable; the
// engine decides what they mean.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_BITTESTOPERAND_H
#define FLAGSPACE_TIDY_BITTESTOPERAND_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

struct BitTestOperand {
  /// The side that is not a constant; null when both or neither are.
  const Expr *Operand = nullptr;
  /// A call of the enclosing function given Operand, a variable, as
  /// argument HolderArg (directly or or'ed with flags); null: none.
  const CallExpr *HolderCall = nullptr;
  unsigned HolderArg = 0;
  /// The flag names of the other tests of the same operand in the
  /// function (`flags & O_RDWR`, `(flags & O_ACCMODE) == ...`).
  std::vector<std::string> TestedWith;
  /// The test is read as true or false, the operand is a primary
  /// expression and nothing is spelled in a macro: Replaced, the test or
  /// the comparison it is an operand of, can be rewritten whole.
  bool Fixable = false;
  const Expr *Replaced = nullptr;
};

/// Fills Out for Test (`a & b`), compared by Compare (null: not compared).
/// HasRules says whether a call is one the rules describe; Names appends
/// the flag names an expression spells.
void describeBitTestOperand(
    const BinaryOperator *Test, const BinaryOperator *Compare,
    ASTContext &Context, llvm::function_ref<bool(const CallExpr *)> HasRules,
    llvm::function_ref<void(const Expr *, std::vector<std::string> &)> Names,
    BitTestOperand &Out);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
