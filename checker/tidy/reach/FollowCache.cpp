//===--- FollowCache.cpp - followed values kept for a translation unit ---===//
//
// Follows local variables and static functions for the term extractor, each
// value once: a variable's value at a point of its history is the value at
// the point before with one more write applied. What it follows is walked
// by the extractor (ValueWalker).
//
//===----------------------------------------------------------------------===//

#include "reach/FollowCache.h"
#include "reach/ConstantReturns.h"

#include "clang/Basic/SourceManager.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

// What the followed values used while one value was computed.
struct ValueFollower::FollowScope {
  unsigned Needed = 0;     // the most nested follows one of them took
  bool Overran = false;    // one was too deep for the budget
  bool Overflowed = false; // one had too many terms
};

namespace {

// A write whose value does not depend on the value before it.
bool isReset(const VarWrite &Write) {
  return Write.Kind == VarWrite::Init ||
         (Write.Kind == VarWrite::Assign && !Write.Conditional &&
          !Write.Values.empty());
}

// A value too large to be worth following is unknown. (A tree has at most
// two nodes per term or unknown part, and unknown parts are capped too.)
void limitTerms(FollowedValue &Held) {
  if (Held.Value.Terms.size() <= FollowCache::MaxTerms &&
      Held.Value.Nodes.size() <= 4 * FollowCache::MaxTerms)
    return;
  Held.Value = ExtractedValue();
  addUnknown(Held.Value);
  Held.Overflowed = true;
}

} // namespace

void FollowCache::noteEntry(const InitListExpr *List) {
  const InitListExpr *Semantic =
      List->isSemanticForm() ? List : List->getSemanticForm();
  if (!Semantic)
    return;
  for (const Expr *Init : Semantic->inits())
    if (const auto *Inner = dyn_cast_or_null<InitListExpr>(Init))
      Entries[Inner] = Semantic;
}

bool FollowCache::readsArgument(const fs_rules *Rules,
                                const std::string &Function,
                                const char *Number, unsigned Pos) {
  if (Pos >= 64 || Function == "syscall")
    return fs_rules_reads_argument(Rules, Function.c_str(), Number, Pos);
  ArgumentsRead &Known = Reads[Function];
  uint64_t Bit = uint64_t(1) << Pos;
  if (!(Known.Asked & Bit)) {
    Known.Asked |= Bit;
    if (fs_rules_reads_argument(Rules, Function.c_str(), Number, Pos))
      Known.Read |= Bit;
  }
  return (Known.Read & Bit) != 0;
}

void ValueFollower::start() {
  Budget = FollowCache::MaxFollows;
  Scope = nullptr;
}

void ValueFollower::substitute(const NamedDecl *Param,
                               const FunctionDecl *Owner) {
  SubstParam = Param;
  SubstOwner = Owner;
  AlsoSubst.clear();
  SubstValues.clear();
}

bool ValueFollower::isSubstituted(const NamedDecl *Param) const {
  return Param && (Param == SubstParam ||
                   std::find(AlsoSubst.begin(), AlsoSubst.end(), Param) !=
                       AlsoSubst.end());
}

bool ValueFollower::follow(const Expr *E, ExtractedValue &Value,
                           unsigned Depth) {
  return followFrameArgument(E, Value, Depth) ||
         followVariable(E, Value, Depth) || followConstant(E, Value, Depth) ||
         followStaticData(E, Value, Depth) ||
         followFieldWrites(E, Value, Depth) ||
         followConstantCall(E, Value, Depth) ||
         followCombinedCall(E, Value, Depth);
}

// The variables of the function whose parameter is substituted (and of its
// lambdas, which may capture it) may hold what it stands for: their values
// are kept only while it does.
FollowedValues &ValueFollower::getValues(const VarDecl *Var) {
  if (SubstParam && SubstOwner->Encloses(Var->getDeclContext()))
    return SubstValues;
  return Cache.Values;
}

bool ValueFollower::isUsable(const FollowedValue &Held) const {
  return Held.Known && Held.Needed <= Budget;
}

// Usable, or known to need more nested follows than the budget allows.
bool ValueFollower::isReady(const FollowedValue &Held) const {
  return Held.Known || Held.FailedAt >= static_cast<int>(Budget);
}

