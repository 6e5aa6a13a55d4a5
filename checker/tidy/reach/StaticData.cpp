//===--- StaticData.cpp - values a static table or global holds ----------===//
//
// Reads of static data through fields and array elements, the values an
// initializer gives them, and one walk of the translation unit that finds
// the globals something may change.
//
//===----------------------------------------------------------------------===//

#include "reach/StaticData.h"
#include "reach/LocalFlow.h"
#include "reach/SkippedBodies.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Fields and subscripts a path may take; deeper reads are not followed.
constexpr unsigned MaxSteps = 16;
// Statements nested deeper stop the walk: every global is then unknown.
constexpr size_t MaxDepth = 2048;

// Walks the unit once, keeping the statements above the one visited.
class TouchWalk : public RecursiveASTVisitor<TouchWalk> {
public:
  explicit TouchWalk(llvm::DenseSet<const VarDecl *> &Touched)
      : Touched(Touched) {}

  bool Complete = true;

  // One parameter: the visitor then recurses through this function for
  // every statement rather than queueing them, so Stack stays right.
  bool TraverseStmt(Stmt *S) {
    if (!S)
      return true;
    if (Stack.size() > MaxDepth) {
      Complete = false;
      return false;
    }
    Stack.push_back(S);
    bool Ok = RecursiveASTVisitor::TraverseStmt(S);
    Stack.pop_back();
    return Ok;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && Var->hasGlobalStorage() && !isRead())
      Touched.insert(Var->getCanonicalDecl());
    return true;
  }

private:
  // Whether the reference on top of Stack is read, through fields and
  // array elements, or only measured.
  bool isRead() const {
    size_t I = Stack.size() - 1;
    while (I > 0) {
      const Stmt *Child = Stack[I];
      const Stmt *Parent = Stack[I - 1];
      if (isa<ParenExpr>(Parent)) {
        --I;
        continue;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(Parent))
        return true;
      if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
        if (Member->getBase() != Child || Member->isArrow() ||
            !isa<FieldDecl>(Member->getMemberDecl()))
          return false;
        --I;
        continue;
      }
      const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent);
      if (!Cast)
        return false;
      if (Cast->getCastKind() == CK_LValueToRValue)
        return true;
      const auto *Subscript =
          I >= 2 ? dyn_cast<ArraySubscriptExpr>(Stack[I - 2]) : nullptr;
      if (Cast->getCastKind() != CK_ArrayToPointerDecay || !Subscript ||
          Subscript->getBase() != Cast)
        return false;
      I -= 2;
    }
    return false;
  }

  llvm::DenseSet<const VarDecl *> &Touched;
  std::vector<const Stmt *> Stack;
};

const Decl *canonical(const RecordDecl *Record) {
  return Record ? Record->getCanonicalDecl() : nullptr;
}

// Appends the values Steps[I...] reads from Init.
bool collect(const Expr *Init, const std::vector<const FieldDecl *> &Steps,
             size_t I, std::vector<const Expr *> &Leaves) {
  if (I == Steps.size()) {
    if (Leaves.size() >= MaxStaticLeaves)
      return false;
    Leaves.push_back(Init);
    return true;
  }
  const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  if (List && !List->isSemanticForm())
    List = List->getSemanticForm();
  if (!List)
    return false;
  if (!Steps[I]) {
    if (!List->getType()->isArrayType())
      return false;
    for (const Expr *Element : List->inits())
      if (!isa<ImplicitValueInitExpr>(Element) &&
          !collect(Element, Steps, I + 1, Leaves))
        return false;
    return true;
  }
  const RecordDecl *Record = List->getType()->getAsRecordDecl();
  if (!Record || canonical(Record) != canonical(Steps[I]->getParent()))
    return false;
  if (Record->isUnion()) {
    if (List->getInitializedFieldInUnion() != Steps[I])
      return false;
    return List->getNumInits() == 0 ||
           isa<ImplicitValueInitExpr>(List->getInit(0)) ||
           collect(List->getInit(0), Steps, I + 1, Leaves);
  }
  for (const auto &Field : getFieldInitializers(List, Record))
    if (Field.first == Steps[I])
      return isa<ImplicitValueInitExpr>(Field.second) ||
             collect(Field.second, Steps, I + 1, Leaves);
  return true; // left out: 0
}

} // namespace

bool getStaticPath(const Expr *E, StaticPath &Path) {
  std::vector<const FieldDecl *> Reversed;
  for (unsigned Step = 0; Step <= MaxSteps; ++Step) {
    E = E->IgnoreParens();
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
      if (!Field || Member->isArrow() || Field->isMutable())
        return false;
      Reversed.push_back(Field);
      E = Member->getBase();
      continue;
    }
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Decay =
          dyn_cast<ImplicitCastExpr>(Subscript->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      Reversed.push_back(nullptr);
      E = Decay->getSubExpr();
      continue;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->hasGlobalStorage())
      return false;
    Path.Var = Var;
    Path.Steps.assign(Reversed.rbegin(), Reversed.rend());
    return true;
  }
  return false;
}

bool GlobalWrites::isNeverWritten(const VarDecl *Var, ASTContext &Context) {
  QualType Type = Var->getType();
  if (Type.isVolatileQualified())
    return false;
  if (Type.isConstant(Context))
    return true;
  if (Var->isExternallyVisible())
    return false;
  // flagspace-runner parses the bodies it skipped that name Var; those
  // parsed after the walk are walked now.
  std::vector<const FunctionDecl *> Late = needBodiesNaming(Var);
  if (!Built) {
    Built = true;
    TouchWalk Walk(Touched);
    Walk.TraverseDecl(Context.getTranslationUnitDecl());
    Complete = Walk.Complete;
  } else {
    for (const FunctionDecl *Function : Late) {
      TouchWalk Walk(Touched);
      Walk.TraverseDecl(const_cast<FunctionDecl *>(Function));
      Complete = Complete && Walk.Complete;
    }
  }
  return Complete && !Touched.count(Var->getCanonicalDecl());
}

bool getStaticLeaves(const StaticPath &Path,
                     std::vector<const Expr *> &Leaves) {
  const VarDecl *Definition = nullptr;
  const Expr *Init = Path.Var->getAnyInitializer(Definition);
  return Init && collect(Init, Path.Steps, 0, Leaves);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
