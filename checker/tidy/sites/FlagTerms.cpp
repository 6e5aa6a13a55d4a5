//===--- FlagTerms.cpp - the terms of a flag expression ------------------===//
//
// Walks an argument or field value and lists its terms for the engine.
//
//===----------------------------------------------------------------------===//

#include "sites/FlagTerms.h"
#include "reach/FollowCache.h"
#include "sites/MacroExpansions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include <cctype>
#include <cstring>
#include <utility>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Deeper expressions are treated as unknown rather than walked.
constexpr unsigned MaxDepth = 256;

// The engine's operator for each operator the user combines flags with;
// any other's value is folded or unknown.
const std::pair<BinaryOperatorKind, fs_op> BinaryOps[] = {
    {BO_Or, FS_OP_OR},   {BO_And, FS_OP_AND},   {BO_Xor, FS_OP_XOR},
    {BO_Add, FS_OP_ADD}, {BO_Sub, FS_OP_SUB},   {BO_Shl, FS_OP_SHL},
    {BO_Shr, FS_OP_SHR}, {BO_EQ, FS_OP_EQ},     {BO_NE, FS_OP_NE},
    {BO_LT, FS_OP_REL},  {BO_GT, FS_OP_REL},    {BO_LE, FS_OP_REL},
    {BO_GE, FS_OP_REL},  {BO_LAnd, FS_OP_LAND}, {BO_LOr, FS_OP_LOR},
};
const std::pair<UnaryOperatorKind, fs_op> UnaryOps[] = {
    {UO_Not, FS_OP_NOT}, {UO_LNot, FS_OP_LNOT}, {UO_Minus, FS_OP_NEG}};

// Kind's fs_op in Table; FS_OP_COUNT when it has none.
template <typename Kind, size_t N>
fs_op findOp(const std::pair<Kind, fs_op> (&Table)[N], Kind Op) {
  for (const auto &Entry : Table)
    if (Entry.first == Op)
      return Entry.second;
  return FS_OP_COUNT;
}

} // namespace

fs_op getOperator(const Expr *E,
                  llvm::SmallVectorImpl<const Expr *> &Operands) {
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    Operands.assign({Binary->getLHS(), Binary->getRHS()});
    return findOp(BinaryOps, Binary->getOpcode());
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    Operands.assign({Unary->getSubExpr()});
    return findOp(UnaryOps, Unary->getOpcode());
  }
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    Operands.assign({Conditional->getCond(), Conditional->getTrueExpr(),
                     Conditional->getFalseExpr()});
    return FS_OP_COND;
  }
  return FS_OP_COUNT;
}

TermExtractor::TermExtractor(const fs_rules *Rules, const ASTContext &Context,
                             FollowCache &Cache)
    : Rules(Rules), Context(Context), SM(Context.getSourceManager()),
      LangOpts(Context.getLangOpts()), Cache(Cache),
      Follower(*this, Rules, Context, Cache) {}

void TermExtractor::substitute(const NamedDecl *Param,
                               const FunctionDecl *Owner,
                               const ExtractedValue *Value) {
  Substs.clear();
  if (Param)
    Substs.push_back({Param, Value});
  Follower.substitute(Param, Owner);
}

void TermExtractor::substituteAlso(const NamedDecl *Param,
                                   const ExtractedValue *Value) {
  Substs.push_back({Param, Value});
  Follower.substituteAlso(Param);
}

// What Param stands for while the follower has it substituted (not while
// it walks a value kept for every caller).
const ExtractedValue *
TermExtractor::getSubstitute(const NamedDecl *Param) const {
  if (!Follower.isSubstituted(Param))
    return nullptr;
  for (const auto &Subst : Substs)
    if (Subst.first == Param)
      return Subst.second;
  return nullptr;
}

ExtractedValue TermExtractor::extract(const Expr *E) {
  ExtractedValue Value;
  if (!E)
    return Value;
  Value.Loc = E->getBeginLoc();
  Value.Written = E;
  // Room for a few flags OR-ed together, without growing three times.
  Value.Nodes.reserve(8);
  Value.Terms.reserve(4);
  Value.Sites.reserve(4);
  Follower.start();
  walk(E, Value, 0);
  return Value;
}

void TermExtractor::walk(const Expr *E, ExtractedValue &Value,
                         unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isTypeDependent() || E->isValueDependent() ||
      E->containsErrors()) {
    addUnknown(Value);
    return;
  }
  // Macros first: the name the user wrote wins over the structure of its
  // expansion, so O_NDELAY stays O_NDELAY and (A|B) in one macro is one term.
  if (addMacroTerm(E, Value))
    return;
  if (walkOperands(E, Value, Depth))
    return;
  if (addEnumeratorTerm(E, Value))
    return;
  if (addSubstitute(E, Value) || Follower.follow(E, Value, Depth))
    return;
  int64_t Constant;
  if (evaluate(E, Constant)) {
    addTerm(Value, llvm::StringRef(), E, CharSourceRange());
    return;
  }
  // A bool is 0 or 1 where an integer is expected: the engine decides what
  // its 1 does there.
  if (E->IgnoreParenImpCasts()->getType()->isBooleanType()) {
    addNode(Value, FS_OP_TRUTH);
    Value.HasUnknown = true;
    return;
  }
  addUnknown(Value);
}

