//===--- FieldParams.cpp - parameters a function writes into fields ------===//

#include "reach/FieldParams.h"
#include "reach/Wrappers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

// Statements nested deeper than this are not searched, and a function
// holding one is not followed.
static constexpr unsigned MaxWalkDepth = 512;

namespace {

// The field an assignment `M = V` or `M |= V` writes, or null.
const FieldDecl *getWrittenField(const BinaryOperator *Assign) {
  if (Assign->getOpcode() != BO_Assign && Assign->getOpcode() != BO_OrAssign)
    return nullptr;
  const auto *Member =
      dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  return Field && Field->getIdentifier() ? Field : nullptr;
}

// Collects the assignments of Param into fields below S; false on a body
// too deep or holding a lambda or a block (not searched).
bool collect(const Stmt *S, const ParmVarDecl *Param, const ASTContext &Context,
             std::vector<FieldParamWrite> &Out, unsigned Depth) {
  if (!S)
    return true;
  if (Depth > MaxWalkDepth || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  if (const auto *Assign = dyn_cast<BinaryOperator>(S))
    if (const FieldDecl *Field = getWrittenField(Assign))
      if (isParamFlow(Assign->getRHS(), Param, Context))
        Out.push_back({Assign, Field});
  for (const Stmt *Child : S->children())
    if (!collect(Child, Param, Context, Out, Depth + 1))
      return false;
  return true;
}

bool isZero(const Expr *E, const ASTContext &Context) {
  Expr::EvalResult Value;
  return E->EvaluateAsInt(Value, Context) && Value.Val.getInt() == 0;
}

// A brace initializer that gives every field 0 (`= {0}`, `= {}`).
bool isAllZero(const InitListExpr *Init, const ASTContext &Context) {
  for (const Expr *Value : Init->inits())
    if (!isa<ImplicitValueInitExpr>(Value) && !isZero(Value, Context))
      return false;
  return true;
}

// The struct variable S zeroes whole: a local initialized with zeros, or
// memset(V, 0, ...) of a pointer V to a struct (Arrow set) or of &V.
const VarDecl *getZeroed(const Stmt *S, const ASTContext &Context,
                         bool &Arrow) {
  Arrow = false;
  if (const auto *Decl = dyn_cast<DeclStmt>(S)) {
    const auto *Var =
        Decl->isSingleDecl() ? dyn_cast<VarDecl>(Decl->getSingleDecl()) : nullptr;
    const auto *Init =
        Var ? dyn_cast_or_null<InitListExpr>(Var->getInit()) : nullptr;
    return Init && Var->getType()->isRecordType() && isAllZero(Init, Context)
               ? Var
               : nullptr;
  }
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  unsigned Builtin = Callee ? Callee->getBuiltinID() : 0;
  if ((Builtin != Builtin::BImemset && Builtin != Builtin::BI__builtin_memset) ||
      Call->getNumArgs() != 3 || !isZero(Call->getArg(1), Context))
    return nullptr;
  const Expr *Target = Call->getArg(0)->IgnoreParenImpCasts();
  const auto *Address = dyn_cast<UnaryOperator>(Target);
  Arrow = !Address || Address->getOpcode() != UO_AddrOf;
  if (!Arrow)
    Target = Address->getSubExpr()->IgnoreParens();
  const auto *Ref = dyn_cast<DeclRefExpr>(Target);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var)
    return nullptr;
  QualType Type = Var->getType();
  if (Arrow)
    Type = Type->isPointerType() ? Type->getPointeeType() : QualType();
  return !Type.isNull() && Type->isRecordType() ? Var : nullptr;
}

// The member of Base that E is (`Base->f` or `Base.f`), or null.
const FieldDecl *getBaseField(const Expr *E, const VarDecl *Base) {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!Member)
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  if (!Ref || Ref->getDecl() != Base)
    return nullptr;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

// Whether S names Base (Writes: writes one of its fields) below it.
bool names(const Stmt *S, const VarDecl *Base, bool WritesOnly,
           unsigned Depth) {
  if (!S || Depth > MaxWalkDepth)
    return S != nullptr;
  if (const auto *Assign = dyn_cast<BinaryOperator>(S))
    if (Assign->isAssignmentOp() && getBaseField(Assign->getLHS(), Base))
      return true;
  if (const auto *Step = dyn_cast<UnaryOperator>(S))
    if (Step->isIncrementDecrementOp() && getBaseField(Step->getSubExpr(), Base))
      return true;
  if (!WritesOnly)
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (Ref->getDecl() == Base)
        return true;
  for (const Stmt *Child : S->children())
    if (names(Child, Base, WritesOnly, Depth + 1))
      return true;
  return false;
}

// Fills Out from the statements after the zeroing one: each `Base.f = V`
// written once, before any other statement names Base; false when a write
// is under a condition, repeated, or comes after another use. A field's
// one write may be `Base.f |= V`: or'ed with the 0 it holds, it is V.
bool collectFilled(const CompoundStmt *Body, size_t From, const VarDecl *Base,
                   FilledRecord &Out) {
  bool Used = false;
  for (size_t I = From; I < Body->size(); ++I) {
    const Stmt *S = Body->body_begin()[I];
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    const FieldDecl *Field =
        Assign && (Assign->getOpcode() == BO_Assign ||
                   Assign->getOpcode() == BO_OrAssign)
            ? getBaseField(Assign->getLHS(), Base)
            : nullptr;
    if (Field && !Used && !names(Assign->getRHS(), Base, false, 0) &&
        std::find(Out.Fields.begin(), Out.Fields.end(), Field) ==
            Out.Fields.end()) {
      Out.Fields.push_back(Field);
      Out.Assigns.push_back(Assign);
      continue;
    }
    if (names(S, Base, /*WritesOnly=*/true, 0))
      return false;
    Used = Used || names(S, Base, false, 0);
  }
  return true;
}

} // namespace

