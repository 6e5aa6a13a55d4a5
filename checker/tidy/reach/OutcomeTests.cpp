//===--- OutcomeTests.cpp - how the code tests a call's outcome ----------===//
//
// Finds the comparisons of a call's result and of errno with constants in
// the statements around the call; the engine reads them (fs_outcome).
//
//===----------------------------------------------------------------------===//

#include "reach/OutcomeTests.h"
#include "sites/FlagTerms.h"
#include "sites/MacroExpansions.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include <set>
#include <utility>

namespace clang {
namespace tidy {
namespace flagspace {

const fs_outcome &OutcomeFacts::view() {
  auto Set = [](const std::string &Name) {
    return Name.empty() ? nullptr : Name.c_str();
  };
  Outcome.result.with_name = Set(Names[0]);
  Outcome.result.macro = Set(Names[1]);
  Outcome.error.with_name = Set(Names[2]);
  Outcome.error.macro = Set(Names[3]);
  Retries.clear();
  for (RetryFacts &Retry : RetryList) {
    Retry.Args.clear();
    for (const ExtractedValue &Value : Retry.Values)
      Retry.Args.push_back(Value.view());
    Retry.ErrnoViews.clear();
    for (const std::string &Name : Retry.Errnos)
      Retry.ErrnoViews.push_back(Name.c_str());
    Retries.push_back({Retry.Callee.c_str(), Set(Retry.Number),
                       Retry.Args.data(), Retry.Args.size(),
                       Retry.ErrnoViews.data(), Retry.ErrnoViews.size()});
  }
  Outcome.retries = Retries.data();
  Outcome.nretries = Retries.size();
  TestedErrnoViews.clear();
  for (const std::string &Name : TestedErrnos)
    TestedErrnoViews.push_back(Name.c_str());
  Outcome.errnos = TestedErrnoViews.data();
  Outcome.nerrnos = TestedErrnoViews.size();
  return Outcome;
}

// (getInnermostMacro: OutcomeTests.h.)
std::string getInnermostMacro(const Expr *E, const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  for (const Expr *Cur = E; Cur;) {
    Cur = Cur->IgnoreImpCasts();
    std::vector<CoveringMacro> Macros = getCoveringMacros(
        Cur->getBeginLoc(), Cur->getEndLoc(), SM, Context.getLangOpts());
    if (!Macros.empty())
      return Macros.back().Name;
    const auto *Paren = dyn_cast<ParenExpr>(Cur);
    Cur = Paren ? Paren->getSubExpr() : nullptr;
  }
  return std::string();
}

namespace {

// How deep statements and operands are walked: kselftest_harness.h's
// __EXPECT nests about ten levels.
const unsigned MaxDepth = 64;
// Statements after the call's that are read (a macro's statements are one).
const unsigned MaxLaterStatements = 2;

// The comparisons, each with how it reads from its right operand's side
// (`a < b` is `b > a`).
struct Comparison {
  BinaryOperatorKind Kind;
  fs_cmp Cmp;
  fs_cmp Mirrored;
};
const Comparison Comparisons[] = {
    {BO_EQ, FS_CMP_EQ, FS_CMP_EQ}, {BO_NE, FS_CMP_NE, FS_CMP_NE},
    {BO_LT, FS_CMP_LT, FS_CMP_GT}, {BO_LE, FS_CMP_LE, FS_CMP_GE},
    {BO_GT, FS_CMP_GT, FS_CMP_LT}, {BO_GE, FS_CMP_GE, FS_CMP_LE},
};

// The comparison Kind makes, read from its left operand's side (from its
// right's: Mirrored); FS_CMP_NONE for an operator that compares nothing.
fs_cmp getCmp(BinaryOperatorKind Kind, bool Mirrored) {
  for (const Comparison &C : Comparisons)
    if (C.Kind == Kind)
      return Mirrored ? C.Mirrored : C.Cmp;
  return FS_CMP_NONE;
}

// What one operand of a comparison is.
struct Operand {
  enum Kind { Other, Result, Errno, Constant } Is = Other;
  int64_t Value = 0;
  std::string Name; // the constant's macro (after a unary minus)
  bool Negated = false;
};

class OutcomeFinder {
public:
  OutcomeFinder(const CallExpr *Call, ASTContext &Context, OutcomeFacts &Facts)
      : Call(Call), Context(Context), SM(Context.getSourceManager()),
        Facts(Facts) {}

