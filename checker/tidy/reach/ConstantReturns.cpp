//===--- ConstantReturns.cpp - the constants a static function returns ---===//

#include "reach/ConstantReturns.h"
#include "reach/SkippedBodies.h"

#include "clang/AST/ExprCXX.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Deeper expressions and statements are not searched: the answer is then
// "unclear".
constexpr unsigned MaxDepth = 512;

// An integer variable of Owner's body, not static: `flags` in `int flags =
// O_RDONLY; ... return flags;`.
bool isOwnVariable(const Expr *E, const FunctionDecl *Owner) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && !isa<ParmVarDecl>(Var) && Var->hasLocalStorage() &&
         Var->getType()->isIntegralOrEnumerationType() &&
         Var->getParentFunctionOrMethod() == Owner;
}

// Whether E is made of constants and calls, through operators: a call's
// value is checked where it is followed. The evaluator would run each call
// it meets, each time: a function returning g() | g() doubles the cost at
// every level. With Owner, also of Owner's own variables (followed where
// they are read, LocalFlow.h) and of conditions of any kind (`plus ? O_RDWR
// : O_RDONLY`), which pick an arm: Varies is then set, as the value may
// depend on the arguments.
bool isConstantShape(const Expr *E, const ASTContext &Context,
                     const FunctionDecl *Owner, bool &Varies, unsigned Depth) {
  E = E->IgnoreParenCasts();
  if (Depth > MaxDepth)
    return false;
  if (isa<CallExpr>(E))
    return true;
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return isConstantShape(Binary->getLHS(), Context, Owner, Varies,
                           Depth + 1) &&
           isConstantShape(Binary->getRHS(), Context, Owner, Varies,
                           Depth + 1);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return isConstantShape(Unary->getSubExpr(), Context, Owner, Varies,
                           Depth + 1);
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    if (!Owner && !isConstantShape(Conditional->getCond(), Context, Owner,
                                   Varies, Depth + 1))
      return false;
    Varies = true;
    return isConstantShape(Conditional->getTrueExpr(), Context, Owner, Varies,
                           Depth + 1) &&
           isConstantShape(Conditional->getFalseExpr(), Context, Owner,
                           Varies, Depth + 1);
  }
  if (Owner && isOwnVariable(E, Owner)) {
    Varies = true;
    return true;
  }
  return !E->isValueDependent() && E->isEvaluatable(Context);
}

void collectReturns(const Stmt *S, std::vector<const ReturnStmt *> &Out,
                    bool &Ok, unsigned Depth) {
  if (!S || !Ok)
    return;
  if (Depth > MaxDepth || isa<LambdaExpr>(S) || isa<BlockExpr>(S)) {
    Ok = false;
    return;
  }
  if (const auto *Return = dyn_cast<ReturnStmt>(S))
    Out.push_back(Return);
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out, Ok, Depth + 1);
}

// Whether E is made of Owner's parameters, constants, casts and the
// operators that combine values, nothing else (no call, no write).
bool isCombinedShape(const Expr *E, const ASTContext &Context,
                     const FunctionDecl *Owner, unsigned Depth) {
  E = E->IgnoreParenCasts();
  if (Depth > MaxDepth)
    return false;
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return !Binary->isAssignmentOp() && !Binary->isCommaOp() &&
           isCombinedShape(Binary->getLHS(), Context, Owner, Depth + 1) &&
           isCombinedShape(Binary->getRHS(), Context, Owner, Depth + 1);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return !Unary->isIncrementDecrementOp() &&
           Unary->getOpcode() != UO_AddrOf && Unary->getOpcode() != UO_Deref &&
           isCombinedShape(Unary->getSubExpr(), Context, Owner, Depth + 1);
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E))
    return isCombinedShape(Conditional->getCond(), Context, Owner, Depth + 1) &&
           isCombinedShape(Conditional->getTrueExpr(), Context, Owner,
                           Depth + 1) &&
           isCombinedShape(Conditional->getFalseExpr(), Context, Owner,
                           Depth + 1);
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (Param)
    return Param->getDeclContext() == Owner &&
           Param->getType()->isIntegralOrEnumerationType();
  return !E->isValueDependent() && E->isEvaluatable(Context);
}

// The definition every call of Function runs: one with internal linkage,
// or an inline one (the same in every unit), not weak.
bool isDefinitionRun(const FunctionDecl *Definition) {
  return (!Definition->isExternallyVisible() ||
          Definition->isInlined()) &&
         !Definition->isWeak();
}

} // namespace

const Expr *getCombinedReturn(const FunctionDecl *Function,
                              const ASTContext &Context) {
  const FunctionDecl *Definition = nullptr;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (!Function || Function->isVariadic() ||
      (Method && (Method->isVirtual() || Method->isInstance())) ||
      !Function->getReturnType()->isIntegralOrEnumerationType())
    return nullptr;
  needBody(Function);
  if (!Function->hasBody(Definition) || !Definition ||
      Definition->isDependentContext() || !isDefinitionRun(Definition))
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  const auto *Return =
      Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front())
                                : nullptr;
  const Expr *Value = Return ? Return->getRetValue() : nullptr;
  if (!Value || Value->isValueDependent() || Value->containsErrors() ||
      !isCombinedShape(Value, Context, Definition, 0))
    return nullptr;
  return Value;
}

bool getValueReturns(const FunctionDecl *Function, const ASTContext &Context,
                     std::vector<const Expr *> &Returns) {
  const FunctionDecl *Definition = nullptr;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (!Function || Function->isVariadic() || (Method && Method->isVirtual()))
    return false;
  needBody(Function);
  if (!Function->hasBody(Definition) || !Definition ||
      Definition->isDependentContext())
    return false;
  std::vector<const ReturnStmt *> Found;
  bool Ok = true;
  collectReturns(Definition->getBody(), Found, Ok, 0);
  for (const ReturnStmt *Return : Found) {
    const Expr *Value = Return->getRetValue();
    if (!Value || Value->isValueDependent() || Value->containsErrors())
      return false;
    if (!Value->isEvaluatable(Context))
      Returns.push_back(Value);
  }
  return Ok && !Returns.empty();
}

bool getConstantReturns(const FunctionDecl *Function, const ASTContext &Context,
                        std::vector<const Expr *> &Returns,
                        bool &ByArguments) {
  const FunctionDecl *Definition = nullptr;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  // Linkage and variadic are the function's, whichever declaration: asked
  // first, so that flagspace-runner parses only a body that may be read.
  // An inline function (a C++ member defined in its class) has the same
  // body in every unit; a virtual one may be overridden.
  if (!Function || !isDefinitionRun(Function) || Function->isVariadic() ||
      (Method && Method->isVirtual()))
    return false;
  needBody(Function);
  if (!Function->hasBody(Definition) || !Definition ||
      !isDefinitionRun(Definition) || Definition->isVariadic() ||
      Definition->isDependentContext())
    return false;
  std::vector<const ReturnStmt *> Found;
  bool Ok = true;
  collectReturns(Definition->getBody(), Found, Ok, 0);
  if (!Ok || Found.empty())
    return false;
  // With parameters, which return is taken, which arm of a condition and
  // which writes of a variable may depend on the arguments.
  bool Varies = Found.size() > 1;
  for (const ReturnStmt *Return : Found) {
    const Expr *Value = Return->getRetValue();
    if (!Value || Value->isValueDependent() || Value->containsErrors() ||
        !Value->getType()->isIntegralOrEnumerationType() ||
        !isConstantShape(Value, Context, Definition, Varies, 0))
      return false;
    Returns.push_back(Value);
  }
  ByArguments = Varies && Definition->getNumParams() > 0;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
