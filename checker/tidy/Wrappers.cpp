//===--- Wrappers.cpp - functions that pass a parameter on as flags ------===//
//
// Lists, for each parameter of a function, the known flag arguments it
// reaches unchanged. One level only: a wrapper of a wrapper is not followed.
//
//===----------------------------------------------------------------------===//

#include "Wrappers.h"
#include "LocalFlow.h"

#include "clang/AST/ExprCXX.h"

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

struct FlowSearch {
  const ParmVarDecl *Param;
  const fs_rules *Rules;
  const LangOptions &LangOpts;
  const ASTContext &Context;
  std::vector<ParamFlow> Flows;
  bool Ok = true;

  // Param inside argument I of Call: a flow when Call is known and the
  // argument has the flow's shape; anything else stops inference.
  void visitCall(const CallExpr *Call) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (!mentions(Call->getArg(I), 0))
        continue;
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool Seen = false;
      if (!Callee || !Callee->getIdentifier() ||
          !fs_rules_knows_function(Rules, Callee->getName().str().c_str()) ||
          !isCLibraryShape(Callee, LangOpts) ||
          !isFlowOf(Call->getArg(I), Param, Seen, Context) || !Seen) {
        Ok = false;
        return;
      }
      Flows.push_back({Call, I});
    }
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

} // namespace

const std::vector<ParamFlow> &
WrapperIndex::getFlows(const FunctionDecl *Definition, unsigned Index,
                       const fs_rules *Rules, const LangOptions &LangOpts) {
  auto Found = Cache.find(Definition);
  if (Found == Cache.end()) {
    std::vector<std::vector<ParamFlow>> All(Definition->getNumParams());
    const Stmt *Body = Definition->getBody();
    for (unsigned I = 0; Body && I < Definition->getNumParams(); ++I) {
      const ParmVarDecl *Param = Definition->getParamDecl(I);
      if (!Param->getType()->isIntegralOrEnumerationType() ||
          Param->getType().isVolatileQualified() || !isOnlyRead(Param, Body))
        continue;
      FlowSearch Search{Param, Rules, LangOpts, Definition->getASTContext(),
                        {}};
      Search.visit(Body, 0);
      if (Search.Ok)
        All[I] = std::move(Search.Flows);
    }
    Found = Cache.emplace(Definition, std::move(All)).first;
  }
  static const std::vector<ParamFlow> None;
  return Index < Found->second.size() ? Found->second[Index] : None;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
