//===--- Fallbacks.cpp - the calls a failed call's test leads to ----------===//
//
// Walks the function that makes a call for the later calls that a test of
// its outcome leads to, and the errno constants those tests name.
//
//===----------------------------------------------------------------------===//

#include "reach/Fallbacks.h"
#include "reach/OutcomeTests.h"
#include "reach/SkippedBodies.h"
#include "sites/ExtractedValue.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <set>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const unsigned MaxDepth = 64;
// The statements after the call's own whose tests are read (as
// OutcomeTests.cpp reads them).
const unsigned MaxLaterStatements = 2;
// How deep helpers given errno are read (systemd's ERRNO_IS_NOT_SUPPORTED
// calls ERRNO_IS_NEG_NOT_SUPPORTED).
const unsigned MaxHelperDepth = 3;

// errno as the C libraries spell it: glibc's and musl's (*__errno_location
// ()), Solaris' ___errno, the BSDs' __error.
bool isErrno(const Stmt *S) {
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return false;
  StringRef Name = Callee->getName();
  return Name == "__errno_location" || Name == "__errno" ||
         Name == "___errno" || Name == "__error";
}

// Whether S contains a reference to Param.
bool refersTo(const Stmt *S, const ValueDecl *Param, unsigned Depth = 0) {
  if (!S || Depth > MaxDepth)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == Param;
  for (const Stmt *Child : S->children())
    if (refersTo(Child, Param, Depth + 1))
      return true;
  return false;
}

// A branch that leaves: return, goto, break or continue, or a block ending
// with one.
bool leaves(const Stmt *S) {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    S = Block->body_empty() ? nullptr : Block->body_back();
  return S && (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<BreakStmt>(S) ||
               isa<ContinueStmt>(S));
}

class RetryFinder {
public:
  RetryFinder(const CallExpr *Failing, const FunctionDecl *Owner,
              ASTContext &Context,
              llvm::function_ref<bool(const CallExpr *)> IsCandidate)
      : Failing(Failing), Context(Context), SM(Context.getSourceManager()),
        IsCandidate(IsCandidate) {
    Body = Owner ? Owner->getBody() : findBody();
    if (Body)
      mapParents(Body, 0);
    if (!Parents.count(Failing))
      Body = nullptr; // not in that body
    else
      collectOtherCalls(Body, 0);
  }

  std::vector<RetryCall> run() {
    std::vector<RetryCall> Found;
    if (!Body)
      return Found;
    // Twice: a variable assigned from another that holds the outcome.
    for (int Round = 0; Round < 2; ++Round)
      collectHolders(Body, 0);
    std::vector<const CallExpr *> Calls;
    collectCandidates(Body, 0, Calls);
    for (const CallExpr *Call : Calls) {
      RetryCall Retry{Call, {}};
      if (isGuarded(Call, Retry.Errnos))
        Found.push_back(std::move(Retry));
    }
    return Found;
  }

  // The errnos the tests in Failing's statement and the two after it in
  // its block name.
  std::vector<std::string> testedErrnos() {
    std::vector<std::string> Errnos;
    const CompoundStmt *Block = nullptr;
    const Stmt *Own = Body ? findStatement(Block) : nullptr;
    if (!Own)
      return Errnos;
    for (int Round = 0; Round < 2; ++Round)
      collectHolders(Body, 0);
    unsigned Later = 0;
    bool Started = false;
    for (const Stmt *S : Block->body()) {
      Started |= S == Own;
      if (!Started)
        continue;
      if (Later++ > MaxLaterStatements)
        break;
      addTestsIn(S, Errnos, 0);
    }
    return Errnos;
  }

private:
  // The statement holding Failing in the closest block.
  const Stmt *findStatement(const CompoundStmt *&Block) const {
    const Stmt *Node = Failing;
    for (unsigned Depth = 0; Node && Depth < MaxDepth; ++Depth) {
      const Stmt *Parent = parentOf(Node);
      if ((Block = dyn_cast_or_null<CompoundStmt>(Parent)))
        return Node;
      Node = Parent;
    }
    return nullptr;
  }

  // The parent of each statement of the body, mapped here: a body that
  // flagspace-runner parsed late is not in the unit's parent map.
  void mapParents(const Stmt *S, unsigned Depth) {
    if (Depth > MaxDepth)
      return;
    for (const Stmt *Child : S->children())
      if (Child) {
        Parents[Child] = S;
        mapParents(Child, Depth + 1);
      }
  }

