//===--- LocalFlow.cpp - the values a local variable can hold ------------===//
//
// A conservative reaching-definitions pass over one block: only straight-line
// writes before the use, in the block that declares the variable, are
// trusted. Anything else makes the value unknown. One walk of a function's
// body finds the occurrences of all its variables.
//
//===----------------------------------------------------------------------===//

#include "LocalFlow.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Deeper statements are not searched: the answer is then "unclear".
constexpr unsigned MaxDepth = 512;

// How one occurrence of a variable uses it.
enum class Access { Read, Write, Other };

struct Occurrence {
  Access Kind;
  const BinaryOperator *Write; // for Access::Write
  size_t Top;                  // index of the statement in the home block
};

// A variable's occurrences, and the block that declares it.
struct VarInfo {
  std::vector<Occurrence> Occurrences;
  const CompoundStmt *Home = nullptr;
  size_t HomeFrame = 0; // its place in the walk's stack of blocks
  size_t DeclIndex = 0;
  bool Outside = false; // an occurrence outside the declaring block
  // Built on the first question.
  bool Built = false;
  bool Clear = false;
  VarHistory History;
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

bool isPlainLocal(const VarDecl *Var) {
  QualType Type = Var->getType();
  return Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
         !Type.isVolatileQualified() && !Type->isReferenceType() &&
         Type->isIntegralOrEnumerationType();
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

// Whether E is made of constants and calls, through operators: a call's
// value is checked where it is followed. The evaluator would run each call
// it meets, each time: a function returning g() | g() doubles the cost at
// every level.
bool isConstantShape(const Expr *E, const ASTContext &Context, unsigned Depth) {
  E = E->IgnoreParenCasts();
  if (Depth > MaxDepth)
    return false;
  if (isa<CallExpr>(E))
    return true;
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return isConstantShape(Binary->getLHS(), Context, Depth + 1) &&
           isConstantShape(Binary->getRHS(), Context, Depth + 1);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return isConstantShape(Unary->getSubExpr(), Context, Depth + 1);
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E))
    return isConstantShape(Conditional->getCond(), Context, Depth + 1) &&
           isConstantShape(Conditional->getTrueExpr(), Context, Depth + 1) &&
           isConstantShape(Conditional->getFalseExpr(), Context, Depth + 1);
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

} // namespace

struct LocalFunctionInfo {
  // False when the function has something that makes every answer
  // unclear (a jump, a lambda or block, depth).
  bool Clear = true;
  // Node-based, so that references stay valid while it grows.
  std::map<const VarDecl *, VarInfo> Vars;
  // The home-block statement of each occurrence inside its home block.
  llvm::DenseMap<const DeclRefExpr *, size_t> UseTops;
  // Blocks with a case label among their statements: the label can enter
  // the block past a declaration.
  llvm::DenseSet<const CompoundStmt *> BlocksWithCase;
};

namespace {

// One walk of a function's body, recording every occurrence of a variable
// and, for those inside their declaring block, the statement of that block
// that holds them.
class OccurrenceWalk {
public:
  explicit OccurrenceWalk(LocalFunctionInfo &Info) : Info(Info) {}

  // Returns false on something that makes every answer unclear.
  bool walk(const Stmt *S) {
    if (!S)
      return true;
    if (Stack.size() > MaxDepth || isa<GotoStmt>(S) ||
        isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S) || isa<LambdaExpr>(S) ||
        isa<BlockExpr>(S) || isa<CoroutineBodyStmt>(S))
      return false;
    Stack.push_back(S);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        record(Ref, Var);
    bool Ok = true;
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      Ok = walkBlock(Block);
    } else {
      for (const Stmt *Child : S->children())
        if (!(Ok = walk(Child)))
          break;
    }
    Stack.pop_back();
    return Ok;
  }

private:
  struct Frame {
    const CompoundStmt *Block;
    size_t Index;
  };

  bool walkBlock(const CompoundStmt *Block) {
    Frames.push_back({Block, 0});
    size_t I = 0;
    for (const Stmt *Child : Block->body()) {
      Frames.back().Index = I;
      if (isa<SwitchCase>(Child))
        Info.BlocksWithCase.insert(Block);
      if (const auto *Decl = dyn_cast<DeclStmt>(Child))
        for (const clang::Decl *D : Decl->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D)) {
            VarInfo &Home = Info.Vars[Var];
            Home.Home = Block;
            Home.HomeFrame = Frames.size() - 1;
            Home.DeclIndex = I;
          }
      if (!walk(Child))
        return false;
      ++I;
    }
    Frames.pop_back();
    return true;
  }

  void record(const DeclRefExpr *Ref, const VarDecl *Var) {
    VarInfo &Found = Info.Vars[Var];
    Occurrence O{Access::Other, nullptr, 0};
    O.Kind = classify(Stack, O.Write);
    if (Found.Home && Found.HomeFrame < Frames.size() &&
        Frames[Found.HomeFrame].Block == Found.Home) {
      O.Top = Frames[Found.HomeFrame].Index;
      Info.UseTops[Ref] = O.Top;
    } else {
      Found.Outside = true;
    }
    Found.Occurrences.push_back(O);
  }

  LocalFunctionInfo &Info;
  std::vector<const Stmt *> Stack;
  std::vector<Frame> Frames;
};