// Descends into the parts of E that the user combined flags with, each
// operator a node of the value's tree. Returns false for a leaf.
bool TermExtractor::walkOperands(const Expr *E, ExtractedValue &Value,
                                 unsigned Depth) {
  const Expr *Inner = getPassedOperand(E);
  const auto *Sign = dyn_cast<UnaryOperator>(E);
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
    // The template argument a caller wrote, while it is substituted.
    if (const ExtractedValue *Given = getSubstitute(Subst->getParameter())) {
      appendPassed(Value, *Given, Subst->getBeginLoc());
      return true;
    }
    Inner = Subst->getReplacement();
  } else if (Sign && (Sign->getOpcode() == UO_Extension ||
                      Sign->getOpcode() == UO_Plus))
    Inner = Sign->getSubExpr();
  if (Inner) {
    walk(Inner, Value, Depth + 1);
    return true;
  }
  // A default argument: what the declaration wrote, passed at the call.
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E)) {
    ExtractedValue Given;
    walk(Default->getExpr(), Given, Depth + 1);
    appendPassed(Value, Given, Default->getUsedLocation());
    return true;
  }
  if (isa<BinaryOperator>(E) || isa<UnaryOperator>(E)) {
    // A constant made with an operator flags are not combined with is one
    // unnamed term (fs_op_combines_flags).
    llvm::SmallVector<const Expr *, 2> Operands;
    fs_op Op = getOperator(E, Operands);
    if (Op == FS_OP_COUNT || (!fs_op_combines_flags(Op) && isConstant(E)))
      return false;
    addNode(Value, Op);
    for (const Expr *Operand : Operands)
      walk(Operand, Value, Depth + 1);
    return true;
  }
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    addNode(Value, FS_OP_COND);
    walk(Conditional->getCond(), Value, Depth + 1);
    walk(Conditional->getTrueExpr(), Value, Depth + 1);
    walk(Conditional->getFalseExpr(), Value, Depth + 1);
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
bool TermExtractor::addMacroTerm(const Expr *E, ExtractedValue &Value) {
  if ((!E->getBeginLoc().isMacroID() && !E->getEndLoc().isMacroID()) ||
      !mayBeOneMacro(E))
    return false;
  std::vector<CoveringMacro> Macros = getCoveringMacros(
      E->getBeginLoc(), E->getEndLoc(), SM, LangOpts, &Cache.Macros);
  for (size_t I = 0; I < Macros.size(); ++I) {
    const CoveringMacro &Macro = Macros[I];
    if (!fs_rules_knows_macro(Rules, Macro.Name.c_str()))
      continue;
    CharSourceRange FixRange;
    if (I == 0)
      FixRange = getInvocationRange(Macro);
    addTerm(Value, Macro.Name, E, FixRange);
    // Point at the macro's name rather than at its expansion, which is
    // spelled in the header that defines it.
    Value.Sites.back().Loc = Macro.InvocationBegin;
    return true;
  }
  return false;
}

namespace {
// Whether C may continue an identifier, or start a line splice (\\ or the
// trigraph ??/) that the lexer would read as part of it.
bool mayContinueName(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$' ||
         C == '\\' || C == '?' || static_cast<unsigned char>(C) >= 0x80;
}
} // namespace

// Where the user wrote Macro, as a file range, or an invalid range when that
// is not one stretch of a file. A macro name written alone in a file, as
// most flags are, is read from the file's characters without lexing it
// again.
CharSourceRange
TermExtractor::getInvocationRange(const CoveringMacro &Macro) const {
  SourceLocation Begin = Macro.InvocationBegin;
  if (Begin == Macro.InvocationEnd && Begin.isFileID()) {
    bool Invalid = false;
    const char *Text = SM.getCharacterData(Begin, &Invalid);
    const std::string &Name = Macro.Name;
    if (!Invalid && !Name.empty() &&
        std::strncmp(Text, Name.data(), Name.size()) == 0 &&
        !mayContinueName(Text[Name.size()]))
      return CharSourceRange::getCharRange(
          Begin, Begin.getLocWithOffset(Name.size()));
  }
  return Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Begin, Macro.InvocationEnd), SM,
      LangOpts);
}

// An enumerator the rules know. Fixable when written in a file and not part
// of any macro.
bool TermExtractor::addEnumeratorTerm(const Expr *E, ExtractedValue &Value) {
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
  if (getCoveringMacros(E->getBeginLoc(), E->getEndLoc(), SM, LangOpts,
                        &Cache.Macros)
          .empty())
    FixRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, LangOpts);
  addTerm(Value, Name, E, FixRange);
  return true;
}

void TermExtractor::addTerm(ExtractedValue &Value, llvm::StringRef Name,
                            const Expr *E, CharSourceRange FixRange) {
  fs_term Term = {};
  if (!Name.empty())
    Term.name = Cache.intern(Name);
  int64_t Constant = 0;
  if (evaluate(E, Constant)) {
    Term.value = Constant;
    Term.has_value = 1;
  }
  Term.flags = FixRange.isValid() ? unsigned(FS_TERM_FIXABLE) : 0u;
  addNode(Value, FS_OP_TERM, Value.Terms.size());
  Value.Terms.push_back(Term);
  TermSite Site;
  Site.Loc = E->getBeginLoc();
  Site.FixRange = FixRange;
  Value.Sites.push_back(Site);
}

bool TermExtractor::addSubstitute(const Expr *E, ExtractedValue &Value) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const ExtractedValue *Given = Ref ? getSubstitute(Ref->getDecl()) : nullptr;
  if (!Given)
    return false;
  appendPassed(Value, *Given, Ref->getBeginLoc());
  return true;
}

bool TermExtractor::isConstant(const Expr *E) const {
  int64_t Ignored;
  return evaluate(E, Ignored);
}

// The value of E in its own type: implicit conversions to the parameter's
// type are looked through, so AT_FDCWD stays -100 in an unsigned argument.
bool TermExtractor::evaluate(const Expr *E, int64_t &Result) const {
  return evaluateInteger(E, Context, Result);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
