//===--- FlagTerms.h - the terms of a flag expression --------------------===//
//
// Turns one argument or field value into the engine's facts: the flags the
// user wrote, each named by the outermost macro the rules know, with its
// value, whether it is negated or conditional, and where it can be replaced.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FLAGTERMS_H
#define FLAGSPACE_TIDY_FLAGTERMS_H

#include "flagspace.h"
#include "reach/FollowCache.h"
#include "sites/ExtractedValue.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

struct CoveringMacro;

/// The engine's fs_op of E (a unary or binary operator, or ?:) and its
/// operands in the engine's order; FS_OP_COUNT for an operator the engine
/// does not read, or no operator.
fs_op getOperator(const Expr *E,
                  llvm::SmallVectorImpl<const Expr *> &Operands);

/// The operand E passes on as it is: of parentheses, a cast or a
/// full-expression; null for anything else. (A template parameter's
/// substitution is not looked through: IgnoreParenCasts would.)
inline const Expr *getPassedOperand(const Expr *E) {
  if (const auto *Paren = dyn_cast<ParenExpr>(E))
    return Paren->getSubExpr();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getSubExpr();
  if (const auto *Full = dyn_cast<FullExpr>(E))
    return Full->getSubExpr();
  return nullptr;
}

/// Splits expressions into terms. Names stay valid while the FollowCache
/// lives, so keep it as long as the values returned are in use.
///
/// Walked: parentheses and casts (left out of the tree), the operators of
/// flagspace.h's fs_op (| & ^ + - << >>, comparisons, && || ! ~ and unary
/// -, ?:) and macros the rules do not know. A named term is the outermost
/// known macro whose expansion is exactly a subexpression, or an enumerator
/// the rules know; any other constant is an unnamed term; a part that is not
/// constant is an FS_OP_UNKNOWN leaf and sets HasUnknown. What the operators
/// do with the terms (set, clear, mask, compare) is the engine's to work out.
///
/// Followed: a local variable or an integer field of a local struct
/// (`c.f`, or `p->f` through a local `p = &c`), also captured by a lambda,
/// when the writes reaching the use are certain (LocalFlow.h:
/// initializer, `=`, `|=`, `&=` in straight-line code or under an if, one
/// write on each path of an if-else chain or a switch, BranchWrites.h), as
/// the tree of those writes; an init capture its lambda only reads, as its
/// initializer; a call of a static function
/// whose every return is a constant, a condition picking constants or a
/// variable of its own holding them, as FS_OP_EITHER of them (where the
/// value may depend on the arguments, only at a call whose every argument
/// holds something unknown or is the caller's own string parameter); a
/// constant
/// defined outside the function (a const or constexpr integer variable whose
/// initializer is a constant expression, at file, namespace, class or block
/// scope, or an enumerator the rules do not know, by its explicit value), as
/// its definition; static data that is const, or has internal linkage and
/// is never changed in the unit (StaticData.h), read whole or through fields
/// and array elements (`ops[i].flags`), as FS_OP_EITHER of every value its
/// initializer gives there; a C++ default argument, as written in the
/// declaration; a call of a function whose one statement returns its
/// parameters combined (an enumeration's operator|), as that return with
/// the call's arguments in place of the parameters (CombinedCalls.cpp).
/// Their terms
/// point at where the flag is written, are never fixable (the definition may
/// serve other uses), and carry PassedLoc. Anything unclear stays unknown.
/// A followed value is computed once per translation unit (FollowCache.h);
/// one that takes more than FollowCache::MaxFollows nested follows or holds
/// more than FollowCache::MaxTerms terms is unknown.
/// A parameter given to substitute() stands for the value given there (a
/// template parameter where its substitution is read).
///
/// The walk and the following are one recursion (a followed definition is
/// walked, and may follow further): the following is a ValueFollower of its
/// own (reach/FollowCache.h) that walks through the ValueWalker it is given,
/// this extractor.
class TermExtractor final : private ValueWalker {
public:
  TermExtractor(const fs_rules *Rules, const ASTContext &Context,
                FollowCache &Cache);
  // Its follower walks through it: a copy's would walk the original.
  TermExtractor(const TermExtractor &) = delete;
  TermExtractor &operator=(const TermExtractor &) = delete;

  ExtractedValue extract(const Expr *E);

  /// What the unit's extractions share.
  FollowCache &cache() const { return Cache; }

  /// While set, a reference to Param (a parameter of Owner, or a template
  /// parameter of Owner, a function template specialization) is replaced
  /// by Value's terms (what its caller passed), marked as passed at the
  /// reference.
  void substitute(const NamedDecl *Param, const FunctionDecl *Owner,
                  const ExtractedValue *Value);
  /// Another parameter of the same function replaced with the first, by
  /// Value's terms, until the next substitute().
  void substituteAlso(const NamedDecl *Param, const ExtractedValue *Value);

private:
  void walk(const Expr *E, ExtractedValue &Value, unsigned Depth) override;
  bool addMacroTerm(const Expr *E, ExtractedValue &Value);
  CharSourceRange getInvocationRange(const CoveringMacro &Macro) const;
  bool addEnumeratorTerm(const Expr *E, ExtractedValue &Value);
  bool walkOperands(const Expr *E, ExtractedValue &Value, unsigned Depth);
  void addTerm(ExtractedValue &Value, llvm::StringRef Name, const Expr *E,
               CharSourceRange FixRange);
  bool evaluate(const Expr *E, int64_t &Result) const;
  bool isConstant(const Expr *E) const;
  bool addSubstitute(const Expr *E, ExtractedValue &Value);
  const ExtractedValue *getSubstitute(const NamedDecl *Param) const;

  const fs_rules *Rules;
  const ASTContext &Context;
  const SourceManager &SM;
  const LangOptions &LangOpts;
  FollowCache &Cache;
  ValueFollower Follower; // owns which parameter is substituted
  // The parameters substituted, with what their caller passed.
  llvm::SmallVector<std::pair<const NamedDecl *, const ExtractedValue *>, 2>
      Substs;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
