//===--- LocalFlow.cpp - the values a local variable can hold ------------===//
//
// A conservative reaching-definitions pass over one block: only straight-line
// writes before the use, in the block that declares the variable, are
// trusted. Anything else makes the value unknown. One walk of a function's
// body finds the occurrences of all its variables.
//
//===----------------------------------------------------------------------===//

#include "reach/LocalFlow.h"
#include "reach/BranchWrites.h"

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
// A lambda's body is walked with each function around it: deeper nested
// lambdas make the answer unclear, so that no body is walked more often.
constexpr unsigned MaxLambdaNesting = 4;

// How one occurrence of a variable uses it. Alias: `&s` initializing a
// local pointer through which s's fields are read and written (`p->f`).
// RefCapture: a lambda captures the variable by reference.
enum class Access { Read, Write, Other, Alias, RefCapture };

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

// Classifies the occurrence Stack[I] (a DeclRefExpr, or the MemberExpr of
// a field) by the first ancestor that is not a parenthesis.
Access classify(const std::vector<const Stmt *> &Stack, size_t I,
                const BinaryOperator *&Write) {
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

// The field F when Stack[I] (a DeclRefExpr) is the base of `Var.F`, after
// parentheses; null otherwise.
const FieldDecl *getFieldOf(const std::vector<const Stmt *> &Stack, size_t &I) {
  while (I > 0 && isa<ParenExpr>(Stack[I - 1]))
    --I;
  if (I == 0)
    return nullptr;
  const auto *Member = dyn_cast<MemberExpr>(Stack[I - 1]);
  if (!Member || Member->isArrow())
    return nullptr;
  --I;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

// The field F when Stack[I] (a DeclRefExpr of a pointer) is the base of
// `Ptr->F`, after parentheses and its read; null otherwise.
const FieldDecl *getArrowFieldOf(const std::vector<const Stmt *> &Stack,
                                 size_t &I) {
  size_t J = I;
  while (J > 0 && isa<ParenExpr>(Stack[J - 1]))
    --J;
  const auto *Read = J > 0 ? dyn_cast<ImplicitCastExpr>(Stack[J - 1]) : nullptr;
  if (!Read || Read->getCastKind() != CK_LValueToRValue)
    return nullptr;
  --J;
  while (J > 0 && isa<ParenExpr>(Stack[J - 1]))
    --J;
  const auto *Member = J > 0 ? dyn_cast<MemberExpr>(Stack[J - 1]) : nullptr;
  if (!Member || !Member->isArrow())
    return nullptr;
  I = J - 1;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

bool isLocalObject(const VarDecl *Var) {
  QualType Type = Var->getType();
  return Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
         !Type.isVolatileQualified() && !Type->isReferenceType();
}

// An integer, or a function pointer (CallTargets.h).
bool isPlainLocal(const VarDecl *Var) {
  QualType Type = Var->getType();
  return isLocalObject(Var) && (Type->isIntegralOrEnumerationType() ||
                                Type->isFunctionPointerType());
}

// A local struct whose integer fields can be followed one by one.
bool isLocalStruct(const VarDecl *Var) {
  if (!isLocalObject(Var))
    return false;
  const auto *Record = Var->getType()->getAsRecordDecl();
  return Record && !Record->isUnion() && Record->getDefinition();
}

// The local struct S when Var is a local pointer initialized with `&S`
// pointing to S's own type; null otherwise.
const VarDecl *getAliasedStruct(const VarDecl *Var,
                                const UnaryOperator *&AddrOf) {
  if (!isLocalObject(Var) || !Var->getType()->isPointerType() ||
      !Var->getInit())
    return nullptr;
  AddrOf = dyn_cast<UnaryOperator>(Var->getInit()->IgnoreParenImpCasts());
  if (!AddrOf || AddrOf->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(AddrOf->getSubExpr()->IgnoreParens());
  const auto *Struct = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Struct || !isLocalStruct(Struct))
    return nullptr;
  const RecordDecl *Pointee =
      Var->getType()->getPointeeType()->getAsRecordDecl();
  const RecordDecl *Record = Struct->getType()->getAsRecordDecl();
  if (!Pointee || Pointee->getCanonicalDecl() != Record->getCanonicalDecl() ||
      Var->getType()->getPointeeType().isVolatileQualified())
    return nullptr;
  return Struct;
}

bool isFollowableField(const FieldDecl *Field) {
  QualType Type = Field->getType();
  return !Field->isBitField() && !Type.isVolatileQualified() &&
         Type->isIntegralOrEnumerationType();
}

} // namespace

using VarKey = std::pair<const VarDecl *, const FieldDecl *>;

struct LocalFunctionInfo {
  // False when the function has something that makes every answer
  // unclear (a jump, a lambda or block, depth).
  bool Clear = true;
  // Node-based, so that references stay valid while it grows. A struct's
  // fields read or written as `Var.F` are keyed apart, {Var, F}; its other
  // occurrences are under {Var, null}.
  std::map<VarKey, VarInfo> Vars;
  // The home-block statement of each occurrence inside its home block.
  llvm::DenseMap<const DeclRefExpr *, size_t> UseTops;
  // Blocks with a case label among their statements: the label can enter
  // the block past a declaration.
  llvm::DenseSet<const CompoundStmt *> BlocksWithCase;
  // Local pointers initialized with `&S` of a local struct: `P->F` is an
  // occurrence of S.F. Their `&S`, and the pointers to each struct.
  llvm::DenseMap<const VarDecl *, const VarDecl *> Aliases;
  llvm::DenseSet<const UnaryOperator *> AliasInits;
  std::map<const VarDecl *, std::vector<const VarDecl *>> AliasedBy;
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
        isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S) || isa<BlockExpr>(S) ||
        isa<CoroutineBodyStmt>(S))
      return false;
    Stack.push_back(S);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        record(Ref, Var);
    bool Ok = true;
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      Ok = walkBlock(Block);
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      Ok = walkLambda(Lambda);
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
            VarInfo &Home = Info.Vars[{Var, nullptr}];
            Home.Home = Block;
            Home.HomeFrame = Frames.size() - 1;
            Home.DeclIndex = I;
            const UnaryOperator *AddrOf = nullptr;
            if (const VarDecl *Struct = getAliasedStruct(Var, AddrOf)) {
              Info.Aliases[Var] = Struct;
              Info.AliasInits.insert(AddrOf);
              Info.AliasedBy[Struct].push_back(Var);
            }
          }
      if (!walk(Child))
        return false;
      ++I;
    }
    Frames.pop_back();
    return true;
  }

  void record(const DeclRefExpr *Ref, const VarDecl *Var) {
    size_t At = Stack.size() - 1;
    const FieldDecl *Field = nullptr;
    if (isLocalStruct(Var)) {
      size_t Member = At;
      Field = getFieldOf(Stack, Member);
      if (Field)
        At = Member;
    } else if (!Info.Aliases.empty()) {
      // `P->F` of a pointer to a local struct S is S.F.
      auto Alias = Info.Aliases.find(Var);
      size_t Member = At;
      if (Alias != Info.Aliases.end() &&
          (Field = getArrowFieldOf(Stack, Member))) {
        At = Member;
        Var = Alias->second;
      }
    }
    VarInfo &Whole = Info.Vars[{Var, nullptr}];
    VarInfo &Found = Field ? Info.Vars[{Var, Field}] : Whole;
    if (Field) {
      Found.Home = Whole.Home;
      Found.HomeFrame = Whole.HomeFrame;
      Found.DeclIndex = Whole.DeclIndex;
    }
    Occurrence O{Access::Other, nullptr, 0};
    O.Kind = classify(Stack, At, O.Write);
    if (!Field && At > 0 && Info.AliasInits.count(getAddrOf(At)))
      O.Kind = Access::Alias;
    if (RefCaptures.count(Ref))
      O.Kind = Access::RefCapture;
    else if (InLambdaBody && O.Kind != Access::Read)
      O.Kind = Access::Other;
    if (Found.Home && Found.HomeFrame < Frames.size() &&
        Frames[Found.HomeFrame].Block == Found.Home) {
      O.Top = Frames[Found.HomeFrame].Index;
      Info.UseTops[Ref] = O.Top;
    } else {
      Found.Outside = true;
    }
    Found.Occurrences.push_back(O);
  }

  // A lambda's captures run where it is written; its body later, any
  // number of times: an occurrence there is at the lambda's statement, a
  // write there makes the variable unclear (Other), and a variable the
  // lambda captures by reference must not be written after it (RefCapture).
  bool walkLambda(const LambdaExpr *Lambda) {
    auto Init = Lambda->capture_init_begin();
    for (auto Capture = Lambda->capture_begin();
         Capture != Lambda->capture_end(); ++Capture, ++Init) {
      if (!Capture->capturesVariable() || !*Init)
        continue;
      const auto *Var = dyn_cast<VarDecl>(Capture->getCapturedVar());
      const auto *Ref = dyn_cast<DeclRefExpr>(*Init);
      if (Var && !Var->isInitCapture() && Ref && Ref->getDecl() == Var &&
          Capture->getCaptureKind() == LCK_ByRef)
        RefCaptures.insert(Ref);
    }
    for (auto I = Lambda->capture_init_begin(); I != Lambda->capture_init_end();
         ++I)
      if (!walk(*I))
        return false;
    if (InLambdaBody >= MaxLambdaNesting)
      return false;
    ++InLambdaBody;
    bool Ok = walk(Lambda->getBody());
    --InLambdaBody;
    return Ok;
  }

  // The `&` Stack[At] is the operand of, after parentheses; null if none.
  const UnaryOperator *getAddrOf(size_t At) const {
    while (At > 0 && isa<ParenExpr>(Stack[At - 1]))
      --At;
    return At > 0 ? dyn_cast<UnaryOperator>(Stack[At - 1]) : nullptr;
  }

  LocalFunctionInfo &Info;
  std::vector<const Stmt *> Stack;
  std::vector<Frame> Frames;
  llvm::DenseSet<const DeclRefExpr *> RefCaptures;
  unsigned InLambdaBody = 0;
};

