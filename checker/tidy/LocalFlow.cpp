//===--- LocalFlow.cpp - the values a local variable can hold ------------===//
//
// A conservative reaching-definitions pass over one block: only straight-line
// writes before the use, in the block that declares the variable, are
// trusted. Anything else makes the value unknown.
//
//===----------------------------------------------------------------------===//

#include "LocalFlow.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Deeper statements are not searched: the answer is then "unclear".
constexpr unsigned MaxDepth = 512;

// How one occurrence of a variable uses it.
enum class Access { Read, Write, Other };

struct Occurrence {
  const DeclRefExpr *Ref;
  Access Kind;
  const BinaryOperator *Write; // for Access::Write
  size_t Top;                  // index of the statement in the home block
};

const Expr *skipParens(const Expr *E) {
  while (const auto *Paren = dyn_cast<ParenExpr>(E))
    E = Paren->getSubExpr();
  return E;
}

// Classifies the occurrence at the top of Stack (a DeclRefExpr) by the
// first ancestor that is not a parenthesis.
Access classify(const std::vector<const Stmt *> &Stack,
                const BinaryOperator *&Write) {
  size_t I = Stack.size() - 1;
  const Stmt *Child = Stack[I];
  while (I > 0 && isa<ParenExpr>(Stack[I - 1]))
    Child = Stack[--I];
  if (I == 0)
    return Access::Other;
  const Stmt *Parent = Stack[I - 1];
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent))
    return Cast->getCastKind() == CK_LValueToRValue ? Access::Read
                                                    : Access::Other;
  if (isa<UnaryExprOrTypeTraitExpr>(Parent))
    return Access::Read;
  if (const auto *Binary = dyn_cast<BinaryOperator>(Parent)) {
    if (Binary->getLHS() != Child)
      return Access::Other;
    switch (Binary->getOpcode()) {
    case BO_Assign:
    case BO_OrAssign:
    case BO_AndAssign:
      Write = Binary;
      return Access::Write;
    default:
      return Access::Other;
    }
  }
  return Access::Other;
}

// Walks S collecting the occurrences of Var. Returns false on something
// that makes every answer unclear (a jump, a lambda or block, depth).
bool collect(const Stmt *S, const VarDecl *Var, size_t Top,
             std::vector<const Stmt *> &Stack, std::vector<Occurrence> &Out) {
  if (!S)
    return true;
  if (Stack.size() > MaxDepth || isa<GotoStmt>(S) ||
      isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S) || isa<LambdaExpr>(S) ||
      isa<BlockExpr>(S) || isa<CoroutineBodyStmt>(S))
    return false;
  Stack.push_back(S);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (Ref->getDecl() == Var) {
      const BinaryOperator *Write = nullptr;
      Access Kind = classify(Stack, Write);
      Out.push_back({Ref, Kind, Write, Top});
    }
  }
  bool Ok = true;
  for (const Stmt *Child : S->children())
    if (!(Ok = collect(Child, Var, Top, Stack, Out)))
      break;
  Stack.pop_back();
  return Ok;
}

bool isPlainLocal(const VarDecl *Var) {
  QualType Type = Var->getType();
  return Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
         !Type.isVolatileQualified() && !Type->isReferenceType() &&
         Type->isIntegralOrEnumerationType();
}

// The compound statement that declares Var as one of its statements, and
// the index of that statement; nullptr when Var is declared elsewhere.
const CompoundStmt *findHomeBlock(const Stmt *S, const VarDecl *Var,
                                  size_t &Index, unsigned Depth) {
  if (!S || Depth > MaxDepth)
    return nullptr;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    size_t I = 0;
    for (const Stmt *Child : Block->body()) {
      if (const auto *Decl = dyn_cast<DeclStmt>(Child))
        for (const clang::Decl *D : Decl->decls())
          if (D == Var) {
            Index = I;
            return Block;
          }
      ++I;
    }
  }
  for (const Stmt *Child : S->children())
    if (const CompoundStmt *Found = findHomeBlock(Child, Var, Index, Depth + 1))
      return Found;
  return nullptr;
}