const std::vector<FilledRecord> &
FieldParamIndex::getFilledAll(const FunctionDecl *Definition) {
  auto Found = Filled.find(Definition);
  if (Found != Filled.end())
    return Found->second;
  std::vector<FilledRecord> &Out = Filled[Definition];
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  const ASTContext &Context = Definition->getASTContext();
  for (size_t I = 0; Body && I < Body->size(); ++I) {
    bool Arrow = false;
    const VarDecl *Base = getZeroed(Body->body_begin()[I], Context, Arrow);
    if (!Base)
      continue;
    FilledRecord One;
    if (collectFilled(Body, I + 1, Base, One) && !One.Fields.empty())
      One.Record = One.Fields.front()->getParent();
    else
      One = FilledRecord();
    Out.push_back(std::move(One));
  }
  return Out;
}

const FilledRecord &FieldParamIndex::getFilled(const FunctionDecl *Definition) {
  static const FilledRecord None;
  const std::vector<FilledRecord> &All = getFilledAll(Definition);
  return All.empty() ? None : All.front();
}

const std::vector<FieldParamWrite> &
FieldParamIndex::getWrites(const FunctionDecl *Definition, unsigned Index) {
  auto Found = Writes.find({Definition, Index});
  if (Found != Writes.end())
    return Found->second;
  std::vector<FieldParamWrite> &Out = Writes[{Definition, Index}];
  const ParmVarDecl *Param = Index < Definition->getNumParams()
                                 ? Definition->getParamDecl(Index)
                                 : nullptr;
  if (!Param || !Param->getType()->isIntegralOrEnumerationType() ||
      Param->getType().isVolatileQualified() || !Locals.isOnlyRead(Param))
    return Out;
  if (!collect(Definition->getBody(), Param, Definition->getASTContext(), Out,
               0))
    Out.clear();
  return Out;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
