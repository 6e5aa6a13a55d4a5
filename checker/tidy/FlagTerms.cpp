//===--- FlagTerms.cpp - the terms of a flag expression ------------------===//
//
// Walks an argument or field value and lists its terms for the engine.
//
//===----------------------------------------------------------------------===//

#include "FlagTerms.h"
#include "FollowCache.h"
#include "LocalFlow.h"
#include "MacroExpansions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include <cstring>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Deeper expressions are treated as unknown rather than walked.
constexpr unsigned MaxDepth = 256;

bool isWalkedOperator(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Or:
  case BO_And:
  case BO_Xor:
  case BO_Add:
  case BO_Sub:
    return true;
  default:
    return false;
  }
}

} // namespace

ExtractedValue TermExtractor::extract(const Expr *E) {
  ExtractedValue Value;
  if (!E)
    return Value;
  Value.Loc = E->getBeginLoc();
  Value.Written = E;
  Budget = FollowCache::MaxFollows;
  Scope = nullptr;
  walk(E, 0, Value, 0);
  return Value;
}

CharSourceRange getFileRange(const ExtractedValue &Value,
                             const SourceManager &SM,
                             const LangOptions &LangOpts) {
  if (!Value.Written)
    return CharSourceRange();
  return Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Value.Written->getSourceRange()), SM,
      LangOpts);
}

void TermExtractor::walk(const Expr *E, unsigned Flags, ExtractedValue &Value,
                         unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isTypeDependent() || E->isValueDependent() ||
      E->containsErrors()) {
    Value.HasUnknown = true;
    return;
  }
  // Macros first: the name the user wrote wins over the structure of its
  // expansion, so O_NDELAY stays O_NDELAY and (A|B) in one macro is one term.
  if (addMacroTerm(E, Flags, Value))
    return;
  if (walkOperands(E, Flags, Value, Depth))
    return;
  if (addEnumeratorTerm(E, Flags, Value))
    return;
  if (addSubstitute(E, Flags, Value) || followVariable(E, Flags, Value, Depth) ||
      followConstantCall(E, Flags, Value, Depth))
    return;
  int64_t Constant;
  if (evaluate(E, Constant)) {
    addTerm(Value, llvm::StringRef(), E, Flags, CharSourceRange());
    return;
  }
  Value.HasUnknown = true;
}

// Descends into the parts of E that the user combined flags with. Returns
// false for a leaf.
bool TermExtractor::walkOperands(const Expr *E, unsigned Flags,
                                 ExtractedValue &Value, unsigned Depth) {
  if (const auto *Paren = dyn_cast<ParenExpr>(E)) {
    walk(Paren->getSubExpr(), Flags, Value, Depth + 1);
    return true;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    walk(Cast->getSubExpr(), Flags, Value, Depth + 1);
    return true;
  }
  if (const auto *Full = dyn_cast<FullExpr>(E)) {
    walk(Full->getSubExpr(), Flags, Value, Depth + 1);
    return true;
  }
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
    walk(Subst->getReplacement(), Flags, Value, Depth + 1);
    return true;
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (!isWalkedOperator(Binary->getOpcode()))
      return false;
    walk(Binary->getLHS(), Flags, Value, Depth + 1);
    walk(Binary->getRHS(), Flags, Value, Depth + 1);
    return true;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->getOpcode() == UO_Not) {
      walk(Unary->getSubExpr(), Flags ^ FS_TERM_NEGATED, Value, Depth + 1);
      return true;
    }
    if (Unary->getOpcode() == UO_Extension) {
      walk(Unary->getSubExpr(), Flags, Value, Depth + 1);
      return true;
    }
    return false;
  }
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    walk(Conditional->getTrueExpr(), Flags | FS_TERM_CONDITIONAL, Value,
         Depth + 1);
    walk(Conditional->getFalseExpr(), Flags | FS_TERM_CONDITIONAL, Value,
         Depth + 1);
    return true;
  }
  return false;
}

