//===--- Wrappers.cpp - functions that pass a parameter on as flags ------===//
//
// Lists, for each parameter of a function, the known flag arguments it
// reaches unchanged, directly or through the translation unit's other
// wrappers. One walk of a function's body finds where each parameter goes;
// each parameter's flows are then built from its callees' flows, once.
//
//===----------------------------------------------------------------------===//

#include "Wrappers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {
constexpr unsigned MaxDepth = 512;

// Whether Arg is Param, possibly OR-ed with constants, through parentheses
// and casts.
bool isFlowOf(const Expr *Arg, const ParmVarDecl *Param, bool &Seen,
              const ASTContext &Context) {
  Arg = Arg->IgnoreParenCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg)) {
    if (Ref->getDecl() != Param)
      return false;
    Seen = true;
    return true;
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(Arg))
    if (Binary->getOpcode() == BO_Or)
      return isFlowOf(Binary->getLHS(), Param, Seen, Context) &&
             isFlowOf(Binary->getRHS(), Param, Seen, Context);
  return !Arg->isValueDependent() && Arg->isEvaluatable(Context);
}

// Whether Arg is Param itself: passing it on adds no term.
bool isPassedAsIs(const Expr *Arg, const ParmVarDecl *Param) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenCasts());
  return Ref && Ref->getDecl() == Param;
}

// The definition of a user function whose parameters can be followed.
const FunctionDecl *getWrapperDefinition(const FunctionDecl *Callee) {
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || !Definition ||
      Definition->isVariadic())
    return nullptr;
  const SourceManager &SM = Definition->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())))
    return nullptr;
  return Definition;
}

// Walks a body once, noting for each reference to a parameter the call
// arguments around it. Inside a call argument that holds another call, a
// parameter is changed before the outer call sees it: not followed.
class ParamUseWalk {
public:
  ParamUseWalk(const FunctionDecl *Definition,
               std::vector<std::vector<const CallExpr *>> &Calls,
               std::vector<std::vector<unsigned>> &Args,
               std::vector<bool> &Broken)
      : Definition(Definition), Calls(Calls), Args(Args), Broken(Broken) {}

  bool walk(const Stmt *S, unsigned Depth) {
    if (!S)
      return true;
    if (Depth > MaxDepth)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Param = dyn_cast<ParmVarDecl>(Ref->getDecl()))
        if (Param->getDeclContext() == Definition)
          note(Param->getFunctionScopeIndex());
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (!walk(Call->getCallee(), Depth + 1))
        return false;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        Around.push_back({Call, I});
        bool Ok = walk(Call->getArg(I), Depth + 1);
        Around.pop_back();
        if (!Ok)
          return false;
      }
      return true;
    }
    for (const Stmt *Child : S->children())
      if (!walk(Child, Depth + 1))
        return false;
    return true;
  }

private:
  void note(unsigned Index) {
    if (Index >= Broken.size() || Around.empty())
      return;
    if (Around.size() > 1) {
      Broken[Index] = true;
      return;
    }
    const std::pair<const CallExpr *, unsigned> &Use = Around.back();
    // `fl | fl` in one argument is one use.
    if (!Calls[Index].empty() && Calls[Index].back() == Use.first &&
        Args[Index].back() == Use.second)
      return;
    Calls[Index].push_back(Use.first);
    Args[Index].push_back(Use.second);
  }

  const FunctionDecl *Definition;
  std::vector<std::vector<const CallExpr *>> &Calls;
  std::vector<std::vector<unsigned>> &Args;
  std::vector<bool> &Broken;
  std::vector<std::pair<const CallExpr *, unsigned>> Around;
};

// Orders flows by the calls they go through, for finding repeats.
struct FlowOrder {
  bool operator()(const ParamFlow *A, const ParamFlow *B) const {
    if (A->Inner != B->Inner || A->Arg != B->Arg)
      return std::tie(A->Inner, A->Arg) < std::tie(B->Inner, B->Arg);
    return std::lexicographical_compare(
        A->Through.begin(), A->Through.end(), B->Through.begin(),
        B->Through.end(), [](const WrapperHop &X, const WrapperHop &Y) {
          return std::tie(X.Call, X.Arg) < std::tie(Y.Call, Y.Arg);
        });
  }
};

// Drops the flows that repeat an earlier one (a wrapper that calls the same
// wrapper twice reaches the same calls twice), keeping the order.
void removeRepeats(std::vector<ParamFlow> &Flows) {
  std::set<const ParamFlow *, FlowOrder> Seen;
  std::vector<ParamFlow> Kept;
  for (ParamFlow &Flow : Flows)
    if (Seen.insert(&Flow).second)
      Kept.push_back(Flow);
  Flows = std::move(Kept);
}

} // namespace