  bool run() {
    const CompoundStmt *Block = nullptr;
    const Stmt *Own = findStatement(Block);
    if (!Own)
      return false;
    auto Body = Block->body();
    auto It = Body.begin();
    while (It != Body.end() && *It != Own)
      ++It;
    SourceLocation Key = getUnitKey(Own);
    unsigned Later = 0;
    for (; It != Body.end(); ++It) {
      SourceLocation Next = getUnitKey(*It);
      if (*It != Own && !(Next.isValid() && Next == Key)) {
        // A statement that compares neither ends what belongs to the call.
        if ((Later > 0 && !Compared) || ++Later > MaxLaterStatements)
          break;
        Key = Next;
        Compared = false;
        Temporaries.clear();
      }
      scan(*It, FS_PLACE_CODE, 0);
    }
    return Facts.found();
  }

private:
  // The statements a macro expands to share the location of the macro's
  // name (ASSERT_NE's do-while and its OPTIONAL_HANDLER for); a statement
  // written in the file is its own.
  SourceLocation getUnitKey(const Stmt *S) const {
    SourceLocation Loc = S->getBeginLoc();
    return Loc.isMacroID() ? SM.getExpansionLoc(Loc) : SourceLocation();
  }

  // The statement holding the call in the closest block written in the
  // file (a macro's own braces are passed), and the variable that
  // statement assigns the call's result to.
  const Stmt *findStatement(const CompoundStmt *&Block) {
    DynTypedNode Node = DynTypedNode::create(*Call);
    for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
      DynTypedNodeList Parents = Context.getParents(Node);
      if (Parents.empty())
        return nullptr;
      const DynTypedNode &Parent = Parents[0];
      // A copy in a type (__EXPECT's __typeof__, decltype) or under sizeof
      // never runs.
      if (Parent.get<TypeLoc>() || Parent.get<UnaryExprOrTypeTraitExpr>()) {
        Facts.Unevaluated = true;
        return nullptr;
      }
      // Elsewhere (a C++ member initializer) the call is in no block.
      if (!Parent.get<Stmt>() && !Parent.get<Decl>())
        return nullptr;
      Block = Parent.get<CompoundStmt>();
      if (Block && !Block->getLBracLoc().isMacroID())
        return Node.get<Stmt>();
      if (!Holder)
        Holder = getHolder(Parent);
      Node = Parent;
    }
    return nullptr;
  }

  // The local variable Parent stores the call's result in, if it does.
  const VarDecl *getHolder(const DynTypedNode &Parent) const {
    if (const auto *Var = Parent.get<VarDecl>())
      return Var->hasLocalStorage() && Var->getInit() &&
                     Var->getInit()->IgnoreParenImpCasts() == Call
                 ? Var
                 : nullptr;
    const auto *Assign = Parent.get<BinaryOperator>();
    if (!Assign || Assign->getOpcode() != BO_Assign ||
        Assign->getRHS()->IgnoreParenImpCasts() != Call)
      return nullptr;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && Var->hasLocalStorage() ? Var : nullptr;
  }

  void scan(const Stmt *S, fs_cmp_place Place, unsigned Depth) {
    if (!S || Depth > MaxDepth)
      return;
    if (const auto *Decls = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Decls->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          Temporaries.insert(Var);
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      scan(If->getInit(), FS_PLACE_CODE, Depth + 1);
      scanCondition(If->getCond(), Depth + 1);
      scan(If->getThen(), FS_PLACE_CODE, Depth + 1);
      scan(If->getElse(), FS_PLACE_CODE, Depth + 1);
      return;
    }
    if (const auto *Op = dyn_cast<BinaryOperator>(S))
      if (Op->isComparisonOp())
        consider(Op, Place);
    for (const Stmt *Child : S->children())
      scan(Child, FS_PLACE_CODE, Depth + 1);
  }

  // An if's condition: it and the operands of its || are conditions.
  void scanCondition(const Expr *E, unsigned Depth) {
    if (!E || Depth > MaxDepth)
      return;
    E = E->IgnoreParens();
    if (const auto *Op = dyn_cast<BinaryOperator>(E))
      if (Op->getOpcode() == BO_LOr) {
        scanCondition(Op->getLHS(), Depth + 1);
        scanCondition(Op->getRHS(), Depth + 1);
        return;
      }
    scan(E, FS_PLACE_CONDITION, Depth);
  }

