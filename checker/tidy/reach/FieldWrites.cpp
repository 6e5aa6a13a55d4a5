//===--- FieldWrites.cpp - the values a struct field is given in a unit --===//

#include "reach/FieldWrites.h"
#include "reach/SkippedBodies.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <iterator>

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

const RecordDecl *canonical(const RecordDecl *Record) {
  return cast<RecordDecl>(Record->getCanonicalDecl());
}

// The record a pointer type points to, or null.
const RecordDecl *getPointee(QualType Type) {
  return Type->isPointerType() ? Type->getPointeeType()->getAsRecordDecl()
                               : nullptr;
}

// The record Type is or holds (through arrays and pointers), or null.
const RecordDecl *getInvolved(QualType Type) {
  for (;;) {
    if (Type->isPointerType())
      Type = Type->getPointeeType();
    else if (const ArrayType *Array = Type->getAsArrayTypeUnsafe())
      Type = Array->getElementType();
    else
      return Type->getAsRecordDecl();
  }
}

// Calls that leave none of the record's own values in the bytes of their
// first argument: they set each to 0 (Value: the argument that must be 0,
// -1 when none) or free them.
const struct {
  const char *Name;
  int Value;
} Clearing[] = {
    {"memset", 1}, {"__builtin_memset", 1}, {"__builtin___memset_chk", 1},
    {"bzero", -1}, {"explicit_bzero", -1},  {"__builtin_bzero", -1},
    {"free", -1},
};

// Conversions that keep a pointer to the record's own fields.
const CastKind FieldPreserving[] = {
    CK_NoOp, CK_LValueToRValue, CK_DerivedToBase, CK_UncheckedDerivedToBase,
    CK_BaseToDerived, CK_Dynamic,
};

class WriteWalk : public RecursiveASTVisitor<WriteWalk> {
public:
  WriteWalk(llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> &W,
            llvm::DenseSet<const FieldDecl *> &C,
            llvm::DenseSet<const RecordDecl *> &O, ASTContext &Context,
            llvm::DenseMap<const FieldDecl *, const VarDecl *> &T,
            llvm::DenseSet<const FieldDecl *> &M)
      : Writes(W), Changed(C), Opaque(O), Context(Context), Table(T),
        ManyTables(M) {}

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
    noteClearing(Call);
    return true;
  }

  // A pointer to a record made one to something else (void *, bytes,
  // another struct, an integer): the record's bytes may be written
  // without naming its fields. Not through a pointer to const (write(),
  // memcpy's source read them).
  bool VisitCastExpr(CastExpr *Cast) {
    const RecordDecl *From = getPointee(Cast->getSubExpr()->getType());
    if (Cast->getCastKind() == CK_LValueBitCast)
      From = Cast->getSubExpr()->getType()->getAsRecordDecl();
    if (!From || Cleared.count(Cast) ||
        std::find(std::begin(FieldPreserving), std::end(FieldPreserving),
                  Cast->getCastKind()) != std::end(FieldPreserving))
      return true;
    QualType ToType = Cast->getType();
    if (ToType->isPointerType() && ToType->getPointeeType().isConstQualified())
      return true;
    const RecordDecl *To = getPointee(ToType);
    if (!To || canonical(To) != canonical(From))
      markOpaque(From);
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

  // memset(&rec, 0, n), bzero(&rec, n), free(p): the casts of the first
  // argument hand out nothing.
  void noteClearing(const CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const IdentifierInfo *Name = Callee ? Callee->getIdentifier() : nullptr;
    if (!Name || Call->getNumArgs() == 0)
      return;
    for (const auto &Z : Clearing) {
      if (Name->getName() != Z.Name)
        continue;
      Expr::EvalResult Result;
      if (Z.Value >= 0 &&
          (Call->getNumArgs() <= unsigned(Z.Value) ||
           !Call->getArg(Z.Value)->EvaluateAsInt(Result, Context) ||
           Result.Val.getInt() != 0))
        return;
      const Expr *E = Call->getArg(0)->IgnoreParens();
      while (const auto *Cast = dyn_cast<CastExpr>(E)) {
        Cleared.insert(Cast);
        E = Cast->getSubExpr()->IgnoreParens();
      }
      return;
    }
  }

  // Record, and each record it holds (their bytes are its).
  void markOpaque(const RecordDecl *Record) {
    if (!Record || !Opaque.insert(canonical(Record)).second)
      return;
    for (const FieldDecl *Field : Record->fields())
      if (!Field->getType()->isPointerType())
        markOpaque(getInvolved(Field->getType()));
  }

  void noteBound(const Expr *E) {
    if (isa<MemberExpr>(E->IgnoreParens()))
      if (const FieldDecl *Field = getField(E))
        Changed.insert(Field);
  }

  llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> &Writes;
  llvm::DenseSet<const FieldDecl *> &Changed;
  llvm::DenseSet<const RecordDecl *> &Opaque;
  ASTContext &Context;
  llvm::DenseSet<const CastExpr *> Cleared;
  llvm::DenseMap<const FieldDecl *, const VarDecl *> &Table;
  llvm::DenseSet<const FieldDecl *> &ManyTables;
  const VarDecl *Owner = nullptr;
};


} // namespace