// The first value of Key: the variable's initializer, or for a field the
// brace list's value for it (0 for a field the list leaves out). Returns
// false when there is none; Value is null when it is not known.
bool getFirstValue(const VarKey &Key, const Expr *&Value) {
  const Expr *Init = Key.first->getInit();
  Value = Init;
  if (!Init || !Key.second)
    return Init != nullptr;
  Value = nullptr;
  const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  if (List && !List->isSemanticForm())
    List = List->getSemanticForm();
  const RecordDecl *Record = Key.second->getParent();
  if (!List || List->getType()->getAsRecordDecl() != Record)
    return true;
  for (const auto &Field : getFieldInitializers(List, Record))
    if (Field.first == Key.second)
      Value = Field.second;
  return true;
}

// Whether a pointer to a local struct is used only as `P->F`: any other
// use (written, passed on, copied) may change the struct unseen.
bool isOnlyArrowAccess(const LocalFunctionInfo &Function, const VarDecl *Ptr) {
  auto Own = Function.Vars.find({Ptr, nullptr});
  return Own == Function.Vars.end() || Own->second.Occurrences.empty();
}

// Whether the struct of a field is used only as `Var.F` (or `P->F` through
// a pointer to it used only so), or read whole.
bool isOnlyFieldAccess(const LocalFunctionInfo &Function, const VarKey &Key) {
  if (!Key.second)
    return true;
  if (!isFollowableField(Key.second))
    return false;
  auto Whole = Function.Vars.find({Key.first, nullptr});
  if (Whole == Function.Vars.end())
    return true;
  bool Aliased = false;
  for (const Occurrence &O : Whole->second.Occurrences) {
    if (O.Kind == Access::Alias)
      Aliased = true;
    else if (O.Kind != Access::Read)
      return false;
  }
  if (Aliased) {
    auto Pointers = Function.AliasedBy.find(Key.first);
    if (Pointers == Function.AliasedBy.end())
      return false;
    for (const VarDecl *Ptr : Pointers->second)
      if (!isOnlyArrowAccess(Function, Ptr))
        return false;
  }
  return true;
}

