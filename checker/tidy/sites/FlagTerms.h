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

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

struct VarWrite;
struct FollowedValue;
struct ReachingWrites;
class FollowCache;
class FollowedValues;
struct CoveringMacro;

/// Where a term is in the source.
struct TermSite {
  /// The known macro's name where it was expanded, else the begin of the
  /// term's expression. May be a macro location: diagnostics then show where
  /// the outermost macro was used, with "expanded from macro" notes.
  SourceLocation Loc;
  /// The term's macro name (or enumerator) as written in the file, when
  /// replacing that text is safe (FS_TERM_FIXABLE); invalid otherwise.
  CharSourceRange FixRange;
  /// For a term reached through a variable, a static function's return or
  /// a wrapper's parameter: where the value is passed at the site, for a
  /// "flag passed here" note. Invalid for a term written at the site.
  SourceLocation PassedLoc;
  /// For a term that stands for a wrapper's caller's term: that term's
  /// index in the caller's value (set by the caller; substitute() keeps it).
  int SubstIndex = -1;
};

/// One argument or field value. Terms and Sites are parallel; the term names
/// point into the TermExtractor that made them.
struct ExtractedValue {
  std::vector<fs_term> Terms;
  std::vector<TermSite> Sites;
  /// The expression over the terms, in prefix order (flagspace.h).
  std::vector<fs_node> Nodes;
  bool HasUnknown = false;
  /// Begin of the whole value expression.
  SourceLocation Loc;
  /// The whole value expression; null for a value not extracted.
  const Expr *Written = nullptr;
  /// A string literal written there (a path), its text; or none.
  std::optional<std::string> String;

  fs_value view() const {
    return {Terms.data(),
            Terms.size(),
            HasUnknown ? 1 : 0,
            Nodes.empty() ? nullptr : Nodes.data(),
            Nodes.size(),
            String ? String->c_str() : nullptr};
  }
};

/// The range of Value's expression as one piece of a file; invalid when it
/// is not (part of a macro body) or was not extracted.
CharSourceRange getFileRange(const ExtractedValue &Value,
                             const SourceManager &SM,
                             const LangOptions &LangOpts);

/// Appends a node of Value's tree (a term's node with its index).
void addNode(ExtractedValue &Value, fs_op Op, size_t Term = 0);

/// The engine's fs_op of E (a unary or binary operator, or ?:) and its
/// operands in the engine's order; FS_OP_COUNT for an operator the engine
/// does not read, or no operator.
fs_op getOperator(const Expr *E,
                  llvm::SmallVectorImpl<const Expr *> &Operands);
/// Appends a part that is not a constant: an FS_OP_UNKNOWN leaf.
void addUnknown(ExtractedValue &Value);

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

/// Sets Result to E's value when E is an integer constant expression that
/// fits in 64 bits (implicit casts other than a read are looked through).
bool evaluateInteger(const Expr *E, const ASTContext &Context,
                     int64_t &Result);

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
/// declaration.
/// Their terms
/// point at where the flag is written, are never fixable (the definition may
/// serve other uses), and carry PassedLoc. Anything unclear stays unknown.
/// A followed value is computed once per translation unit (FollowCache.h);
/// one that takes more than FollowCache::MaxFollows nested follows or holds
/// more than FollowCache::MaxTerms terms is unknown.
/// A parameter given to substitute() stands for the value given there (a
/// template parameter where its substitution is read).
class TermExtractor {
public:
  TermExtractor(const fs_rules *Rules, const ASTContext &Context,
                FollowCache &Cache);
  ~TermExtractor();

  ExtractedValue extract(const Expr *E);

  /// What the unit's extractions share.
  FollowCache &cache() const { return Cache; }

  /// While set, a reference to Param (a parameter of Owner, or a template
  /// parameter of Owner, a function template specialization) is replaced
  /// by Value's terms (what its caller passed), marked as passed at the
  /// reference.
  void substitute(const NamedDecl *Param, const FunctionDecl *Owner,
                  const ExtractedValue *Value);

private:
  void walk(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool addMacroTerm(const Expr *E, ExtractedValue &Value);
  CharSourceRange getInvocationRange(const CoveringMacro &Macro) const;
  bool addEnumeratorTerm(const Expr *E, ExtractedValue &Value);
  bool walkOperands(const Expr *E, ExtractedValue &Value, unsigned Depth);
  void addTerm(ExtractedValue &Value, llvm::StringRef Name, const Expr *E,
               CharSourceRange FixRange);
  bool evaluate(const Expr *E, int64_t &Result) const;
  bool isConstant(const Expr *E) const;
  bool followVariable(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followInitCapture(const DeclRefExpr *Ref, const VarDecl *Var,
                         ExtractedValue &Value);
  bool followConstantCall(const Expr *E, ExtractedValue &Value,
                          unsigned Depth);
  bool givesNothingKnown(const CallExpr *Call, unsigned Depth);
  bool isGivenString(const Expr *Arg);
  bool followConstant(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followStaticData(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool followFieldWrites(const Expr *E, ExtractedValue &Value, unsigned Depth);
  bool addSubstitute(const Expr *E, ExtractedValue &Value);
  void applyWrite(const VarWrite &Write, ExtractedValue &Acc, unsigned Depth);
  void walkEither(const std::vector<const Expr *> &Values, ExtractedValue &Acc,
                  unsigned Depth);
  void appendPassed(ExtractedValue &Value, const ExtractedValue &From,
                    SourceLocation PassedLoc);
  // FollowCache.cpp: followed values, computed once.
  struct FollowScope;
  const FollowedValue *getHeldValue(const VarDecl *Var,
                                    const ReachingWrites &Reach);
  void computeState(const VarWrite &Write, const FollowedValue *Prev,
                    FollowedValue &State);
  void computeReturns(const FunctionDecl *Callee, FollowedValue &Returns);
  void computeEither(const std::vector<const Expr *> &Values,
                     FollowedValue &Held);
  bool useEither(FollowedValue &Held, const Expr *E, ExtractedValue &Value,
                 llvm::function_ref<bool(std::vector<const Expr *> &)> Get);
  bool followDeeper(FollowScope &Inner, int &FailedAt,
                    llvm::function_ref<void()> Walk);
  bool useOnce(const Decl *Key, const Expr *Definition,
               const DeclRefExpr *Ref, ExtractedValue &Value);
  void usePassed(ExtractedValue &Value, const FollowedValue *Held,
                 SourceLocation PassedLoc);
  bool isReady(const FollowedValue &Held) const;
  bool isUsable(const FollowedValue &Held) const;
  FollowedValues &getValues(const VarDecl *Var);

  const fs_rules *Rules;
  const ASTContext &Context;
  const SourceManager &SM;
  const LangOptions &LangOpts;
  FollowCache &Cache;
  // The values that depend on SubstParam, kept while it is substituted.
  std::unique_ptr<FollowedValues> SubstValues;
  // Nested follows still allowed, and the followed value being computed.
  unsigned Budget = 0;
  FollowScope *Scope = nullptr;
  const NamedDecl *SubstParam = nullptr;
  const FunctionDecl *SubstOwner = nullptr;
  const ExtractedValue *SubstValue = nullptr;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
