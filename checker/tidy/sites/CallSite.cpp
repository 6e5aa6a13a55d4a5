//===--- CallSite.cpp - a call of a C library function --------------------===//
//
// A call of a function the rules know: its arguments as facts, checked by
// the engine (and again with how the code tests its outcome); the results
// of other calls written back into its arguments; the structs of the
// unit's own that it shows to be copies of kernel structs.
//
//===----------------------------------------------------------------------===//

#include "sites/SiteChecker.h"
#include "reach/ConstantReturns.h"
#include "report/FactsDump.h"
#include "sites/SiteFacts.h"

#include "clang/AST/ExprCXX.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The engine's findings of the calls checked on this thread, by their
// facts: clangd checks every call of a file again on each edit, and most
// did not change (fs_check_call_memo). One per thread, as clangd builds
// each file on a thread of its own; the rules it keys on are never freed
// (RulesCache.h).
constexpr size_t CallMemoEntries = 16384;

fs_memo *getCallMemo() {
  struct Holder {
    fs_memo *Memo = fs_memo_new(CallMemoEntries);
    ~Holder() { fs_memo_free(Memo); }
  };
  thread_local Holder Memo;
  return Memo.Memo;
}

// Whether the findings of Call need findCallOutcome, which builds the
// unit's parent map: when an asserted failure could explain one of them
// (fs_findings_outcome_matters), or when the call may be in an operand that
// never runs (sizeof, __typeof__), where it is not reported. Sema marks a
// name used in such an operand (NOUR_Unevaluated), so a direct call whose
// name is marked as used tells that cheaply.
bool needsOutcome(const CallExpr *Call, const fs_findings &Findings) {
  if (fs_findings_outcome_matters(&Findings))
    return true;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  return !Ref || Ref->isNonOdrUse() != NOUR_None;
}

// Whether a finding says the call fails (fs_finding.fails_with).
bool predictsFailure(const fs_findings &Findings) {
  for (size_t I = 0; I < Findings.count; ++I)
    if (Findings.items[I].fails_with)
      return true;
  return false;
}

} // namespace

void SiteChecker::checkCall(const CallExpr *Call, const FunctionDecl *Callee,
                            ASTContext &Context) {
  if (!Callee)
    return;
  // A method or an operator is never the C library's function, but may
  // wrap one.
  if (!Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
      isa<CXXOperatorCallExpr>(Call)) {
    checkWrapperCall(Call, Callee, Context);
    return;
  }
  std::string Name = Callee->getName().str();
  if (!fs_rules_knows_function(Rules, Name.c_str())) {
    checkWrapperCall(Call, Callee, Context);
    return;
  }
  const SourceManager &SM = Context.getSourceManager();
  if (!isCLibraryShape(Callee, Context.getLangOpts()) ||
      isInSystemCode(Call->getRParenLoc(), SM))
    return;

  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<ExtractedValue> Values =
      extractArguments(Rules, Name, Call, Extractor);
  std::vector<fs_value> Args = getViews(Values);
  fs_call Facts = {Name.c_str(), Args.data(), Args.size(), Target.c_str(),
                   {}, Platform};
  dumpFacts(CheckId, Facts, Values, Call->getBeginLoc(), SM,
            Context.getLangOpts());

  // How the code tests the call's outcome matters only to findings; the
  // engine decides which an asserted failure explains.
  EngineAnswer Out;
  fs_memo *Memo = getCallMemo();
  Out.ask(
      [&](fs_findings *Findings) {
        fs_check_call_memo(Memo, Rules, &Facts, Findings);
      },
      [&](OutcomeFacts &Outcome) {
        if (!needsOutcome(Call, Out.Findings))
          return false;
        findCallOutcome(Call, Context, Outcome);
        // A fallback after the call answers a portability finding, or a
        // failure the code probes for (the engine decides which).
        if (!Outcome.Unevaluated &&
            (hasCheck(Out.Findings, FS_CHECK_PORTABILITY) ||
             predictsFailure(Out.Findings)))
          addRetries(Call, Extractor, Context, Outcome);
        return Outcome.found();
      },
      [&](const fs_outcome &Outcome) { Facts.outcome = Outcome; });
  if (Out.Outcome.Unevaluated)
    return;
  report(Out.Findings, Values, Call->getBeginLoc(), Context);
  for (unsigned I = 0; I < Values.size(); ++I)
    if (Follow.readsArgument(Rules, Name, nullptr, I))
      checkResultsInto(Facts, I, Call->getArg(I), Extractor, Context);
  checkShapedArguments(Call, Name, Values, Context);
}

// The calls whose result E holds: through the operators that pass a
// result's bits on (the engine says which: fs_op_passes_result),
// parentheses and casts, a local variable or field the result was stored
// in (getStoredValue), and the unit's own function that returns it (a
// helper, a member function: getValueReturns), pointed at where the
// value is written (the helper's call, not its return); At: invalid, or
// the helper's call being followed.
void SiteChecker::collectResultCalls(const Expr *E,
                                     std::vector<ResultCall> &Calls,
                                     SourceLocation At, unsigned Depth,
                                     ASTContext &Context) {
  if (!E || Depth > 16)
    return;
  E = E->IgnoreParenCasts();
  llvm::SmallVector<const Expr *, 3> Operands;
  fs_op Op = getOperator(E, Operands);
  if (Op != FS_OP_COUNT || isa<BinaryOperator>(E) || isa<UnaryOperator>(E)) {
    for (unsigned I = 0; I < Operands.size(); ++I)
      if (fs_op_passes_result(Op, I))
        collectResultCalls(Operands[I], Calls, At, Depth + 1, Context);
    return;
  }
  std::vector<const Expr *> Stored;
  if ((isa<DeclRefExpr>(E) || isa<MemberExpr>(E)) &&
      (getStoredValues(E, Stored) || getFieldValue(E, Context, Stored))) {
    for (const Expr *Value : Stored)
      collectResultCalls(Value, Calls, At, Depth + 1, Context);
    return;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call)
    return;
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::vector<const Expr *> Returns;
  if (Callee && Callee->getIdentifier() &&
      !fs_rules_knows_function(Rules, Callee->getName().str().c_str()) &&
      getValueReturns(Callee, Context, Returns)) {
    for (const Expr *Returned : Returns)
      collectResultCalls(Returned, Calls,
                         At.isValid() ? At : Call->getBeginLoc(), Depth + 1,
                         Context);
    return;
  }
  Calls.push_back({Call, At.isValid() ? At : Call->getBeginLoc()});
}

