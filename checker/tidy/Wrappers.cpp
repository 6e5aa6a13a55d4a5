//===--- Wrappers.cpp - functions that pass a parameter on as flags ------===//
//
// Lists, for each parameter of a function, the known flag arguments it
// reaches unchanged, directly or through the translation unit's other
// wrappers.
//
//===----------------------------------------------------------------------===//

#include "Wrappers.h"
#include "LocalFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

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

} // namespace

struct FlowSearch {
  WrapperIndex &Index;
  unsigned Hops;
  const ParmVarDecl *Param;
  const fs_rules *Rules;
  const LangOptions &LangOpts;
  const ASTContext &Context;
  std::vector<ParamFlow> Flows;
  bool Ok = true;

  // Param inside argument I of Call: a flow when Call is known, or a
  // wrapper whose parameter I flows on, and the argument has the flow's
  // shape; anything else stops inference.
  void visitCall(const CallExpr *Call) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (!mentions(Call->getArg(I), 0))
        continue;
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool Seen = false;
      if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
          !isFlowOf(Call->getArg(I), Param, Seen, Context) || !Seen) {
        Ok = false;
        return;
      }
      if (fs_rules_knows_function(Rules, Callee->getName().str().c_str())) {
        if (!isCLibraryShape(Callee, LangOpts)) {
          Ok = false;
          return;
        }
        Flows.push_back({Call, I, {}});
        continue;
      }
      if (!visitWrapper(Call, Callee, I))
        return;
    }
  }

  // Param passed as argument I of the user's function Callee: its flows,
  // one hop further out.
  bool visitWrapper(const CallExpr *Call, const FunctionDecl *Callee,
                    unsigned I) {
    const FunctionDecl *Definition = getWrapperDefinition(Callee);
    if (!Definition || I >= Definition->getNumParams() ||
        Hops >= WrapperIndex::MaxHops) {
      Ok = false;
      return false;
    }
    const std::vector<ParamFlow> &Inner =
        Index.getFlowsAt(Definition, I, Rules, LangOpts, Hops + 1);
    if (Inner.empty()) {
      Ok = false;
      return false;
    }
    for (const ParamFlow &Flow : Inner) {
      ParamFlow Outer{Flow.Inner, Flow.Arg, {}};
      Outer.Through.push_back({Call, I, Definition->getParamDecl(I)});
      Outer.Through.insert(Outer.Through.end(), Flow.Through.begin(),
                           Flow.Through.end());
      Flows.push_back(std::move(Outer));
    }
    return true;
  }

  bool mentions(const Stmt *S, unsigned Depth) const {
    if (!S || Depth > MaxDepth)
      return S != nullptr;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (Ref->getDecl() == Param)
        return true;
    for (const Stmt *Child : S->children())
      if (mentions(Child, Depth + 1))
        return true;
    return false;
  }

  void visit(const Stmt *S, unsigned Depth) {
    if (!S || !Ok)
      return;
    if (Depth > MaxDepth) {
      Ok = false;
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      visitCall(Call);
      if (!Ok)
        return;
      // The callee expression and arguments that do not mention Param may
      // hold further calls.
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (!mentions(Call->getArg(I), 0))
          visit(Call->getArg(I), Depth + 1);
      visit(Call->getCallee(), Depth + 1);
      return;
    }
    for (const Stmt *Child : S->children())
      visit(Child, Depth + 1);
  }
};

const std::vector<ParamFlow> &
WrapperIndex::getFlows(const FunctionDecl *Definition, unsigned Index,
                       const fs_rules *Rules, const LangOptions &LangOpts) {
  return getFlowsAt(Definition, Index, Rules, LangOpts, 0);
}

const std::vector<ParamFlow> &
WrapperIndex::getFlowsAt(const FunctionDecl *Definition, unsigned Index,
                         const fs_rules *Rules, const LangOptions &LangOpts,
                         unsigned Hops) {
  static const std::vector<ParamFlow> None;
  auto Found = Cache.find(Definition);
  if (Found == Cache.end()) {
    // A cycle of wrappers holds no known namespace.
    if (std::find(InProgress.begin(), InProgress.end(), Definition) !=
        InProgress.end())
      return None;
    InProgress.push_back(Definition);
    std::vector<std::vector<ParamFlow>> All(Definition->getNumParams());
    const Stmt *Body = Definition->getBody();
    for (unsigned I = 0; Body && I < Definition->getNumParams(); ++I) {
      const ParmVarDecl *Param = Definition->getParamDecl(I);
      if (!Param->getType()->isIntegralOrEnumerationType() ||
          Param->getType().isVolatileQualified() || !Locals.isOnlyRead(Param))
        continue;
      FlowSearch Search{*this, Hops,    Param,
                        Rules, LangOpts, Definition->getASTContext(),
                        {}};
      Search.visit(Body, 0);
      if (Search.Ok)
        All[I] = std::move(Search.Flows);
    }
    InProgress.pop_back();
    Found = Cache.emplace(Definition, std::move(All)).first;
  }
  return Index < Found->second.size() ? Found->second[Index] : None;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
