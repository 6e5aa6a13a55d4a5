//===--- FieldCalls.cpp - the calls a field is given to -------------------===//

#include "reach/FieldCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The field E reads, alone or or'ed with other parts (`s->oflags |
// O_CLOEXEC`), or null.
const FieldDecl *getHeldField(const Expr *E, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    return Field && Field->getIdentifier() ? Field : nullptr;
  }
  const auto *Or = dyn_cast<BinaryOperator>(E);
  if (!Or || Or->getOpcode() != BO_Or || Depth >= 8)
    return nullptr;
  if (const FieldDecl *Field = getHeldField(Or->getLHS(), Depth + 1))
    return Field;
  return getHeldField(Or->getRHS(), Depth + 1);
}

class CallWalk : public RecursiveASTVisitor<CallWalk> {
public:
  CallWalk(llvm::function_ref<bool(const CallExpr *)> HasRules,
           llvm::DenseMap<const FieldDecl *, FieldCall> &Calls)
      : HasRules(HasRules), Calls(Calls) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(const CallExpr *Call) {
    bool Checked = false;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const FieldDecl *Field = getHeldField(Call->getArg(I));
      if (!Field || Calls.count(Field))
        continue;
      if (!Checked && !HasRules(Call))
        return true;
      Checked = true;
      Calls[Field] = {Call, I};
    }
    return true;
  }

private:
  llvm::function_ref<bool(const CallExpr *)> HasRules;
  llvm::DenseMap<const FieldDecl *, FieldCall> &Calls;
};

} // namespace

FieldCall
FieldCallIndex::getCall(const FieldDecl *Field, ASTContext &Context,
                        llvm::function_ref<bool(const CallExpr *)> HasRules) {
  if (!Built) {
    Built = true;
    CallWalk(HasRules, Calls).TraverseDecl(Context.getTranslationUnitDecl());
  }
  auto Found = Calls.find(Field);
  return Found == Calls.end() ? FieldCall() : Found->second;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