  void consider(const BinaryOperator *Op, fs_cmp_place Place) {
    Operand Left = classify(Op->getLHS(), 0);
    Operand Right = classify(Op->getRHS(), 0);
    bool Swapped = Left.Is == Operand::Constant;
    if (Swapped)
      std::swap(Left, Right);
    fs_cmp Cmp = getCmp(Op->getOpcode(), Swapped);
    if (Right.Is != Operand::Constant ||
        (Left.Is != Operand::Result && Left.Is != Operand::Errno))
      return;
    Compared = true;
    bool IsResult = Left.Is == Operand::Result;
    fs_compare &Into = IsResult ? Facts.Outcome.result : Facts.Outcome.error;
    if (Into.cmp != FS_CMP_NONE)
      return; // the first comparison is the one that counts
    Into.cmp = Cmp;
    Into.with = Right.Value;
    Into.is_negated = Right.Negated;
    Into.place = Place;
    Facts.Names[IsResult ? 0 : 2] = Right.Name;
    Facts.Names[IsResult ? 1 : 3] = getWrittenMacro(Op->getOperatorLoc());
  }

  // The macro the user wrote that expands to the comparison at Loc
  // (ASSERT_EQ, assert), or empty when the comparison is written plainly.
  std::string getWrittenMacro(SourceLocation Loc) const {
    if (!Loc.isMacroID())
      return std::string();
    SourceLocation Name = SM.getExpansionLoc(Loc);
    return Lexer::getSourceText(CharSourceRange::getTokenRange(Name, Name), SM,
                                Context.getLangOpts())
        .str();
  }

  Operand classify(const Expr *E, unsigned Depth) {
    Operand Result;
    if (!E || Depth > 4)
      return Result;
    E = E->IgnoreImpCasts();
    if (getInnermostMacro(E, Context) == "errno") {
      Result.Is = Operand::Errno;
      return Result;
    }
    const Expr *Bare = E->IgnoreParenCasts();
    if (Bare == Call || isResultStore(Bare)) {
      Result.Is = Operand::Result;
      return Result;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (Var && Var == Holder) {
        Result.Is = Operand::Result;
        return Result;
      }
      // A macro's temporary (__EXPECT's __exp and __seen) stands for
      // its initializer.
      if (Var && Temporaries.count(Var) && Var->getInit())
        return classify(Var->getInit(), Depth + 1);
      return Result;
    }
    if (!evaluateInteger(Bare, Context, Result.Value))
      return Result;
    Result.Is = Operand::Constant;
    const auto *Minus = dyn_cast<UnaryOperator>(Bare);
    if (Minus && Minus->getOpcode() == UO_Minus) {
      Result.Name = getInnermostMacro(Minus->getSubExpr(), Context);
      Result.Negated = !Result.Name.empty();
    } else {
      Result.Name = getInnermostMacro(E, Context);
    }
    return Result;
  }

  // `(fd = open(...))`: the assignment's value is the result.
  bool isResultStore(const Expr *E) const {
    const auto *Assign = dyn_cast<BinaryOperator>(E);
    return Assign && Assign->getOpcode() == BO_Assign &&
           Assign->getRHS()->IgnoreParenImpCasts() == Call;
  }

  const CallExpr *Call;
  ASTContext &Context;
  const SourceManager &SM;
  OutcomeFacts &Facts;
  const VarDecl *Holder = nullptr;
  std::set<const VarDecl *> Temporaries; // declared in the unit scanned
  bool Compared = false; // the unit scanned compares the result or errno
};

} // namespace

bool findCallOutcome(const CallExpr *Call, ASTContext &Context,
                     OutcomeFacts &Facts) {
  return OutcomeFinder(Call, Context, Facts).run();
}

bool findTableOutcome(const InitListExpr *Entry, ASTContext &Context,
                      OutcomeFacts &Facts) {
  if (!Entry)
    return false;
  for (const Expr *Sibling : Entry->inits()) {
    const auto *Minus =
        Sibling ? dyn_cast<UnaryOperator>(Sibling->IgnoreParenImpCasts())
                : nullptr;
    int64_t Value;
    if (!Minus || Minus->getOpcode() != UO_Minus ||
        !evaluateInteger(Minus, Context, Value))
      continue;
    std::string Name = getInnermostMacro(Minus->getSubExpr(), Context);
    if (Name.empty())
      continue;
    fs_compare &Into = Facts.Outcome.result;
    Into.cmp = FS_CMP_EQ;
    Into.with = Value;
    Into.is_negated = 1;
    Into.place = FS_PLACE_TABLE;
    Facts.Names[0] = Name;
    return true;
  }
  return false;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