// Appends a followed value, or marks Value unknown when it was too deep;
// the value being computed, if any, learns how deep this one went.
void ValueFollower::usePassed(ExtractedValue &Value, const FollowedValue *Held,
                              SourceLocation PassedLoc) {
  if (!Held || !isUsable(*Held)) {
    addUnknown(Value);
    if (Scope)
      Scope->Overran = true;
    return;
  }
  if (Scope) {
    Scope->Needed = std::max(Scope->Needed, Held->Needed);
    Scope->Overflowed |= Held->Overflowed;
  }
  appendPassed(Value, Held->Value, PassedLoc);
}

// A local variable, or a field of a local struct (`Var.F`, or `P->F`
// through a local pointer to it), whose reaching writes are certain
// (LocalFlow.h).
bool ValueFollower::followVariable(const Expr *E, ExtractedValue &Value,
                                   unsigned) {
  const FieldDecl *Field = nullptr;
  bool Arrow = false;
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field)
      return false;
    Arrow = Member->isArrow();
    E = Arrow ? Member->getBase()->IgnoreParenImpCasts()
              : Member->getBase()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // `P->F` through a local pointer to a local struct S is S.F.
  if (Var && Arrow)
    Var = Cache.Locals.getAliasedStruct(Var);
  if (Var && !Field && Var->isInitCapture())
    return followInitCapture(Ref, Var, Value);
  ReachingWrites Reach;
  if (!Var || !Cache.Locals.findReachingWrites(Ref, Var, Reach, Field))
    return false;
  usePassed(Value, Budget ? getHeldValue(Var, Reach) : nullptr,
            Ref->getBeginLoc());
  return true;
}

// The value of Definition, computed once for Key (within the budget) and
// used where Ref is; false when it cannot be followed.
bool ValueFollower::useOnce(const Decl *Key, const Expr *Definition,
                            const DeclRefExpr *Ref, ExtractedValue &Value) {
  FollowedValue &Held = Cache.Values.slot(Key, 0);
  if (Budget && !Held.Unfollowable && !isReady(Held))
    computeEither({Definition}, Held);
  if (Held.Unfollowable)
    return false;
  usePassed(Value, Budget ? &Held : nullptr, Ref->getBeginLoc());
  return true;
}

// A lambda's init capture by copy (`[fl = O_RDONLY]`) that its body only
// reads: the value its initializer gives where the lambda is written,
// computed once. (Not while a parameter is substituted: the value is kept
// for every caller.)
bool ValueFollower::followInitCapture(const DeclRefExpr *Ref,
                                      const VarDecl *Var,
                                      ExtractedValue &Value) {
  QualType Type = Var->getType();
  const Expr *Init = Var->getInit();
  if (SubstParam || !Init || Type->isReferenceType() ||
      Type.isVolatileQualified() || !Type->isIntegralOrEnumerationType() ||
      !Cache.Locals.isOnlyRead(Var))
    return false;
  return useOnce(Var, Init, Ref, Value);
}

// The value Var holds after Reach's writes. Starts from the latest point of
// its history already known (or known too deep) at this budget, or from the
// last write that replaces the value, and keeps each point on the way.
const FollowedValue *
ValueFollower::getHeldValue(const VarDecl *Var, const ReachingWrites &Reach) {
  FollowedValues &Values = getValues(Var);
  const std::vector<VarWrite> &Writes = Reach.History->Writes;
  size_t Point = Reach.Count;
  const FollowedValue *Prev = nullptr; // at Point; null: nothing written
  const void *Key = Reach.History;
  while (Point > 0) {
    FollowedValue *Held = Values.find(Key, Point);
    if (Held && isReady(*Held)) {
      Prev = Held;
      break;
    }
    --Point;
    if (isReset(Writes[Point]))
      break;
  }
  for (size_t Next = Point + 1; Next <= Reach.Count; ++Next) {
    FollowedValue &State = Values.slot(Key, Next);
    computeState(Writes[Next - 1], Prev, State);
    Prev = &State;
  }
  return Prev;
}