  const Stmt *parentOf(const Stmt *S) const {
    auto Found = Parents.find(S);
    return Found == Parents.end() ? nullptr : Found->second;
  }

  // Each test in S that reads the outcome: the conditions of if, switch,
  // ?:, and the left operands of && and ||.
  void addTestsIn(const Stmt *S, std::vector<std::string> &Errnos,
                  unsigned Depth) {
    if (!S || Depth > MaxDepth)
      return;
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(S))
      Cond = If->getCond();
    else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      Cond = Switch->getCond();
    else if (const auto *Choice = dyn_cast<ConditionalOperator>(S))
      Cond = Choice->getCond();
    else if (const auto *Op = dyn_cast<BinaryOperator>(S))
      Cond = Op->isLogicalOp() ? Op->getLHS() : nullptr;
    if (Cond && readsOutcome(Cond))
      addTestErrnos(S, Cond, Errnos);
    for (const Stmt *Child : S->children())
      addTestsIn(Child, Errnos, Depth + 1);
  }

  // The body of the function that makes Failing, from the unit's parent
  // map.
  const Stmt *findBody() {
    DynTypedNode Node = DynTypedNode::create(*Failing);
    for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
      DynTypedNodeList Found = Context.getParents(Node);
      if (Found.empty())
        return nullptr;
      Node = Found[0];
      if (const auto *Function = Node.get<FunctionDecl>())
        return Function->getBody();
    }
    return nullptr;
  }

  // Whether A is written before B (their expansions, in the unit).
  bool isBefore(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  }

  // The calls after Failing that may set errno (not errno's location, a
  // builtin or Failing's operands), by where they end.
  void collectOtherCalls(const Stmt *S, unsigned Depth) {
    if (!S || Depth > MaxDepth || S == Failing)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (!isErrno(Call) && !Call->getBuiltinCallee() &&
          isBefore(Failing->getEndLoc(), Call->getBeginLoc()))
        OtherCalls.push_back(SM.getExpansionLoc(Call->getEndLoc()));
    for (const Stmt *Child : S->children())
      collectOtherCalls(Child, Depth + 1);
  }

  // Whether errno read at Loc is still Failing's: no other call is made
  // between them (in the text; a call given errno ends after it).
  bool isFresh(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    for (SourceLocation Call : OtherCalls)
      if (SM.isBeforeInTranslationUnit(Call, Loc))
        return false;
    return true;
  }

  // Whether S reads Failing's outcome: the call itself, errno before any
  // other call, or a variable holding either.
  bool readsOutcome(const Stmt *S, unsigned Depth = 0) const {
    if (!S || Depth > MaxDepth)
      return false;
    if (S == Failing || (isErrno(S) && isFresh(S->getBeginLoc())))
      return true;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      return Holders.count(Ref->getDecl()) != 0;
    for (const Stmt *Child : S->children())
      if (readsOutcome(Child, Depth + 1))
        return true;
    return false;
  }

  void addHolder(const ValueDecl *Var, const Expr *Value) {
    const auto *Local = dyn_cast_or_null<VarDecl>(Var);
    if (Local && Local->hasLocalStorage() && Value && readsOutcome(Value))
      Holders.insert(Local);
  }

  // The local variables a statement assigns the outcome to (`int e =
  // f(...) == 0 ? 0 : errno;`, `r = f(...);`).
  void collectHolders(const Stmt *S, unsigned Depth) {
    if (!S || Depth > MaxDepth)
      return;
    if (const auto *Decls = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Decls->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          addHolder(Var, Var->getInit());
    if (const auto *Assign = dyn_cast<BinaryOperator>(S))
      if (Assign->getOpcode() == BO_Assign)
        if (const auto *Ref = dyn_cast<DeclRefExpr>(
                Assign->getLHS()->IgnoreParenImpCasts()))
          addHolder(Ref->getDecl(), Assign->getRHS());
    for (const Stmt *Child : S->children())
      collectHolders(Child, Depth + 1);
  }

  void collectCandidates(const Stmt *S, unsigned Depth,
                         std::vector<const CallExpr *> &Calls) {
    if (!S || Depth > MaxDepth || S == Failing)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (isBefore(Failing->getEndLoc(), Call->getBeginLoc()) &&
          IsCandidate(Call))
        Calls.push_back(Call);
    for (const Stmt *Child : S->children())
      collectCandidates(Child, Depth + 1, Calls);
  }

  // Whether a test of the outcome, made after Failing, leads to Call;
  // adds the errno constants the tests name to Errnos.
  bool isGuarded(const CallExpr *Call, std::vector<std::string> &Errnos) {
    bool Guarded = false;
    const Stmt *Child = Call;
    for (unsigned Depth = 0; Child != Body && Depth < MaxDepth; ++Depth) {
      const Stmt *Parent = parentOf(Child);
      if (!Parent)
        break;
      const Expr *Test = getTestLeadingTo(Parent, Child);
      if (Test && isBefore(Failing->getBeginLoc(), Test->getEndLoc()) &&
          readsOutcome(Test)) {
        Guarded = true;
        addTestErrnos(Parent, Test, Errnos);
      }
      if (const auto *Block = dyn_cast<CompoundStmt>(Parent))
        Guarded |= addLeavingTests(Block, Child, Errnos);
      Child = Parent;
    }
    return Guarded;
  }

  // The condition that decides whether Child, a child of Parent, runs: an
  // if's or ?:'s for its branches, the left operand of && and || for the
  // right, a switch's for its body.
  static const Expr *getTestLeadingTo(const Stmt *Parent, const Stmt *Child) {
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      return Child == If->getThen() || Child == If->getElse() ? If->getCond()
                                                              : nullptr;
    if (const auto *Choice = dyn_cast<ConditionalOperator>(Parent))
      return Child != Choice->getCond() ? Choice->getCond() : nullptr;
    if (const auto *Op = dyn_cast<BinaryOperator>(Parent))
      return Op->isLogicalOp() && Child == Op->getRHS() ? Op->getLHS()
                                                        : nullptr;
    if (const auto *Switch = dyn_cast<SwitchStmt>(Parent))
      return Child == Switch->getBody() ? Switch->getCond() : nullptr;
    return nullptr;
  }

  // The ifs of Block before Child, made after Failing, that test the
  // outcome and leave: the statements after them run where they do not.
  bool addLeavingTests(const CompoundStmt *Block, const Stmt *Child,
                       std::vector<std::string> &Errnos) {
    bool Guarded = false;
    for (const Stmt *S : Block->body()) {
      if (S == Child)
        break;
      const auto *If = dyn_cast<IfStmt>(S);
      if (!If || !leaves(If->getThen()) ||
          !isBefore(Failing->getBeginLoc(), If->getCond()->getEndLoc()) ||
          !readsOutcome(If->getCond()))
        continue;
      Guarded = true;
      addErrnos(If->getCond(), Errnos, 0);
    }
    return Guarded;
  }

  // The macro a constant is written with (`EINVAL`, `-EINVAL`); empty for
  // a number (`r == -1` tests no errno).
  std::string getConstantName(const Expr *E) const {
    const Expr *Bare = E->IgnoreParenImpCasts();
    if (const auto *Minus = dyn_cast<UnaryOperator>(Bare))
      if (Minus->getOpcode() == UO_Minus)
        Bare = Minus->getSubExpr();
    return getInnermostMacro(Bare, Context);
  }

  void addName(std::vector<std::string> &Errnos, std::string Name) const {
    if (!Name.empty() &&
        std::find(Errnos.begin(), Errnos.end(), Name) == Errnos.end())
      Errnos.push_back(std::move(Name));
  }

  // A comparison `X == C` or `X != C` of what Reads says with a named
  // constant: adds the constant's name.
  template <typename ReadsFn>
  void addCompared(const BinaryOperator *Op, std::vector<std::string> &Errnos,
                   ReadsFn Reads) const {
    if (!Op->isEqualityOp())
      return;
    const Expr *Sides[2] = {Op->getLHS(), Op->getRHS()};
    int64_t Value = 0;
    for (int I = 0; I < 2; ++I)
      if (Reads(Sides[I]) &&
          evaluateInteger(Sides[1 - I]->IgnoreParenImpCasts(), Context, Value))
        addName(Errnos, getConstantName(Sides[1 - I]));
  }

  // The errno constants a test names: its condition's, and a switch's
  // case labels.
  void addTestErrnos(const Stmt *Owner, const Expr *Cond,
                     std::vector<std::string> &Errnos) {
    addErrnos(Cond, Errnos, 0);
    if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(Owner))
      addCaseLabels(Switch, Errnos);
  }

  void addCaseLabels(const SwitchStmt *Switch,
                     std::vector<std::string> &Errnos) const {
    for (const SwitchCase *Case = Switch->getSwitchCaseList(); Case;
         Case = Case->getNextSwitchCase())
      if (const auto *Labeled = dyn_cast<CaseStmt>(Case))
        addName(Errnos, getConstantName(Labeled->getLHS()));
  }

  // The errno constants test E names: compared with the outcome, or in a
  // helper given it.
  void addErrnos(const Stmt *S, std::vector<std::string> &Errnos,
                 unsigned Depth) {
    if (!S || Depth > MaxDepth)
      return;
    if (const auto *Op = dyn_cast<BinaryOperator>(S))
      addCompared(Op, Errnos, [&](const Expr *E) {
        return readsOutcome(E) && E->IgnoreParenImpCasts() != Failing;
      });
    // A builtin (__builtin_expect of likely()) is no helper: its operands
    // are walked.
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (Call != Failing && !isErrno(Call) && !Call->getBuiltinCallee())
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          if (readsOutcome(Call->getArg(I)))
            addHelperErrnos(Call->getDirectCallee(), I, Errnos, 0);
    for (const Stmt *Child : S->children())
      addErrnos(Child, Errnos, Depth + 1);
  }

  // The constants helper Callee compares its parameter Index with, or the
  // case labels of a switch on it; "?" when its body is not there.
  void addHelperErrnos(const FunctionDecl *Callee, unsigned Index,
                       std::vector<std::string> &Errnos, unsigned Depth) {
    const FunctionDecl *Definition = nullptr;
    if (Depth <= MaxHelperDepth)
      needBody(Callee); // flagspace-runner: parsed now if it was skipped
    if (Depth > MaxHelperDepth || !Callee || !Callee->hasBody(Definition) ||
        !Definition || Index >= Definition->getNumParams()) {
      addName(Errnos, "?");
      return;
    }
    walkHelper(Definition->getBody(), Definition->getParamDecl(Index), Errnos,
               Depth, 0);
  }

  void walkHelper(const Stmt *S, const ParmVarDecl *Param,
                  std::vector<std::string> &Errnos, unsigned HelperDepth,
                  unsigned Depth) {
    if (!S || Depth > MaxDepth)
      return;
    if (const auto *Op = dyn_cast<BinaryOperator>(S))
      addCompared(Op, Errnos,
                  [&](const Expr *E) { return refersTo(E, Param); });
    if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      if (refersTo(Switch->getCond(), Param))
        addCaseLabels(Switch, Errnos);
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (refersTo(Call->getArg(I), Param)) {
          if (Callee && !Call->getBuiltinCallee())
            addHelperErrnos(Callee, I, Errnos, HelperDepth + 1);
        }
    }
    for (const Stmt *Child : S->children())
      walkHelper(Child, Param, Errnos, HelperDepth, Depth + 1);
  }

  const CallExpr *Failing;
  ASTContext &Context;
  const SourceManager &SM;
  llvm::function_ref<bool(const CallExpr *)> IsCandidate;
  const Stmt *Body = nullptr;
  llvm::DenseMap<const Stmt *, const Stmt *> Parents;
  std::vector<SourceLocation> OtherCalls;
  std::set<const ValueDecl *> Holders;
};

} // namespace

std::vector<RetryCall>
findRetries(const CallExpr *Failing, const FunctionDecl *Owner,
            ASTContext &Context,
            llvm::function_ref<bool(const CallExpr *)> IsCandidate) {
  if (!Failing)
    return {};
  return RetryFinder(Failing, Owner, Context, IsCandidate).run();
}

std::vector<std::string> findTestedErrnos(const CallExpr *Failing,
                                          const FunctionDecl *Owner,
                                          ASTContext &Context) {
  if (!Failing)
    return {};
  auto None = [](const CallExpr *) { return false; };
  return RetryFinder(Failing, Owner, Context, None).testedErrnos();
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