// Lists Var's writes once: the initializer, then each write in its block.
void buildHistory(const LocalFunctionInfo &Function, const VarDecl *Var,
                  VarInfo &Info) {
  Info.Built = true;
  Info.Clear = Function.Clear && Info.Home && !Info.Outside &&
               !Function.BlocksWithCase.count(Info.Home);
  if (!Info.Clear)
    return;
  VarHistory &History = Info.History;
  History.DeclIndex = Info.DeclIndex;
  if (const Expr *Init = Var->getInit()) {
    History.Writes.push_back({VarWrite::Init, Init, false});
    History.Tops.push_back(Info.DeclIndex);
  }
  History.FirstUnclear = SIZE_MAX;
  for (const Occurrence &O : Info.Occurrences) {
    if (O.Kind == Access::Other) {
      Info.Clear = false;
      return;
    }
    if (O.Kind != Access::Write)
      continue;
    bool Conditional = false;
    if (!getWritePlace(Info.Home->body_begin()[O.Top], O.Write, Conditional) &&
        History.FirstUnclear == SIZE_MAX)
      History.FirstUnclear = History.Writes.size();
    VarWrite::WriteKind Kind = VarWrite::Assign;
    if (O.Write->getOpcode() == BO_OrAssign)
      Kind = VarWrite::Or;
    else if (O.Write->getOpcode() == BO_AndAssign)
      Kind = VarWrite::And;
    History.Writes.push_back({Kind, O.Write->getRHS(), Conditional});
    History.Tops.push_back(O.Top);
  }
  if (History.FirstUnclear == SIZE_MAX)
    History.FirstUnclear = History.Writes.size();
}

} // namespace

LocalIndex::LocalIndex() = default;
LocalIndex::~LocalIndex() = default;

LocalFunctionInfo *LocalIndex::getFunction(const VarDecl *Var) {
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Var->getDeclContext());
  if (!Function || !Function->getBody())
    return nullptr;
  std::unique_ptr<LocalFunctionInfo> &Info = Functions[Function];
  if (!Info) {
    Info = std::make_unique<LocalFunctionInfo>();
    Info->Clear = OccurrenceWalk(*Info).walk(Function->getBody());
  }
  return Info.get();
}

bool LocalIndex::findReachingWrites(const DeclRefExpr *Use, const VarDecl *Var,
                                    ReachingWrites &Reach) {
  if (!isPlainLocal(Var))
    return false;
  LocalFunctionInfo *Function = getFunction(Var);
  if (!Function || !Function->Clear)
    return false;
  auto Found = Function->Vars.find(Var);
  auto UseTop = Function->UseTops.find(Use);
  if (Found == Function->Vars.end() || UseTop == Function->UseTops.end())
    return false;
  VarInfo &Info = Found->second;
  if (!Info.Built)
    buildHistory(*Function, Var, Info);
  const VarHistory &History = Info.History;
  if (!Info.Clear || UseTop->second <= History.DeclIndex)
    return false;
  // A write in the statement of the use, or an unclear one before it.
  auto Next = std::lower_bound(History.Tops.begin(), History.Tops.end(),
                               UseTop->second);
  if (Next != History.Tops.end() && *Next == UseTop->second)
    return false;
  size_t Count = static_cast<size_t>(Next - History.Tops.begin());
  if (Count > History.FirstUnclear)
    return false;
  Reach.History = &History;
  Reach.Count = Count;
  return true;
}

bool LocalIndex::isOnlyRead(const VarDecl *Var) {
  LocalFunctionInfo *Function = getFunction(Var);
  if (!Function || !Function->Clear)
    return false;
  auto Found = Function->Vars.find(Var);
  if (Found == Function->Vars.end())
    return true;
  for (const Occurrence &O : Found->second.Occurrences)
    if (O.Kind != Access::Read)
      return false;
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
        !isConstantShape(Value, Context, 0))
      return false;
    Returns.push_back(Value);
  }
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