// False when no macro can expand to exactly E, which saves walking the
// expansions: an implicit cast or a constant wrapper spans the same tokens
// as what it wraps (walked next), and an operator the user wrote in the
// file is not inside any macro's expansion.
namespace {
bool mayBeOneMacro(const Expr *E) {
  if (isa<ImplicitCastExpr>(E) || isa<FullExpr>(E))
    return false;
  SourceLocation Operator;
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    Operator = Binary->getOperatorLoc();
  else if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    Operator = Unary->getOperatorLoc();
  else if (const auto *Paren = dyn_cast<ParenExpr>(E))
    Operator = Paren->getLParen();
  else if (const auto *Conditional = dyn_cast<ConditionalOperator>(E))
    Operator = Conditional->getQuestionLoc();
  return !Operator.isValid() || Operator.isMacroID();
}
} // namespace

// A known macro whose expansion is exactly E. It is fixable when it is the
// outermost macro there and the user wrote it in a file, so replacing its
// name cannot change a macro body or anything else.
bool TermExtractor::addMacroTerm(const Expr *E, unsigned Flags,
                                 ExtractedValue &Value) {
  if ((!E->getBeginLoc().isMacroID() && !E->getEndLoc().isMacroID()) ||
      !mayBeOneMacro(E))
    return false;
  std::vector<CoveringMacro> Macros =
      getCoveringMacros(E->getBeginLoc(), E->getEndLoc(), SM, LangOpts);
  for (size_t I = 0; I < Macros.size(); ++I) {
    const CoveringMacro &Macro = Macros[I];
    if (!fs_rules_knows_macro(Rules, Macro.Name.c_str()))
      continue;
    CharSourceRange FixRange;
    if (I == 0)
      FixRange = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Macro.InvocationBegin,
                                         Macro.InvocationEnd),
          SM, LangOpts);
    addTerm(Value, Macro.Name, E, Flags, FixRange);
    // Point at the macro's name rather than at its expansion, which is
    // spelled in the header that defines it.
    Value.Sites.back().Loc = Macro.InvocationBegin;
    return true;
  }
  return false;
}

// An enumerator the rules know. Fixable when written in a file and not part
// of any macro.
bool TermExtractor::addEnumeratorTerm(const Expr *E, unsigned Flags,
                                      ExtractedValue &Value) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref)
    return false;
  const auto *Enumerator = dyn_cast<EnumConstantDecl>(Ref->getDecl());
  if (!Enumerator || !Enumerator->getIdentifier())
    return false;
  std::string Name = Enumerator->getName().str();
  if (!fs_rules_knows_macro(Rules, Name.c_str()))
    return false;
  CharSourceRange FixRange;
  if (getCoveringMacros(E->getBeginLoc(), E->getEndLoc(), SM, LangOpts).empty())
    FixRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, LangOpts);
  addTerm(Value, Name, E, Flags, FixRange);
  return true;
}

void TermExtractor::addTerm(ExtractedValue &Value, llvm::StringRef Name,
                            const Expr *E, unsigned Flags,
                            CharSourceRange FixRange) {
  fs_term Term = {};
  if (!Name.empty())
    Term.name = Cache.intern(Name);
  int64_t Constant = 0;
  if (evaluate(E, Constant)) {
    Term.value = Constant;
    Term.has_value = 1;
  }
  if (FixRange.isValid())
    Flags |= FS_TERM_FIXABLE;
  else
    Flags &= ~static_cast<unsigned>(FS_TERM_FIXABLE);
  Term.flags = Flags;
  Value.Terms.push_back(Term);
  TermSite Site;
  Site.Loc = E->getBeginLoc();
  Site.FixRange = FixRange;
  Value.Sites.push_back(Site);
}