// Runs Walk one follow deeper, in the scope Inner. False when a value it
// followed was too deep for the budget left: FailedAt keeps the largest
// budget that was too small.
bool ValueFollower::followDeeper(FollowScope &Inner, int &FailedAt,
                                 llvm::function_ref<void()> Walk) {
  FollowScope *Outer = Scope;
  Scope = &Inner;
  --Budget;
  Walk();
  ++Budget;
  Scope = Outer;
  if (!Inner.Overran)
    return true;
  FailedAt = std::max(FailedAt, static_cast<int>(Budget));
  return false;
}

// One more write: State from Prev (null: no value yet, unknown).
void ValueFollower::computeState(const VarWrite &Write,
                                 const FollowedValue *Prev,
                                 FollowedValue &State) {
  bool Reset = isReset(Write);
  if (!Reset && Prev && !isUsable(*Prev)) {
    State.FailedAt = std::max(State.FailedAt, static_cast<int>(Budget));
    return;
  }
  if (!Reset && Prev && Prev->Overflowed) {
    State = *Prev;
    return;
  }
  ExtractedValue Acc;
  addUnknown(Acc); // no initializer: unknown until assigned
  unsigned Needed = 1;
  if (!Reset && Prev) {
    Acc = Prev->Value;
    Needed = Prev->Needed;
  }
  FollowScope Inner;
  if (!followDeeper(Inner, State.FailedAt,
                    [&] { applyWrite(Write, Acc, 0); }))
    return;
  State.Known = true;
  State.Needed = std::max(Needed, Inner.Needed + 1);
  State.Value = std::move(Acc);
  limitTerms(State);
}

// A call of a static function that only returns constants: the value is
// one of its returns. When the return taken may depend on the arguments
// (`mode(bool w)` returning O_WRONLY | O_CREAT or O_RDONLY), only at a call
// whose every argument holds something not known: a known one may pick
// one return, which is not guessed.
bool ValueFollower::followConstantCall(const Expr *E, ExtractedValue &Value,
                                       unsigned Depth) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return false;
  const Decl *Key = Callee->getCanonicalDecl();
  FollowedValue *Held = Cache.Values.find(Key, 0);
  if (!Held) {
    std::vector<const Expr *> Returns;
    bool ByArguments = false;
    bool Followed =
        getConstantReturns(Callee, Context, Returns, ByArguments) &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Returns.front()->getBeginLoc()));
    Held = &Cache.Values.slot(Key, 0);
    Held->Unfollowable = !Followed;
    Held->ByArguments = ByArguments;
  }
  if (Held->Unfollowable ||
      (Held->ByArguments && !givesNothingKnown(Call, Depth)))
    return false;
  if (Budget && !isReady(*Held))
    computeReturns(Callee, *Held);
  if (Held->Unfollowable)
    return false;
  usePassed(Value, Budget ? Held : nullptr, Call->getBeginLoc());
  return true;
}

void ValueFollower::computeReturns(const FunctionDecl *Callee,
                                   FollowedValue &Held) {
  std::vector<const Expr *> Returns;
  bool ByArguments = false;
  getConstantReturns(Callee, Context, Returns, ByArguments);
  computeEither(Returns, Held);
}

// Whether every argument of Call is an integer whose value, followed, has a
// part not known, or a string the caller was given (the `mode` of a
// `my_fopen(path, mode)` passed on to a helper mapping it to open flags); a
// pointer or a string otherwise may pick a return too: not followed. What
// the walks follow counts for the value being computed, as any follow.
bool ValueFollower::givesNothingKnown(const CallExpr *Call, unsigned Depth) {
  for (const Expr *Arg : Call->arguments()) {
    int64_t Constant;
    if (isGivenString(Arg))
      continue;
    if (!Arg->getType()->isIntegralOrEnumerationType() ||
        evaluateInteger(Arg, Context, Constant))
      return false;
    ExtractedValue Given;
    Walker.walk(Arg, Given, Depth + 1);
    if (!Given.HasUnknown)
      return false;
  }
  return true;
}

// A parameter of the calling function, a pointer to const characters, that
// the function never changes: the caller holds nothing known of the
// string.
bool ValueFollower::isGivenString(const Expr *Arg) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || isSubstituted(Param) || !Param->getType()->isPointerType())
    return false;
  QualType Pointee = Param->getType()->getPointeeType();
  return Pointee.isConstQualified() && Pointee->isAnyCharacterType() &&
         Cache.Locals.isOnlyRead(Param);
}