// How Write sits in Statement, a statement of the home block: the whole
// statement, or the only statement of an `if` without else (then it must
// be `|=`, whose effect on either path is known). Returns false otherwise.
bool getWritePlace(const Stmt *Statement, const BinaryOperator *Write,
                   bool &Conditional) {
  if (const auto *E = dyn_cast<Expr>(Statement)) {
    Conditional = false;
    return skipParens(E) == Write;
  }
  const auto *If = dyn_cast<IfStmt>(Statement);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      Write->getOpcode() != BO_OrAssign)
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then)) {
    if (Block->size() != 1)
      return false;
    Then = Block->body_front();
  }
  const auto *E = dyn_cast<Expr>(Then);
  Conditional = true;
  return E && skipParens(E) == Write;
}

const FunctionDecl *getEnclosingFunction(const VarDecl *Var) {
  const DeclContext *Context = Var->getDeclContext();
  return dyn_cast_or_null<FunctionDecl>(Context);
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

} // namespace

bool findReachingWrites(const DeclRefExpr *Use, const VarDecl *Var,
                        std::vector<VarWrite> &Writes) {
  if (!isPlainLocal(Var))
    return false;
  const FunctionDecl *Function = getEnclosingFunction(Var);
  if (!Function || !Function->getBody())
    return false;
  // Jumps anywhere in the function could enter the block between the
  // writes and the use.
  std::vector<const Stmt *> Stack;
  std::vector<Occurrence> All;
  if (!collect(Function->getBody(), Var, 0, Stack, All))
    return false;
  size_t DeclIndex = 0;
  const CompoundStmt *Home =
      findHomeBlock(Function->getBody(), Var, DeclIndex, 0);
  if (!Home)
    return false;

  std::vector<const Stmt *> Body(Home->body_begin(), Home->body_end());
  std::vector<Occurrence> Found;
  for (size_t I = 0; I < Body.size(); ++I) {
    // A case label in the block can enter it past the declaration.
    if (isa<SwitchCase>(Body[I]))
      return false;
    Stack.clear();
    if (!collect(Body[I], Var, I, Stack, Found))
      return false;
  }
  if (Found.size() != All.size())
    return false; // used outside its declaring block: not plain C
  size_t UseTop = SIZE_MAX;
  for (const Occurrence &O : Found)
    if (O.Ref == Use)
      UseTop = O.Top;
  if (UseTop == SIZE_MAX || UseTop <= DeclIndex)
    return false;

  if (const Expr *Init = Var->getInit())
    Writes.push_back({VarWrite::Init, Init, false});
  for (const Occurrence &O : Found) {
    if (O.Kind == Access::Other)
      return false;
    if (O.Kind != Access::Write)
      continue;
    if (O.Top == UseTop)
      return false;
    if (O.Top > UseTop)
      continue; // after the use in the same block: cannot reach it
    bool Conditional = false;
    if (!getWritePlace(Body[O.Top], O.Write, Conditional))
      return false;
    VarWrite::WriteKind Kind = VarWrite::Assign;
    if (O.Write->getOpcode() == BO_OrAssign)
      Kind = VarWrite::Or;
    else if (O.Write->getOpcode() == BO_AndAssign)
      Kind = VarWrite::And;
    Writes.push_back({Kind, O.Write->getRHS(), Conditional});
  }
  return true;
}

bool getConstantReturns(const FunctionDecl *Function, const ASTContext &Context,
                        std::vector<const Expr *> &Returns) {
  const FunctionDecl *Definition = nullptr;
  if (!Function || !Function->hasBody(Definition) || !Definition ||
      Definition->isExternallyVisible() || Definition->isVariadic() ||
      Definition->isDependentContext())
    return false;
  std::vector<const ReturnStmt *> Found;
  bool Ok = true;
  collectReturns(Definition->getBody(), Found, Ok, 0);
  // With parameters, which return is taken depends on the arguments: a
  // function that picks flags of different namespaces must not be guessed.
  if (!Ok || Found.empty() ||
      (Found.size() > 1 && Definition->getNumParams() > 0))
    return false;
  for (const ReturnStmt *Return : Found) {
    const Expr *Value = Return->getRetValue();
    if (!Value || Value->isValueDependent() || Value->containsErrors() ||
        !Value->getType()->isIntegralOrEnumerationType() ||
        !Value->isEvaluatable(Context))
      return false;
    Returns.push_back(Value);
  }
  return true;
}

bool isOnlyRead(const VarDecl *Var, const Stmt *Body) {
  std::vector<const Stmt *> Stack;
  std::vector<Occurrence> Found;
  if (!collect(Body, Var, 0, Stack, Found))
    return false;
  for (const Occurrence &O : Found)
    if (O.Kind != Access::Read)
      return false;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
