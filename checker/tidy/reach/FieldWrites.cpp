//===--- FieldWrites.cpp - the values a struct field is given in a unit --===//

#include "reach/FieldWrites.h"
#include "reach/SkippedBodies.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const FieldDecl *getField(const Expr *E) {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  return Field ? Field->getCanonicalDecl() : nullptr;
}

class WriteWalk : public RecursiveASTVisitor<WriteWalk> {
public:
  WriteWalk(llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> &W,
            llvm::DenseSet<const FieldDecl *> &C,
            llvm::DenseMap<const FieldDecl *, const VarDecl *> &T,
            llvm::DenseSet<const FieldDecl *> &M)
      : Writes(W), Changed(C), Table(T), ManyTables(M) {}

  bool shouldVisitImplicitCode() const { return false; }

  // The static variable (a table) whose initializer is being walked.
  bool TraverseVarDecl(VarDecl *Var) {
    const VarDecl *Outer = Owner;
    if (Var->hasGlobalStorage())
      Owner = Var;
    bool Result = RecursiveASTVisitor::TraverseVarDecl(Var);
    Owner = Outer;
    return Result;
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (const FieldDecl *Field = getField(Op->getLHS())) {
      if (Op->getOpcode() == BO_Assign)
        Writes[Field].push_back(Op->getRHS());
      else if (Op->isAssignmentOp())
        Changed.insert(Field);
    }
    return true;
  }

  // A field bound to a reference (an argument, a variable) may be changed
  // through it: an lvalue not read at once.
  bool VisitCallExpr(CallExpr *Call) {
    for (const Expr *Arg : Call->arguments())
      noteBound(Arg);
    return true;
  }

  bool VisitVarDecl(VarDecl *Var) {
    if (Var->getType()->isReferenceType() && Var->getInit())
      noteBound(Var->getInit());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *Op) {
    if (Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf)
      if (const FieldDecl *Field = getField(Op->getSubExpr()))
        Changed.insert(Field);
    return true;
  }

  // A brace initializer's fields (its semantic form; one left out is 0).
  bool VisitInitListExpr(InitListExpr *Written) {
    // The walk sees the list as written; its semantic form has a value
    // (or an implicit 0) for each field in order.
    const InitListExpr *List =
        Written->isSemanticForm() ? Written : Written->getSemanticForm();
    if (!List)
      return true;
    const RecordDecl *Record = List->getType()->getAsRecordDecl();
    if (!Record || Record->isUnion())
      return true;
    unsigned I = 0;
    for (const FieldDecl *Field : Record->fields()) {
      if (I >= List->getNumInits())
        break;
      const Expr *Init = List->getInit(I++);
      if (isa<ImplicitValueInitExpr>(Init))
        continue;
      Writes[Field->getCanonicalDecl()].push_back(Init);
      noteTable(Field->getCanonicalDecl());
    }
    return true;
  }

  bool VisitCXXConstructorDecl(CXXConstructorDecl *Ctor) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isMemberInitializer() && Init->isWritten())
        Writes[Init->getMember()->getCanonicalDecl()].push_back(
            Init->getInit());
    return true;
  }

  bool VisitFieldDecl(FieldDecl *Field) {
    if (const Expr *Init = Field->getInClassInitializer())
      Writes[Field->getCanonicalDecl()].push_back(Init);
    return true;
  }

private:
  void noteTable(const FieldDecl *Field) {
    if (!Owner)
      return;
    auto Inserted = Table.try_emplace(Field, Owner);
    if (!Inserted.second && Inserted.first->second != Owner)
      ManyTables.insert(Field);
  }

  void noteBound(const Expr *E) {
    if (isa<MemberExpr>(E->IgnoreParens()))
      if (const FieldDecl *Field = getField(E))
        Changed.insert(Field);
  }

  llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> &Writes;
  llvm::DenseSet<const FieldDecl *> &Changed;
  llvm::DenseMap<const FieldDecl *, const VarDecl *> &Table;
  llvm::DenseSet<const FieldDecl *> &ManyTables;
  const VarDecl *Owner = nullptr;
};

// Whether nothing outside the unit can write the record's fields: it is
// declared in the main file (no other unit names it), and each of its
// member functions is defined here.
bool isClosed(const RecordDecl *Record, const SourceManager &SM) {
  if (!SM.isInMainFile(SM.getExpansionLoc(Record->getLocation())))
    return false;
  const auto *Class = dyn_cast<CXXRecordDecl>(Record);
  if (!Class)
    return true;
  for (const CXXMethodDecl *Method : Class->methods())
    if (!Method->isImplicit() && !Method->isDefined() && !Method->isDeleted() &&
        !Method->isDefaulted())
      return false;
  return true;
}

} // namespace

void FieldWrites::walk(Decl *D) {
  WriteWalk Walk(Writes, Changed, Table, ManyTables);
  Walk.TraverseDecl(D);
}

bool FieldWrites::getWrites(const FieldDecl *Field, ASTContext &Context,
                            std::vector<const Expr *> &Values) {
  Field = Field->getCanonicalDecl();
  if (!isClosed(Field->getParent(), Context.getSourceManager()))
    return false;
  // flagspace-runner parses the bodies it skipped that name the field;
  // those parsed after the walk are walked now.
  std::vector<const FunctionDecl *> Late = needBodiesNaming(Field);
  if (!Built) {
    Built = true;
    walk(Context.getTranslationUnitDecl());
  } else {
    for (const FunctionDecl *Function : Late)
      walk(const_cast<FunctionDecl *>(Function));
  }
  auto It = Writes.find(Field);
  if (Changed.count(Field) || ManyTables.count(Field) ||
      It == Writes.end() || It->second.empty() ||
      It->second.size() > MaxFieldWrites)
    return false;
  Values = It->second;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