namespace {
// The definition that gives a name used in a function its value when the
// name is a constant defined outside the statements that can change it: a
// const (or constexpr) integer variable, not a parameter, whose initializer
// is a constant expression, or an enumerator with an explicit value. Key is
// what its value is kept under.
const Expr *getConstantDefinition(const DeclRefExpr *Ref,
                                  const ASTContext &Context, const Decl *&Key) {
  const Expr *Init = nullptr;
  if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(Ref->getDecl())) {
    Key = Enumerator;
    Init = Enumerator->getInitExpr();
  } else if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
    QualType Type = Var->getType();
    const VarDecl *Def = nullptr;
    if (isa<ParmVarDecl>(Var) || !Type.isConstQualified() ||
        Type.isVolatileQualified() || !Type->isIntegralOrEnumerationType())
      return nullptr;
    Init = Var->getAnyInitializer(Def);
    Key = Def ? Def->getCanonicalDecl() : nullptr;
  }
  if (!Init || !Key || Init->isValueDependent() ||
      !Init->isIntegerConstantExpr(Context))
    return nullptr;
  return Init;
}
} // namespace

// A constant defined outside the function (or a const local the local flow
// did not follow): its value is its definition's, computed once.
bool ValueFollower::followConstant(const Expr *E, ExtractedValue &Value,
                                   unsigned) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const Decl *Key = nullptr;
  const Expr *Definition =
      Ref ? getConstantDefinition(Ref, Context, Key) : nullptr;
  if (!Definition ||
      SM.isInSystemHeader(SM.getExpansionLoc(Definition->getBeginLoc())))
    return false;
  return useOnce(Key, Definition, Ref, Value);
}

// Static data never changed (StaticData.h): any of the values its
// initializer gives the fields and elements read, each where it is written.
bool ValueFollower::followStaticData(const Expr *E, ExtractedValue &Value,
                                     unsigned) {
  StaticPath Path;
  if (!E->getType()->isIntegralOrEnumerationType() ||
      !getStaticPath(E, Path) ||
      SM.isInSystemHeader(SM.getExpansionLoc(Path.Var->getLocation())))
    return false;
  const void *Key = Path.Var->getCanonicalDecl();
  size_t Index = Cache.getPathId(Path.Steps) + 1;
  FollowedValue *Held = Cache.Values.find(Key, Index);
  if (!Held) {
    bool Followed = Cache.Globals.isNeverWritten(
        Path.Var, const_cast<ASTContext &>(Context));
    Held = &Cache.Values.slot(Key, Index);
    Held->Unfollowable = !Followed;
  }
  return useEither(*Held, E, Value, [&](std::vector<const Expr *> &Leaves) {
    return getStaticLeaves(Path, Leaves);
  });
}

// A field of the user's own struct, read anywhere (`cfg.flags`, `o->f`,
// a C++ member): one of the values the unit gives it (FieldWrites.h),
// when each is a constant. A field with rules of its own (open_how.flags)
// is checked where it is written; one declared in a system header is the
// library's.
bool ValueFollower::followFieldWrites(const Expr *E, ExtractedValue &Value,
                                      unsigned) {
  const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParens());
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  if (!Field || !E->getType()->isIntegralOrEnumerationType() ||
      Field->isMutable() || Field->getType().isVolatileQualified() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Field->getLocation())))
    return false;
  const void *Key = Field->getCanonicalDecl();
  FollowedValue *Held = Cache.Values.find(Key, 0);
  if (!Held) {
    Held = &Cache.Values.slot(Key, 0);
    Held->Unfollowable = false;
  }
  auto &Ctx = const_cast<ASTContext &>(Context);
  return useEitherUnsubstituted(
      *Held, E, Value, [&](std::vector<const Expr *> &Writes) {
        return Cache.Fields.getWrites(Field, Ctx, Writes) &&
               Cache.Constructions.expand(Writes, Ctx);
      });
}