bool isClosedRecord(const RecordDecl *Record, const SourceManager &SM) {
  if (Record->isUnion() ||
      !SM.isInMainFile(SM.getExpansionLoc(Record->getLocation())))
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

void FieldWrites::walk(Decl *D, ASTContext &Context) {
  WriteWalk Walk(Writes, Changed, Opaque, Context, Table, ManyTables);
  Walk.TraverseDecl(D);
}

// flagspace-runner parses the skipped bodies that may write Field: those
// naming it as a member, and those naming what may hand out its record's
// bytes (its tag, a typedef of it, a variable, function or field whose
// type holds it).
void FieldWrites::needBodies(const FieldDecl *Field, ASTContext &Context) {
  auto Need = [](const NamedDecl *D) { needBodiesNaming(D); };
  Need(Field);
  const RecordDecl *Record = canonical(Field->getParent());
  if (!ActiveSkippedBodies || !Asked.insert(Record).second)
    return;
  Need(Record);
  auto Holds = [&](QualType Type) {
    const RecordDecl *Held = getInvolved(Type);
    return Held && canonical(Held) == Record;
  };
  for (const Decl *D : Context.getTranslationUnitDecl()->decls()) {
    if (const auto *Typedef = dyn_cast<TypedefNameDecl>(D))
      if (Holds(Typedef->getUnderlyingType()))
        Need(Typedef);
    if (const auto *Var = dyn_cast<VarDecl>(D))
      if (Holds(Var->getType()))
        Need(Var);
    if (const auto *Function = dyn_cast<FunctionDecl>(D))
      if (Holds(Function->getReturnType()))
        Need(Function);
    if (const auto *Other = dyn_cast<RecordDecl>(D))
      for (const FieldDecl *Member : Other->fields())
        if (Holds(Member->getType()))
          Need(Member);
  }
}

bool FieldWrites::getWrites(const FieldDecl *Field, ASTContext &Context,
                            std::vector<const Expr *> &Values) {
  Field = Field->getCanonicalDecl();
  if (!isClosedRecord(Field->getParent(), Context.getSourceManager()))
    return false;
  // The bodies flagspace-runner parsed since the walk of the unit (for
  // this field or another analysis) are walked now.
  needBodies(Field, Context);
  const std::vector<const FunctionDecl *> &Parsed = bodiesParsedLate();
  if (!Built) {
    Built = true;
    Walked = Parsed.size();
    walk(Context.getTranslationUnitDecl(), Context);
  }
  for (; Walked < Parsed.size(); ++Walked)
    walk(const_cast<FunctionDecl *>(Parsed[Walked]), Context);
  auto It = Writes.find(Field);
  if (Changed.count(Field) || ManyTables.count(Field) ||
      Opaque.count(canonical(Field->getParent())) ||
      It == Writes.end() || It->second.empty() ||
      It->second.size() > MaxFieldWrites)
    return false;
  Values = It->second;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
