//===--- FieldCalls.cpp - the calls a field is given to -------------------===//

#include "reach/FieldCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// How deep an or of parts is searched.
constexpr unsigned MaxDepth = 8;

// The field E reads, alone or or'ed with other parts (`s->oflags |
// O_CLOEXEC`), or null.
const FieldDecl *getHeldField(const Expr *E, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    return Field && Field->getIdentifier() ? Field : nullptr;
  }
  const auto *Or = dyn_cast<BinaryOperator>(E);
  if (!Or || Or->getOpcode() != BO_Or || Depth >= MaxDepth)
    return nullptr;
  if (const FieldDecl *Field = getHeldField(Or->getLHS(), Depth + 1))
    return Field;
  return getHeldField(Or->getRHS(), Depth + 1);
}

// The local variable E is, or null.
const VarDecl *getLocal(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() ? Var : nullptr;
}

// The local variable E reads, alone or or'ed with other parts (`flags |
// O_CLOEXEC`), or null.
const VarDecl *getHeldLocal(const Expr *E, unsigned Depth = 0) {
  if (const VarDecl *Var = getLocal(E))
    return Var;
  const auto *Or = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!Or || Or->getOpcode() != BO_Or || Depth >= MaxDepth)
    return nullptr;
  if (const VarDecl *Var = getHeldLocal(Or->getLHS(), Depth + 1))
    return Var;
  return getHeldLocal(Or->getRHS(), Depth + 1);
}

// A field or a parameter given a local variable: it holds what the
// variable holds, and so what a call given the variable takes.
struct Copy {
  const FieldDecl *Field; // null for a parameter
  ParamKey Param;
  const VarDecl *From; // null: a value that is no variable
};

class CallWalk : public RecursiveASTVisitor<CallWalk> {
public:
  explicit CallWalk(llvm::function_ref<bool(const CallExpr *)> HasRules)
      : HasRules(HasRules) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(const CallExpr *Call) {
    // A function of the unit only: its every caller is seen.
    const FunctionDecl *Callee = Call->getDirectCallee();
    bool Internal = Callee && !Callee->isExternallyVisible();
    if (!Internal && !holdsAny(Call))
      return true;
    if (HasRules(Call)) {
      noteRulesCall(Call);
      return true;
    }
    if (!Internal)
      return true;
    const FunctionDecl *Key = Callee->getCanonicalDecl();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      Copies.push_back({nullptr, {Key, I}, getLocal(Call->getArg(I))});
    return true;
  }

  // `s->f = v;`, v a local variable.
  bool VisitBinaryOperator(const BinaryOperator *Assign) {
    const auto *Member =
        dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *Field =
        Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    const VarDecl *From = getLocal(Assign->getRHS());
    if (Assign->getOpcode() == BO_Assign && Field &&
        Field->getIdentifier() && From)
      Copies.push_back({Field, {nullptr, 0}, From});
    return true;
  }

  // The copies whose variable a call takes: the fields and parameters of
  // each, a parameter only where every call gives it such a variable.
  void resolve(llvm::DenseMap<const FieldDecl *, FieldCall> &Fields,
               llvm::DenseMap<ParamKey, FieldCall> &Params) {
    for (const auto &Given : FieldsGiven)
      Fields.try_emplace(Given.first, Given.second);
    llvm::DenseMap<ParamKey, bool> Mixed;
    for (const Copy &C : Copies) {
      auto Found = C.From ? VarsGiven.find(C.From) : VarsGiven.end();
      if (C.Field && Found != VarsGiven.end())
        Fields.try_emplace(C.Field, Found->second);
      else if (!C.Field && Found != VarsGiven.end())
        Params.try_emplace(C.Param, Found->second);
      else if (!C.Field)
        Mixed[C.Param] = true;
    }
    for (const auto &Param : Mixed)
      Params.erase(Param.first);
  }

private:
  static bool holdsAny(const CallExpr *Call) {
    for (const Expr *Arg : Call->arguments())
      if (getHeldField(Arg) || getHeldLocal(Arg))
        return true;
    return false;
  }

  void noteRulesCall(const CallExpr *Call) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (const FieldDecl *Field = getHeldField(Call->getArg(I)))
        FieldsGiven.try_emplace(Field, FieldCall{Call, I});
      else if (const VarDecl *Var = getHeldLocal(Call->getArg(I)))
        VarsGiven.try_emplace(Var, FieldCall{Call, I});
    }
  }

  llvm::function_ref<bool(const CallExpr *)> HasRules;
  llvm::DenseMap<const FieldDecl *, FieldCall> FieldsGiven;
  llvm::DenseMap<const VarDecl *, FieldCall> VarsGiven;
  std::vector<Copy> Copies;
};

} // namespace

void FieldCallIndex::build(ASTContext &Context,
                           llvm::function_ref<bool(const CallExpr *)> HasRules) {
  if (Built)
    return;
  Built = true;
  CallWalk Walk(HasRules);
  Walk.TraverseDecl(Context.getTranslationUnitDecl());
  Walk.resolve(Calls, ParamCalls);
}

FieldCall
FieldCallIndex::getCall(const FieldDecl *Field, ASTContext &Context,
                        llvm::function_ref<bool(const CallExpr *)> HasRules) {
  build(Context, HasRules);
  auto Found = Calls.find(Field);
  return Found == Calls.end() ? FieldCall() : Found->second;
}

FieldCall FieldCallIndex::getParamCall(
    const ParmVarDecl *Param, ASTContext &Context,
    llvm::function_ref<bool(const CallExpr *)> HasRules) {
  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(Param->getDeclContext());
  if (!Function)
    return FieldCall();
  build(Context, HasRules);
  auto Found = ParamCalls.find(
      {Function->getCanonicalDecl(), Param->getFunctionScopeIndex()});
  return Found == ParamCalls.end() ? FieldCall() : Found->second;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