// Appends From's terms to Value as reached through PassedLoc: not fixable
// where they are written, and with the outermost passing place kept.
void TermExtractor::appendPassed(ExtractedValue &Value,
                                 const ExtractedValue &From,
                                 SourceLocation PassedLoc, unsigned Flags) {
  for (size_t I = 0; I < From.Terms.size(); ++I) {
    fs_term Term = From.Terms[I];
    Term.flags = (Term.flags | Flags) & ~static_cast<unsigned>(FS_TERM_FIXABLE);
    TermSite Site = From.Sites[I];
    Site.FixRange = CharSourceRange();
    Site.PassedLoc = PassedLoc;
    Value.Terms.push_back(Term);
    Value.Sites.push_back(Site);
  }
  if (From.HasUnknown)
    Value.HasUnknown = true;
}

bool TermExtractor::addSubstitute(const Expr *E, unsigned Flags,
                                  ExtractedValue &Value) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref || !SubstParam || Ref->getDecl() != SubstParam)
    return false;
  appendPassed(Value, *SubstValue, Ref->getBeginLoc(), Flags);
  return true;
}

// Applies one write of a followed variable to the terms it holds so far.
void TermExtractor::applyWrite(const VarWrite &Write, unsigned Flags,
                               ExtractedValue &Acc, unsigned Depth) {
  switch (Write.Kind) {
  case VarWrite::Init:
  case VarWrite::Assign:
    Acc = ExtractedValue();
    walk(Write.Value, Flags, Acc, Depth + 1);
    return;
  case VarWrite::Or:
    walk(Write.Value,
         Flags | (Write.Conditional ? unsigned(FS_TERM_CONDITIONAL) : 0u),
         Acc, Depth + 1);
    return;
  case VarWrite::And:
    break;
  }
  // `v &= ~(A | B)` clears the named flags A and B; any other mask leaves
  // the value unclear.
  ExtractedValue Mask;
  const auto *Not = dyn_cast<UnaryOperator>(Write.Value->IgnoreParenImpCasts());
  if (Not && Not->getOpcode() == UO_Not)
    walk(Not->getSubExpr(), 0, Mask, Depth + 1);
  bool Clear = Not && Not->getOpcode() == UO_Not && !Mask.HasUnknown &&
               !Mask.Terms.empty();
  for (const fs_term &Term : Mask.Terms)
    if (!Term.name || (Term.flags & FS_TERM_NEGATED))
      Clear = false;
  if (!Clear) {
    Acc = ExtractedValue();
    Acc.HasUnknown = true;
    return;
  }
  ExtractedValue Kept;
  Kept.HasUnknown = Acc.HasUnknown;
  for (size_t I = 0; I < Acc.Terms.size(); ++I) {
    bool Cleared = false;
    for (const fs_term &Term : Mask.Terms)
      if (Acc.Terms[I].name && !strcmp(Acc.Terms[I].name, Term.name))
        Cleared = true;
    if (!Cleared) {
      Kept.Terms.push_back(Acc.Terms[I]);
      Kept.Sites.push_back(Acc.Sites[I]);
    }
  }
  Acc = Kept;
}

// The value of E in its own type: implicit conversions to the parameter's
// type are looked through, so AT_FDCWD stays -100 in an unsigned argument.
bool TermExtractor::evaluate(const Expr *E, int64_t &Result) const {
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      break;
    E = Cast->getSubExpr();
  }
  if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors() ||
      !E->getType()->isIntegralOrEnumerationType())
    return false;
  Expr::EvalResult Eval;
  if (!E->EvaluateAsInt(Eval, Context) || !Eval.Val.isInt())
    return false;
  const llvm::APSInt &Int = Eval.Val.getInt();
  if (Int.isSigned() ? !Int.isSignedIntN(64) : !Int.isIntN(64))
    return false;
  Result = Int.isSigned() ? Int.getSExtValue()
                          : static_cast<int64_t>(Int.getZExtValue());
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
