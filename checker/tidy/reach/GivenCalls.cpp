//===--- GivenCalls.cpp - the call a struct is given to -------------------===//

#include "reach/GivenCalls.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Whether E is `&Var`.
bool isAddressOf(const Expr *E, const VarDecl *Var) {
  const auto *Unary = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  if (!Unary || Unary->getOpcode() != UO_AddrOf)
    return false;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Unary->getSubExpr()->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Var;
}

// The calls HasRules accepts given the variable's address; stops at the
// second.
class GivenWalk : public RecursiveASTVisitor<GivenWalk> {
public:
  GivenWalk(const VarDecl *Var,
            llvm::function_ref<bool(const CallExpr *)> HasRules)
      : Var(Var), HasRules(HasRules) {}

  bool VisitCallExpr(const CallExpr *Call) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (!isAddressOf(Call->getArg(I), Var) || !HasRules(Call))
        continue;
      if (Found) {
        Found = nullptr;
        return false;
      }
      Found = Call;
      Arg = I;
    }
    return true;
  }

  const VarDecl *Var;
  llvm::function_ref<bool(const CallExpr *)> HasRules;
  const CallExpr *Found = nullptr;
  unsigned Arg = 0;
};

bool isLocal(const VarDecl *Var) {
  return Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var);
}

} // namespace

const VarDecl *getInitializedVar(const InitListExpr *Init,
                                 ASTContext &Context) {
  // The semantic form's parent may be the syntactic one.
  DynTypedNode Node = DynTypedNode::create(*Init);
  for (int Depth = 0; Depth < 2; ++Depth) {
    DynTypedNodeList Parents = Context.getParents(Node);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *Var = Parents[0].get<VarDecl>())
      return isLocal(Var) ? Var : nullptr;
    if (!Parents[0].get<InitListExpr>())
      return nullptr;
    Node = Parents[0];
  }
  return nullptr;
}

const VarDecl *getAssignedVar(const BinaryOperator *Assign) {
  const auto *Member =
      dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  if (!Member || Member->isArrow())
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return isLocal(Var) ? Var : nullptr;
}

const CallExpr *
getGivenCall(const VarDecl *Var,
             llvm::function_ref<bool(const CallExpr *)> HasRules,
             unsigned &Arg) {
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!Owner || !Owner->getBody())
    return nullptr;
  GivenWalk Walk(Var, HasRules);
  Walk.TraverseStmt(Owner->getBody());
  Arg = Walk.Arg;
  return Walk.Found;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