// Lists Key's writes once: the first value, then what each statement of
// its block that writes it does (BranchWrites.h).
void buildHistory(const LocalFunctionInfo &Function, const VarKey &Key,
                  VarInfo &Info) {
  Info.Built = true;
  Info.Clear = Function.Clear && Info.Home && !Info.Outside &&
               !Function.BlocksWithCase.count(Info.Home) &&
               isOnlyFieldAccess(Function, Key);
  if (!Info.Clear)
    return;
  VarHistory &History = Info.History;
  History.DeclIndex = Info.DeclIndex;
  const Expr *First = nullptr;
  if (getFirstValue(Key, First)) {
    History.Writes.push_back({VarWrite::Init, {First}, false});
    History.Tops.push_back(Info.DeclIndex);
  }
  History.FirstUnclear = SIZE_MAX;
  const std::vector<Occurrence> &All = Info.Occurrences;
  // Captured by reference: what a lambda reads is the value at its call,
  // certain only when nothing writes it from the capture on.
  bool Captured = false;
  for (size_t I = 0; I < All.size();) {
    // The writes in one statement of the home block.
    size_t Top = All[I].Top;
    std::vector<const BinaryOperator *> Writes;
    for (; I < All.size() && All[I].Top == Top; ++I) {
      if (All[I].Kind == Access::Other || All[I].Kind == Access::Alias) {
        Info.Clear = false;
        return;
      }
      if (All[I].Kind == Access::RefCapture)
        Captured = true;
      if (All[I].Kind == Access::Write)
        Writes.push_back(All[I].Write);
    }
    if (Writes.empty())
      continue;
    if (Captured) {
      Info.Clear = false;
      return;
    }
    VarWrite Write{VarWrite::Assign, {nullptr}, false};
    if (!getStatementWrite(Info.Home->body_begin()[Top], Writes, Write) &&
        History.FirstUnclear == SIZE_MAX)
      History.FirstUnclear = History.Writes.size();
    History.Writes.push_back(std::move(Write));
    History.Tops.push_back(Top);
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
                                    ReachingWrites &Reach,
                                    const FieldDecl *Field) {
  if (Field ? !isLocalStruct(Var) : !isPlainLocal(Var))
    return false;
  LocalFunctionInfo *Function = getFunction(Var);
  if (!Function || !Function->Clear)
    return false;
  VarKey Key{Var, Field};
  auto Found = Function->Vars.find(Key);
  auto UseTop = Function->UseTops.find(Use);
  if (Found == Function->Vars.end() || UseTop == Function->UseTops.end())
    return false;
  VarInfo &Info = Found->second;
  if (!Info.Built)
    buildHistory(*Function, Key, Info);
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

const VarDecl *LocalIndex::getAliasedStruct(const VarDecl *Ptr) {
  LocalFunctionInfo *Function = getFunction(Ptr);
  if (!Function || !Function->Clear)
    return nullptr;
  auto Found = Function->Aliases.find(Ptr);
  return Found == Function->Aliases.end() ? nullptr : Found->second;
}

bool LocalIndex::isOnlyRead(const VarDecl *Var) {
  LocalFunctionInfo *Function = getFunction(Var);
  if (!Function || !Function->Clear)
    return false;
  auto Found = Function->Vars.find({Var, nullptr});
  if (Found == Function->Vars.end())
    return true;
  for (const Occurrence &O : Found->second.Occurrences)
    if (O.Kind != Access::Read && O.Kind != Access::RefCapture)
      return false;
  return true;
}

std::vector<std::pair<const FieldDecl *, const Expr *>>
getFieldInitializers(const InitListExpr *List, const RecordDecl *Record) {
  std::vector<std::pair<const FieldDecl *, const Expr *>> Inits;
  unsigned Index = 0;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(Record))
    Index = Class->getNumBases();
  for (const FieldDecl *Field : Record->fields()) {
    if (Field->isBitField() && !Field->getDeclName())
      continue; // unnamed bit-fields take no initializer
    if (Index >= List->getNumInits())
      break;
    Inits.push_back({Field, List->getInit(Index++)});
  }
  return Inits;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