const WrapperIndex::FunctionUses &
WrapperIndex::getUses(const FunctionDecl *Definition) {
  auto Found = Uses.find(Definition);
  if (Found != Uses.end())
    return Found->second;
  unsigned Count = Definition->getNumParams();
  std::vector<std::vector<const CallExpr *>> Calls(Count);
  std::vector<std::vector<unsigned>> Args(Count);
  std::vector<bool> Broken(Count, false);
  bool Ok = ParamUseWalk(Definition, Calls, Args, Broken)
                .walk(Definition->getBody(), 0);
  FunctionUses &Result = Uses[Definition];
  Result.Args.resize(Count);
  Result.Followable.assign(Count, false);
  for (unsigned I = 0; Ok && I < Count; ++I) {
    const ParmVarDecl *Param = Definition->getParamDecl(I);
    Result.Followable[I] = !Broken[I] &&
                           Param->getType()->isIntegralOrEnumerationType() &&
                           !Param->getType().isVolatileQualified() &&
                           Locals.isOnlyRead(Param);
    for (size_t K = 0; K < Calls[I].size(); ++K)
      Result.Args[I].push_back({Calls[I][K], Args[I][K]});
  }
  return Result;
}

// Adds the flows of Param through Use to Out. Returns false when the use
// stops inference; sets TooDeep when it needs more wrappers than Budget.
bool WrapperIndex::addFlows(const ParmVarDecl *Param, const ArgUse &Use,
                            unsigned Budget, ParamFlows &Out, bool &TooDeep) {
  const CallExpr *Call = Use.Call;
  const FunctionDecl *Callee = Call->getDirectCallee();
  bool Seen = false;
  if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
      !isFlowOf(Call->getArg(Use.Arg), Param, Seen,
                Callee->getASTContext()) ||
      !Seen)
    return false;
  if (fs_rules_knows_function(Rules, Callee->getName().str().c_str())) {
    if (!isCLibraryShape(Callee, *LangOpts))
      return false;
    Out.Flows.push_back({Call, Use.Arg, Param, {}});
    return true;
  }
  const FunctionDecl *Definition = getWrapperDefinition(Callee);
  if (!Definition || Use.Arg >= Definition->getNumParams())
    return false;
  if (Budget == 0) {
    TooDeep = true;
    return true;
  }
  const ParamFlows &Inner = compute(Definition, Use.Arg, Budget - 1);
  if (Inner.Unknown)
    return false;
  if (!Inner.Known || Inner.Hops > Budget - 1) {
    TooDeep = true;
    return true;
  }
  bool AsIs = isPassedAsIs(Call->getArg(Use.Arg), Param);
  for (const ParamFlow &Flow : Inner.Flows) {
    Out.Flows.push_back(Flow);
    if (!AsIs)
      Out.Flows.back().Through.insert(Out.Flows.back().Through.begin(),
                                      {Call, Use.Arg, Param});
  }
  Out.Hops = std::max(Out.Hops, Inner.Hops + 1);
  return true;
}

// The flows of parameter Index with Budget wrappers allowed on the way. The
// result depends on the parameter alone: too deep for this budget is kept
// apart from unknown, and a flow found is found at any larger budget.
WrapperIndex::ParamFlows &WrapperIndex::compute(const FunctionDecl *Definition,
                                                unsigned Index,
                                                unsigned Budget) {
  ParamFlows &Node = Params[{Definition, Index}];
  if (Node.Known || Node.Unknown || Node.FailedAt >= static_cast<int>(Budget))
    return Node;
  const FunctionUses &Found = getUses(Definition);
  if (Index >= Found.Followable.size() || !Found.Followable[Index]) {
    Node.Unknown = true;
    return Node;
  }
  const ParmVarDecl *Param = Definition->getParamDecl(Index);
  ParamFlows Result;
  bool TooDeep = false;
  for (const ArgUse &Use : Found.Args[Index]) {
    if (!addFlows(Param, Use, Budget, Result, TooDeep)) {
      Node.Unknown = true;
      return Node;
    }
    if (TooDeep)
      break;
  }
  if (TooDeep) {
    Node.FailedAt = std::max(Node.FailedAt, static_cast<int>(Budget));
    return Node;
  }
  removeRepeats(Result.Flows);
  if (Result.Flows.size() > MaxFlows) {
    Node.Unknown = true;
    return Node;
  }
  Node.Known = true;
  Node.Hops = Result.Hops;
  Node.Flows = std::move(Result.Flows);
  return Node;
}

const std::vector<ParamFlow> &
WrapperIndex::getFlows(const FunctionDecl *Definition, unsigned Index,
                       const fs_rules *Rules, const LangOptions &LangOpts) {
  static const std::vector<ParamFlow> None;
  this->Rules = Rules;
  this->LangOpts = &LangOpts;
  const ParamFlows &Found = compute(Definition, Index, MaxHops);
  if (!Found.Known || Found.Hops > MaxHops)
    return None;
  return Found.Flows;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