// useEither for a value kept for every caller: its writes (a
// constructor's arguments among them) are walked with no parameter
// substituted and outside any combined call's frame.
bool ValueFollower::useEitherUnsubstituted(
    FollowedValue &Held, const Expr *E, ExtractedValue &Value,
    llvm::function_ref<bool(std::vector<const Expr *> &)> Get) {
  const NamedDecl *Param = SubstParam;
  const FunctionDecl *Owner = SubstOwner;
  const CallFrame *Outer = Frame;
  llvm::SmallVector<const NamedDecl *, 2> Also;
  Also.swap(AlsoSubst);
  SubstParam = nullptr;
  SubstOwner = nullptr;
  Frame = nullptr;
  bool Used = useEither(Held, E, Value, Get);
  SubstParam = Param;
  SubstOwner = Owner;
  Frame = Outer;
  AlsoSubst.swap(Also);
  return Used;
}

// Held, computed first when the budget allows from the values Get gives
// (one of them; none, or Get false: not followed), used where E is.
bool ValueFollower::useEither(
    FollowedValue &Held, const Expr *E, ExtractedValue &Value,
    llvm::function_ref<bool(std::vector<const Expr *> &)> Get) {
  if (Budget && !Held.Unfollowable && !isReady(Held)) {
    std::vector<const Expr *> Values;
    if (Get(Values) && !Values.empty())
      computeEither(Values, Held);
    else
      Held.Unfollowable = true;
  }
  if (Held.Unfollowable)
    return false;
  usePassed(Value, Budget ? &Held : nullptr, E->getBeginLoc());
  return true;
}

// One of Values (FS_OP_EITHER of them when several), each walked as
// written; a part that is not constant leaves it unfollowable.
void ValueFollower::computeEither(const std::vector<const Expr *> &Values,
                                  FollowedValue &Held) {
  ExtractedValue Acc;
  FollowScope Inner;
  if (!followDeeper(Inner, Held.FailedAt,
                    [&] { walkEither(Values, Acc, 1); }))
    return;
  fs_value AccView = Acc.view();
  // A part that is not constant reaching the value (a call of a function
  // that is not, a variable not followed): not followed. A condition only
  // picks an arm (the engine says which parts reach the value). A part too
  // large to follow is only unknown.
  if (Acc.HasUnknown && !Inner.Overflowed &&
      fs_value_reaches_unknown(Rules, &AccView) != 0) {
    Held.Unfollowable = true;
    return;
  }
  Held.Known = true;
  Held.Needed = Inner.Needed + 1;
  Held.Value = std::move(Acc);
  limitTerms(Held);
}

// Appends one of Values (FS_OP_EITHER of them when several).
void ValueFollower::walkEither(const std::vector<const Expr *> &Values,
                               ExtractedValue &Acc, unsigned Depth) {
  for (size_t I = 0; I < Values.size(); ++I) {
    if (I + 1 < Values.size())
      addNode(Acc, FS_OP_EITHER);
    Walker.walk(Values[I], Acc, Depth);
  }
}

// Applies one write of a followed variable to the value it holds so far:
// `=` replaces it, `|=` and `&=` combine with it (the engine works out
// what a mask keeps); a write of one of several values (an if-else or a
// switch) is their FS_OP_EITHER, a write on some paths only is either the
// value before or the new one (`|=`: maybe the new bits).
void ValueFollower::applyWrite(const VarWrite &Write, ExtractedValue &Acc,
                               unsigned Depth) {
  if (Write.Values.empty())
    return; // no path that writes reaches the use
  if (Write.Kind == VarWrite::Init || Write.Kind == VarWrite::Assign) {
    if (Write.Conditional) {
      fs_node Node = {};
      Node.op = FS_OP_EITHER;
      Acc.Nodes.insert(Acc.Nodes.begin(), Node);
    } else {
      Acc = ExtractedValue();
    }
    walkEither(Write.Values, Acc, Depth + 1);
    return;
  }
  if (Write.Kind == VarWrite::And && Write.Conditional) {
    Acc = ExtractedValue();
    addUnknown(Acc);
    return;
  }
  fs_node Node = {};
  Node.op = Write.Kind == VarWrite::Or ? FS_OP_OR : FS_OP_AND;
  Acc.Nodes.insert(Acc.Nodes.begin(), Node);
  if (Write.Conditional)
    addNode(Acc, FS_OP_MAYBE);
  walkEither(Write.Values, Acc, Depth + 1);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