// Argument Arg of the call Outer describes, holding the results of calls
// with `result` rules: the engine says whether they fit
// (fs_check_result_into).
void SiteChecker::checkResultsInto(const fs_call &Outer, unsigned Arg,
                                   const Expr *Written,
                                   TermExtractor &Extractor,
                                   ASTContext &Context) {
  std::vector<ResultCall> Calls;
  collectResultCalls(Written, Calls, SourceLocation(), 0, Context);
  for (const auto &[Inner, At] : Calls) {
    RulesCall Described;
    if (!describeRulesCall(Rules, Target, Inner, Extractor,
                           Context.getLangOpts(), Described))
      continue;
    EngineAnswer Out;
    fs_check_result_into(Rules, &Outer, Arg, &Described.Facts,
                         &Out.Findings);
    // The finding is about the argument as a whole: it points at the call
    // whose result is written back.
    std::vector<ExtractedValue> Where(Arg + 1);
    Where[Arg].Loc = At;
    report(Out.Findings, Where, At, Context);
  }
}

// A pointer argument to a struct of the unit's own laid out like the kernel
// struct the call reads there: that struct takes the kernel struct's rules,
// and its writes seen so far are checked now.
void SiteChecker::checkShapedArguments(
    const CallExpr *Call, const std::string &Name,
    const std::vector<ExtractedValue> &Values, ASTContext &Context) {
  const char *Number = getSyscallNumber(Name, Values);
  for (const PendingWrite &Write :
       Shapes.notePassed(Call, Name.c_str(), Number, Rules, Context)) {
    if (Write.Assign)
      checkAssignment(Write.Assign, Context);
    else
      checkInitializer(Write.Init, Context);
  }
}

// The writes that reach E when it is a local variable, or a field of a
// local struct: false when it is neither or they are not known.
bool SiteChecker::findStoredWrites(const Expr *E, ReachingWrites &Reach) {
  const auto *Member = dyn_cast<MemberExpr>(E);
  const FieldDecl *Field = nullptr;
  const Expr *Base = E;
  if (Member) {
    Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Member->isArrow())
      return false;
    Base = Member->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Follow.Locals.findReachingWrites(Ref, Var, Reach, Field) &&
         Reach.Count != 0 && Reach.Count <= Reach.History->Writes.size();
}

// The values whose bits E holds when it is a local variable, or a field
// of a local struct, given a value by a plain assignment or initializer
// on every path, then or'ed or and'ed with others (`fl = fcntl(fd,
// F_GETFD); fl |= O_NONBLOCK;`, also under an if): that write's value and
// the values of the |= and &= after it. False otherwise.
bool SiteChecker::getStoredValues(const Expr *E,
                                  std::vector<const Expr *> &Values) {
  ReachingWrites Reach;
  if (!findStoredWrites(E, Reach))
    return false;
  for (size_t I = Reach.Count; I-- > 0;) {
    const VarWrite &Write = Reach.History->Writes[I];
    if (Write.Values.size() != 1 || !Write.Values.front())
      return false;
    Values.push_back(Write.Values.front()->IgnoreParenCasts());
    if (Write.Kind != VarWrite::Or && Write.Kind != VarWrite::And)
      return !Write.Conditional;
  }
  return false;
}

// The value a field of the unit's own struct holds when the unit gives it
// one value that is no constant (`s->saved = fcntl(s->fd, F_GETFD);` in
// one function, a C++ member set in another member function): it, in
// Values. A constant written beside it (a constructor's 0) holds no
// result. False when the field is not followed (reach/FieldWrites.h) or
// is given two such values.
bool SiteChecker::getFieldValue(const Expr *E, ASTContext &Context,
                                std::vector<const Expr *> &Values) {
  const auto *Member = dyn_cast<MemberExpr>(E);
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  std::vector<const Expr *> Writes;
  if (!Field || !Follow.Fields.getWrites(Field, Context, Writes))
    return false;
  const Expr *Only = nullptr;
  for (const Expr *Write : Writes) {
    if (!Write || (!Write->isValueDependent() && Write->isEvaluatable(Context)))
      continue;
    if (Only)
      return false;
    Only = Write;
  }
  if (!Only)
    return false;
  Values.push_back(Only->IgnoreParenCasts());
  return true;
}

// The value E holds when it is a local variable, or a field of a local
// struct, whose one reaching write is a plain assignment or initializer
// on every path (`int fl = fcntl(fd, F_GETFD);`): that write's value.
// E itself otherwise.
const Expr *SiteChecker::getStoredValue(const Expr *E) {
  ReachingWrites Reach;
  if (!findStoredWrites(E, Reach))
    return E;
  const VarWrite &Last = Reach.History->Writes[Reach.Count - 1];
  if ((Last.Kind != VarWrite::Init && Last.Kind != VarWrite::Assign) ||
      Last.Conditional || Last.Values.size() != 1 || !Last.Values.front())
    return E;
  return Last.Values.front()->IgnoreParenCasts();
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
