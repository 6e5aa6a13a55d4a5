//===--- FlagCheckBase.cpp - what every flagspace check shares -----------===//
//
// Matches flag-taking calls and struct writes, describes them to the engine
// and reports the engine's findings for one check.
//
//===----------------------------------------------------------------------===//

#include "check/FlagCheckBase.h"
#include "check/RulesCache.h"
#include "check/RulesLocation.h"
#include "reach/CallTargets.h"
#include "reach/OutcomeTests.h"
#include "reach/SkippedBodies.h"
#include "report/FactsDump.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include <algorithm>
#include <deque>

using namespace clang::ast_matchers;

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const char RulesFilesOption[] = "flagspace.RulesFiles";
const char SocketOpenFlagsOption[] = "flagspace.SocketTakesOpenFlags";

// With flagspace.SocketTakesOpenFlags, socket(), socketpair() and accept4()
// also take O_CLOEXEC and O_NONBLOCK: the engine adds the option's rules,
// rules/options/socket-open-flags.rules.
const char SocketOpenFlagsRules[] = "socket-open-flags";

// A boolean option read as text: the typed accessors are templates whose
// instances libclang-cpp does not export on every LLVM major.
bool isTrue(llvm::StringRef Value) {
  Value = Value.trim();
  return Value.equals_insensitive("true") || Value == "1";
}

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

// Frees the engine's findings however the caller returns.
struct FindingsHolder {
  fs_findings Findings = {};
  ~FindingsHolder() { fs_findings_free(&Findings); }
};

// The struct tag, or the typedef name of an anonymous struct.
std::string getRecordName(const RecordDecl *Record) {
  if (Record->getIdentifier())
    return Record->getName().str();
  if (const TypedefNameDecl *Typedef = Record->getTypedefNameForAnonDecl())
    return Typedef->getName().str();
  return std::string();
}

// The arguments the user wrote: C++ default arguments are not written.
unsigned getWrittenArgCount(const CallExpr *Call) {
  unsigned Count = 0;
  for (const Expr *Arg : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    ++Count;
  }
  return Count;
}

// The values of Call's written arguments, Call being a call of Name. Those
// the rules do not read stay unknown: following them (a file descriptor in
// a variable) would cost time for nothing.
std::vector<ExtractedValue> extractArguments(const fs_rules *Rules,
                                             const std::string &Name,
                                             const CallExpr *Call,
                                             TermExtractor &Extractor) {
  unsigned Count = getWrittenArgCount(Call);
  std::vector<ExtractedValue> Values;
  Values.reserve(Count);
  const char *Number = nullptr; // SYS_x of a raw syscall()
  for (unsigned I = 0; I < Count; ++I) {
    if (!Extractor.cache().readsArgument(Rules, Name, Number, I)) {
      ExtractedValue Skipped;
      Skipped.HasUnknown = true;
      Skipped.Loc = Call->getArg(I)->getBeginLoc();
      Values.push_back(std::move(Skipped));
      continue;
    }
    Values.push_back(Extractor.extract(Call->getArg(I)));
    const ExtractedValue &First = Values.front();
    if (I == 0 && Name == "syscall" && First.Terms.size() == 1)
      Number = First.Terms.front().name;
  }
  return Values;
}

// Where to report Loc: clang-tidy drops diagnostics located in system
// headers, and a flag's expansion (0x100) is spelled in the header that
// defines it. Step out of system macros to where their name was written.
SourceLocation getUserLocation(SourceLocation Loc, const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  return Loc;
}

// Two arguments can be swapped by a fix-it when both are written in the
// file, each in one piece, and every flag in them is spelled there. Adds
// the two replacements to Diag.
void addSwapFix(DiagnosticBuilder &Diag,
                const std::vector<ExtractedValue> &Values, size_t A, size_t B,
                const SourceManager &SM, const LangOptions &LangOpts) {
  if (A >= Values.size() || B >= Values.size())
    return;
  CharSourceRange Ranges[2];
  std::string Texts[2];
  for (int K = 0; K < 2; ++K) {
    const ExtractedValue &Value = Values[K ? B : A];
    if (Value.HasUnknown)
      return;
    for (const TermSite &Site : Value.Sites)
      if (Site.PassedLoc.isValid())
        return;
    Ranges[K] = getFileRange(Value, SM, LangOpts);
    if (!Ranges[K].isValid())
      return;
    Texts[K] = Lexer::getSourceText(Ranges[K], SM, LangOpts).str();
    if (Texts[K].empty())
      return;
  }
  if (Ranges[0].getEnd() == Ranges[1].getEnd())
    return;
  Diag << FixItHint::CreateReplacement(Ranges[0], Texts[1])
       << FixItHint::CreateReplacement(Ranges[1], Texts[0]);
}

// E as written in the file, or "" when it is not one piece of it.
std::string getWrittenText(const Expr *E, const SourceManager &SM,
                           const LangOptions &LangOpts) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, LangOpts);
  if (!Range.isValid())
    return std::string();
  return Lexer::getSourceText(Range, SM, LangOpts).str();
}

bool isSkippedInitializer(const Expr *Init) {
  // Fields the user left out are value-initialized (zero): they are absent
  // from the facts, as the engine expects.
  return !Init || isa<ImplicitValueInitExpr>(Init) ||
         isa<CXXDefaultInitExpr>(Init) || isa<NoInitExpr>(Init);
}

// A call of a C library function with rules, described to the engine:
// Facts points into the other members, so it is filled in place.
struct RulesCall {
  std::string Name;
  std::vector<ExtractedValue> Args;
  std::vector<fs_value> Views;
  fs_call Facts = {};
};

// Sets Name to the function Call calls when it is a C library function the
// rules know; false for anything else (a method, a user's function of that
// name).
bool isRulesCall(const fs_rules *Rules, const CallExpr *Call,
                 const LangOptions &LangOpts, std::string &Name) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call))
    return false;
  Name = Callee->getName().str();
  return fs_rules_knows_function(Rules, Name.c_str()) &&
         isCLibraryShape(Callee, LangOpts);
}

// Fills Out for Call; false when it is no call of a C library function the
// rules know (isRulesCall).
bool describeRulesCall(const fs_rules *Rules, const std::string &Target,
                       const CallExpr *Call, TermExtractor &Extractor,
                       const LangOptions &LangOpts, RulesCall &Out) {
  if (!isRulesCall(Rules, Call, LangOpts, Out.Name))
    return false;
  Out.Args = extractArguments(Rules, Out.Name, Call, Extractor);
  for (const ExtractedValue &Value : Out.Args)
    Out.Views.push_back(Value.view());
  Out.Facts = {Out.Name.c_str(), Out.Views.data(), Out.Views.size(),
               Target.c_str(), {}};
  return true;
}

} // namespace

FlagCheckBase::FlagCheckBase(StringRef Name, ClangTidyContext *Context,
                             fs_check Check, bool MatchesAst)
    : ClangTidyCheck(Name, Context), CheckId(Check), TidyContext(*Context),
      RulesFiles(std::string(Options.getLocalOrGlobal(RulesFilesOption, ""))),
      RulesPaths(resolveRulesFiles(RulesFiles, Context->getCurrentFile(),
                                   Name)),
      SocketTakesOpenFlags(isTrue(
          Options.getLocalOrGlobal(SocketOpenFlagsOption, "false"))),
      MatchesAst(MatchesAst), Consequences(*this, Options),
      Group(CheckGroup::join(*this, Check,
                             RulesPaths + (SocketTakesOpenFlags ? "\n1" : "\n0"))) {
}

void FlagCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, RulesFilesOption, RulesFiles);
  Options.store(Opts, SocketOpenFlagsOption,
                SocketTakesOpenFlags ? "true" : "false");
  Consequences.store(Options, Opts);
}

bool ReportRulesProblemsInFile = false;

const fs_rules *FlagCheckBase::rules() {
  if (RulesReady)
    return Rules;
  RulesReady = true;
  Loaded = &getRules(RulesPaths,
                     SocketTakesOpenFlags ? SocketOpenFlagsRules : "");
  Rules = Loaded->Rules;
  return Rules;
}

namespace {
// The engine asks whether the unit defines a macro.
extern "C" int isMacroDefinedIn(void *Ctx, const char *Name) {
  return static_cast<Preprocessor *>(Ctx)->isMacroDefined(Name) ? 1 : 0;
}
} // namespace

std::string FlagCheckBase::unitTarget() const {
  return PP ? PP->getTargetInfo().getTriple().str() : std::string();
}

const fs_rules *FlagCheckBase::unitRules() {
  const fs_rules *Base = rules();
  if (!Base || !PP)
    return Base;
  return fs_rules_for_unit(Base, isMacroDefinedIn, PP);
}

void FlagCheckBase::registerPPCallbacks(const SourceManager &SM,
                                        Preprocessor *Preproc, Preprocessor *) {
  PP = Preproc;
  rules();
  // flagspace-runner decides which bodies to parse by the same rules.
  if (ActiveSkippedBodies && Rules && Preproc)
    ActiveSkippedBodies->noteUnit(Rules, *Preproc, TidyContext);
  if (ReportRulesProblemsInFile)
    MainFileSM = &SM; // reported after matching, see onEndOfTranslationUnit
  else
    reportRulesProblems(SourceLocation());
}

// clangd keeps only the diagnostics that come while the main file is
// parsed or matched: the driver reports for its group at the end.
void FlagCheckBase::onEndOfTranslationUnit() {
  Compared.clear();
  if (MainFileSM)
    reportRulesProblems(
        MainFileSM->getLocForStartOfFile(MainFileSM->getMainFileID()));
}

// Reports the rules' problems once per main file, through the group's
// member of lowest id, so that they carry one check name.
void FlagCheckBase::reportRulesProblems(SourceLocation Loc) {
  FlagCheckBase *Reporter = Group->rulesProblemsReporter();
  if (!Loaded || Loaded->Problems.empty() || !Reporter ||
      !claimProblemReport(getCurrentMainFile(), RulesPaths))
    return;
  // Errors make clang-tidy exit with a failure status, as a broken rules
  // file must not pass silently.
  if (Loc.isValid()) {
    for (const RulesProblem &Problem : Loaded->Problems)
      Reporter->diag(Loc, "%0",
                     Problem.Severity == FS_ERROR ? DiagnosticIDs::Error
                                                  : DiagnosticIDs::Warning)
          << Problem.Text;
    return;
  }
  // clang-tidy sorts diagnostics without a place by their text ("x:10:"
  // before "x:2:"): the problems of one severity are one diagnostic, the
  // first its message and the others its notes, in the files' order.
  for (fs_severity Severity : {FS_ERROR, FS_WARNING}) {
    DiagnosticIDs::Level Level = DiagnosticIDs::Warning;
    if (Severity == FS_ERROR)
      Level = DiagnosticIDs::Error;
    for (const RulesProblem &Problem : Loaded->Problems) {
      if (Problem.Severity != Severity)
        continue;
      Reporter->diag(Loc, "%0", Level) << Problem.Text;
      Level = DiagnosticIDs::Note;
    }
  }
}

void FlagCheckBase::registerMatchers(MatchFinder *Finder) {
  // Every member closes the group; only its first AST check matches.
  if (!Group->claimMatching(*this, MatchesAst) || !rules())
    return;
  // Every call, direct or through a function pointer (CallTargets.h): one
  // matcher, as each is tried on every node of its kind.
  Finder->addMatcher(callExpr().bind("call"), this);
  Finder->addMatcher(initListExpr().bind("init"), this);
  Finder->addMatcher(
      binaryOperator(anyOf(hasOperatorName("&"), hasOperatorName("&=")))
          .bind("test"),
      this);
  Finder->addMatcher(
      binaryOperator(anyOf(hasOperatorName("=="), hasOperatorName("!=")))
          .bind("compare"),
      this);
  Finder->addMatcher(switchStmt().bind("switch"), this);
  Finder->addMatcher(binaryOperator(isAssignmentOperator(),
                                    hasLHS(ignoringParenImpCasts(memberExpr())))
                         .bind("assign"),
                     this);
}

void FlagCheckBase::check(const MatchFinder::MatchResult &Result) {
  // Matching starts once the unit is parsed: its macros are all defined.
  if (!UnitRulesChosen) {
    UnitRulesChosen = true;
    Rules = unitRules();
    // The engine decides what the target means for the values
    // (rules/arch-*).
    Target = Result.Context->getTargetInfo().getTriple().str();
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      checkCall(Call, Callee, Result);
    else if (!isa<CXXMemberCallExpr>(Call))
      checkCall(Call, getKnownTarget(Call, Follow, *Result.Context), Result);
  }
  else if (const auto *Test = Result.Nodes.getNodeAs<BinaryOperator>("test"))
    checkTest(Test, Result);
  else if (const auto *Compare =
               Result.Nodes.getNodeAs<BinaryOperator>("compare"))
    checkCompare(Compare, Result);
  else if (const auto *Switch = Result.Nodes.getNodeAs<SwitchStmt>("switch"))
    checkSwitch(Switch, Result);
  else if (const auto *Init = Result.Nodes.getNodeAs<InitListExpr>("init")) {
    Follow.noteEntry(Init);
    checkInitializer(Init, *Result.Context);
  }
  else if (const auto *Assign =
               Result.Nodes.getNodeAs<BinaryOperator>("assign"))
    checkAssignment(Assign, *Result.Context);
}

// Code in a system header, or spelled in a system macro's body, is not the
// user's to fix. Loc should be a token the user types last (a ')' or '}'),
// so that a system macro naming the callee does not hide a user's call.
bool FlagCheckBase::isInSystemCode(SourceLocation Loc,
                                   const SourceManager &SM) const {
  if (Loc.isInvalid())
    return false;
  return SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
         SM.isInSystemHeader(SM.getSpellingLoc(Loc));
}

// Like isInSystemCode at the '}' the user wrote. The braces Sema adds for
// a designator such as .how.flags have no syntactic form and take their
// locations from the values, which may be spelled in a system header: only
// their expansion is tested.
bool FlagCheckBase::isInitializerInSystemCode(const InitListExpr *Init,
                                              const SourceManager &SM) const {
  if (const InitListExpr *Syntactic = Init->getSyntacticForm())
    return isInSystemCode(Syntactic->getRBraceLoc(), SM);
  SourceLocation End = Init->getRBraceLoc();
  if (End.isMacroID())
    return SM.isInSystemHeader(SM.getExpansionLoc(End));
  return isInSystemCode(End, SM);
}

void FlagCheckBase::checkCall(const CallExpr *Call, const FunctionDecl *Callee,
                              const MatchFinder::MatchResult &Result) {
  if (!Callee)
    return;
  // A method or an operator is never the C library's function, but may
  // wrap one.
  if (!Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
      isa<CXXOperatorCallExpr>(Call)) {
    checkWrapperCall(Call, Callee, Result);
    return;
  }
  std::string Name = Callee->getName().str();
  if (!fs_rules_knows_function(Rules, Name.c_str())) {
    checkWrapperCall(Call, Callee, Result);
    return;
  }
  if (!isCLibraryShape(Callee, Result.Context->getLangOpts()) ||
      isInSystemCode(Call->getRParenLoc(), *Result.SourceManager))
    return;

  TermExtractor Extractor(Rules, *Result.Context, Follow);
  std::vector<ExtractedValue> Values =
      extractArguments(Rules, Name, Call, Extractor);

  std::vector<fs_value> Args;
  Args.reserve(Values.size());
  for (const ExtractedValue &Value : Values)
    Args.push_back(Value.view());
  fs_call Facts = {Name.c_str(), Args.data(), Args.size(), Target.c_str(),
                   {}};
  dumpCallFacts(CheckId, Facts, Values, Call->getBeginLoc(),
                *Result.SourceManager, Result.Context->getLangOpts());

  FindingsHolder Out;
  fs_memo *Memo = getCallMemo();
  fs_check_call_memo(Memo, Rules, &Facts, &Out.Findings);
  // How the code tests the call's outcome matters only to findings; the
  // engine decides which an asserted failure explains.
  OutcomeFacts Outcome;
  if (Out.Findings.count && needsOutcome(Call, Out.Findings) &&
      findCallOutcome(Call, *Result.Context, Outcome)) {
    Facts.outcome = Outcome.view();
    fs_findings_clear(&Out.Findings);
    fs_check_call_memo(Memo, Rules, &Facts, &Out.Findings);
  }
  if (Outcome.Unevaluated)
    return;
  report(Out.Findings, Values, Call->getBeginLoc(), *Result.SourceManager);
  for (unsigned I = 0; I < Values.size(); ++I)
    if (Follow.readsArgument(Rules, Name, nullptr, I))
      checkResultsInto(Facts, I, Call->getArg(I), Extractor, Result);
  checkShapedArguments(Call, Name, Values, *Result.Context);
}

// The calls whose result E holds: through |, &, ^, the arms of ?:,
// parentheses and casts, and a local variable or field the result was
// stored in (getStoredValue).
void FlagCheckBase::collectResultCalls(const Expr *E,
                                       std::vector<const CallExpr *> &Calls,
                                       unsigned Depth) {
  if (!E || Depth > 16)
    return;
  E = E->IgnoreParenCasts();
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = Binary->getOpcode();
    if (Op == BO_Or || Op == BO_And || Op == BO_Xor) {
      collectResultCalls(Binary->getLHS(), Calls, Depth + 1);
      collectResultCalls(Binary->getRHS(), Calls, Depth + 1);
    }
    return;
  }
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(E)) {
    collectResultCalls(Conditional->getTrueExpr(), Calls, Depth + 1);
    collectResultCalls(Conditional->getFalseExpr(), Calls, Depth + 1);
    return;
  }
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E))
    E = getStoredValue(E);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    Calls.push_back(Call);
}

// Argument Arg of the call Outer describes, holding the results of calls
// with `result` rules: the engine says whether they fit (fs_check_result_into).
void FlagCheckBase::checkResultsInto(const fs_call &Outer, unsigned Arg,
                                     const Expr *Written,
                                     TermExtractor &Extractor,
                                     const MatchFinder::MatchResult &Result) {
  std::vector<const CallExpr *> Calls;
  collectResultCalls(Written, Calls, 0);
  for (const CallExpr *Inner : Calls) {
    RulesCall Described;
    if (!describeRulesCall(Rules, Target, Inner, Extractor,
                           Result.Context->getLangOpts(), Described))
      continue;
    FindingsHolder Out;
    fs_check_result_into(Rules, &Outer, Arg, &Described.Facts,
                         &Out.Findings);
    // The finding is about the argument as a whole: it points at the call
    // whose result is written back.
    std::vector<ExtractedValue> Where(Arg + 1);
    Where[Arg].Loc = Inner->getBeginLoc();
    report(Out.Findings, Where, Inner->getBeginLoc(), *Result.SourceManager);
  }
}

// A pointer argument to a struct of the unit's own laid out like the kernel
// struct the call reads there: that struct takes the kernel struct's rules,
// and its writes seen so far are checked now.
void FlagCheckBase::checkShapedArguments(
    const CallExpr *Call, const std::string &Name,
    const std::vector<ExtractedValue> &Values, ASTContext &Context) {
  const char *Number = nullptr;
  if (Name == "syscall" && !Values.empty() && Values[0].Terms.size() == 1)
    Number = Values[0].Terms.front().name;
  for (const PendingWrite &Write :
       Shapes.notePassed(Call, Name.c_str(), Number, Rules, Context)) {
    if (Write.Assign)
      checkAssignment(Write.Assign, Context);
    else
      checkInitializer(Write.Init, Context);
  }
}

// The struct tag whose rules Record takes: its own when the rules know it,
// or the kernel struct a call showed it to copy; empty otherwise.
std::string FlagCheckBase::getRulesRecord(const RecordDecl *Record) const {
  std::string Name = getRecordName(Record);
  if (!Name.empty() && fs_rules_knows_record(Rules, Name.c_str()))
    return Name;
  const char *Shaped = Shapes.getConfirmed(Record);
  return Shaped ? Shaped : std::string();
}

// The values of the inner call of Flow with the wrapper's parameter
// standing for Outer; the terms that stand for Outer's keep its index in
// SubstIndex.
std::vector<ExtractedValue>
FlagCheckBase::extractFlow(const ParamFlow &Flow, const ExtractedValue &Outer,
                           TermExtractor &Extractor) {
  const CallExpr *Inner = Flow.Inner;
  std::string Name = Inner->getDirectCallee()->getName().str();
  // Through each wrapper on the way, the argument it is given stands for
  // the parameter before; the outer terms keep their SubstIndex.
  std::deque<ExtractedValue> Passed;
  Passed.push_back(Outer);
  for (size_t I = 0; I < Passed.back().Sites.size(); ++I)
    Passed.back().Sites[I].SubstIndex = static_cast<int>(I);
  // (A wrapper that passes it on as it is adds nothing and is not listed.)
  for (const WrapperHop &Hop : Flow.Through) {
    Extractor.substitute(Hop.From, Hop.Owner, &Passed.back());
    ExtractedValue Next = Extractor.extract(getSlotArg(Hop.Call, Hop.Arg));
    Passed.push_back(std::move(Next));
  }
  Extractor.substitute(Flow.From, Flow.Owner, &Passed.back());
  std::vector<ExtractedValue> Values =
      extractArguments(Rules, Name, Inner, Extractor);
  Extractor.substitute(nullptr, nullptr, nullptr);
  return Values;
}

// A call of the translation unit's own function whose parameters (or
// template parameters) reach known flag arguments: each such argument (or
// template argument) is checked as the inner calls would check it; the
// engine keeps what every inner call finds (fs_check_flows).
void FlagCheckBase::checkWrapperCall(const CallExpr *Call,
                                     const FunctionDecl *Callee,
                                     const MatchFinder::MatchResult &Result) {
  const FunctionDecl *Definition = nullptr;
  const SourceManager &SM = *Result.SourceManager;
  // A method is a wrapper like a function unless a call may reach another
  // body (virtual); a lambda's or a call operator's object is argument 0.
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  unsigned Shift = Method && isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if ((Method && Method->isVirtual()) || Call->getNumArgs() < Shift ||
      isInSystemCode(Call->getRParenLoc(), SM))
    return;
  needWrapperBody(Callee); // flagspace-runner: parsed now if it was skipped
  if (!Callee->hasBody(Definition) ||
      !Definition || Definition->isVariadic() ||
      isInSystemCode(Definition->getLocation(), SM))
    return;
  const LangOptions &LangOpts = Result.Context->getLangOpts();
  // Default arguments count: the declaration's value is what is passed.
  unsigned ArgCount =
      std::min(Call->getNumArgs() - Shift, Definition->getNumParams());
  // The slots given: the arguments, then the template arguments written
  // (`op<AT_REMOVEDIR>(p)` of `template <int F> int op(...)`).
  std::vector<std::pair<unsigned, const Expr *>> Given;
  for (unsigned I = 0; I < ArgCount; ++I)
    Given.push_back({I, Call->getArg(I + Shift)});
  unsigned TemplateArgs = getTemplateArgCount(Call);
  for (unsigned J = 0; J < TemplateArgs; ++J)
    if (const Expr *Arg = getSlotArg(Call, TemplateSlot + J))
      Given.push_back({TemplateSlot + J, Arg});
  TermExtractor Extractor(Rules, *Result.Context, Follow);
  for (const auto &Slot : Given) {
    const std::vector<ParamFlow> &Flows =
        Wrappers.getFlows(Definition, Slot.first, Rules, LangOpts);
    if (Flows.empty())
      continue;
    ExtractedValue Outer = Extractor.extract(Slot.second);
    // What each flow's facts point into, alive until reported.
    std::deque<std::vector<ExtractedValue>> Values;
    std::deque<std::vector<fs_value>> Args;
    std::deque<std::vector<size_t>> OuterIndex;
    std::deque<std::string> Names;
    std::vector<fs_flow> Facts;
    for (const ParamFlow &Flow : Flows) {
      Values.push_back(
          extractFlow(Flow, Outer, Extractor));
      Args.emplace_back();
      for (const ExtractedValue &Value : Values.back())
        Args.back().push_back(Value.view());
      OuterIndex.emplace_back();
      if (Flow.Arg < Values.back().size())
        for (const TermSite &Site : Values.back()[Flow.Arg].Sites)
          OuterIndex.back().push_back(
              Site.SubstIndex < 0 ? FS_WHOLE_VALUE
                                  : static_cast<size_t>(Site.SubstIndex));
      Names.push_back(Flow.Inner->getDirectCallee()->getName().str());
      fs_flow Fact = {{Names.back().c_str(), Args.back().data(),
                       Args.back().size(), Target.c_str(), {}},
                      Flow.Arg,
                      OuterIndex.back().data()};
      Facts.push_back(Fact);
    }
    FindingsHolder Out;
    fs_check_flows(Rules, Facts.data(), Facts.size(), &Out.Findings);
    // The outer call's outcome is each inner call's (checkCall).
    OutcomeFacts Outcome;
    if (Out.Findings.count &&
        findCallOutcome(Call, *Result.Context, Outcome)) {
      for (fs_flow &Fact : Facts)
        Fact.call.outcome = Outcome.view();
      fs_findings_clear(&Out.Findings);
      fs_check_flows(Rules, Facts.data(), Facts.size(), &Out.Findings);
    }
    if (Outcome.Unevaluated)
      return;
    report(Out.Findings, Values.front(), Call->getBeginLoc(), SM);
  }
}

// `X & MASK` in either order, and `X &= MASK`.
void FlagCheckBase::checkTest(const BinaryOperator *Test,
                              const MatchFinder::MatchResult &Result) {
  if (isInSystemCode(Test->getOperatorLoc(), *Result.SourceManager))
    return;
  checkBitTest(Test, Result);
  if (Test->getOpcode() != BO_And)
    return;
  if (!checkTestedValue(Test->getLHS(), Test->getRHS(), Result))
    checkTestedValue(Test->getRHS(), Test->getLHS(), Result);
}

// `X == V` and `X != V` in either order: V is checked against what X holds
// as a mask would be.
void FlagCheckBase::checkCompare(const BinaryOperator *Compare,
                                 const MatchFinder::MatchResult &Result) {
  for (const Expr *Side : {Compare->getLHS(), Compare->getRHS()})
    if (const auto *And = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts()))
      if (And->getOpcode() == BO_And)
        Compared[And] = Compare;
  if (isInSystemCode(Compare->getOperatorLoc(), *Result.SourceManager))
    return;
  if (!checkTestedValue(Compare->getLHS(), Compare->getRHS(), Result))
    checkTestedValue(Compare->getRHS(), Compare->getLHS(), Result);
}

// `switch (X) { case V: ... }`: each case value is compared with X.
void FlagCheckBase::checkSwitch(const SwitchStmt *Switch,
                                const MatchFinder::MatchResult &Result) {
  const Expr *Cond = Switch->getCond();
  if (!Cond || isInSystemCode(Switch->getBeginLoc(), *Result.SourceManager))
    return;
  for (const SwitchCase *Case = Switch->getSwitchCaseList(); Case;
       Case = Case->getNextSwitchCase())
    if (const auto *Value = dyn_cast<CaseStmt>(Case))
      if (Value->getLHS() && !Value->caseStmtIsGNURange())
        checkTestedValue(Cond, Value->getLHS(), Result);
}

// The value E holds when it is a local variable, or a field of a local
// struct, whose one reaching write is a plain assignment or initializer
// on every path (`int fl = fcntl(fd, F_GETFD);`): that write's value.
// E itself otherwise.
const Expr *FlagCheckBase::getStoredValue(const Expr *E) {
  const auto *Member = dyn_cast<MemberExpr>(E);
  const FieldDecl *Field = nullptr;
  const Expr *Base = E;
  if (Member) {
    Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Member->isArrow())
      return E;
    Base = Member->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  ReachingWrites Reach;
  if (!Var || !Follow.Locals.findReachingWrites(Ref, Var, Reach, Field) ||
      Reach.Count == 0 || Reach.Count > Reach.History->Writes.size())
    return E;
  const VarWrite &Last = Reach.History->Writes[Reach.Count - 1];
  if ((Last.Kind != VarWrite::Init && Last.Kind != VarWrite::Assign) ||
      Last.Conditional || Last.Values.size() != 1 || !Last.Values.front())
    return E;
  return Last.Values.front()->IgnoreParenCasts();
}

// Every `a & b` and `a &= b` with a named flag in it: the engine says
// whether it tests a value as if it were a bit (fs_check_bit_test). For
// `a &= b` the old value of a is unknown.
void FlagCheckBase::checkBitTest(const BinaryOperator *Test,
                                 const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  const LangOptions &LangOpts = Result.Context->getLangOpts();
  // Taken out first: the map holds only comparisons still to be seen.
  const BinaryOperator *Compare = Compared.lookup(Test);
  Compared.erase(Test);
  TermExtractor Extractor(Rules, *Result.Context, Follow);
  bool IsAssign = Test->getOpcode() == BO_AndAssign;
  std::vector<ExtractedValue> Values(1);
  ExtractedValue &Value = Values.front();
  if (IsAssign) {
    ExtractedValue Mask = Extractor.extract(Test->getRHS());
    addNode(Value, FS_OP_AND);
    addUnknown(Value);
    Value.Nodes.insert(Value.Nodes.end(), Mask.Nodes.begin(),
                       Mask.Nodes.end());
    Value.Terms = std::move(Mask.Terms);
    Value.Sites = std::move(Mask.Sites);
    Value.Loc = Test->getBeginLoc();
  } else {
    Value = Extractor.extract(Test);
  }
  if (std::none_of(Value.Terms.begin(), Value.Terms.end(),
                   [](const fs_term &Term) { return Term.name != nullptr; }))
    return;
  std::string Texts[2] = {getWrittenText(Test->getLHS(), SM, LangOpts),
                          getWrittenText(Test->getRHS(), SM, LangOpts)};
  fs_bit_test Facts = {Value.view(),
                       {Texts[0].empty() ? nullptr : Texts[0].c_str(),
                        Texts[1].empty() ? nullptr : Texts[1].c_str()},
                       IsAssign ? 1 : 0,
                       Target.c_str(),
                       FS_CMP_NONE,
                       {},
                       nullptr};
  // `(a & b) == c`: the engine reads the test with what it is compared to.
  ExtractedValue Other;
  std::string CompareText;
  if (Compare) {
    const Expr *OtherSide = Compare->getLHS()->IgnoreParenImpCasts() == Test
                                ? Compare->getRHS()
                                : Compare->getLHS();
    Other = Extractor.extract(OtherSide);
    CompareText = getWrittenText(Compare, SM, LangOpts);
    Facts.compare =
        Compare->getOpcode() == BO_EQ ? FS_CMP_EQ : FS_CMP_NE;
    Facts.compared = Other.view();
    Facts.compare_text = CompareText.empty() ? nullptr : CompareText.c_str();
  }
  FindingsHolder Out;
  fs_check_bit_test(Rules, &Facts, &Out.Findings);
  report(Out.Findings, Values, Test->getOperatorLoc(), SM);
}

// Checks Mask against what Tested holds: the result of a call with
// `result` rules, or a field with rules. Returns false when Tested is
// neither.
bool FlagCheckBase::checkTestedValue(const Expr *Tested, const Expr *Mask,
                                     const MatchFinder::MatchResult &Result) {
  Tested = Tested->IgnoreParenCasts();
  const SourceManager &SM = *Result.SourceManager;
  TermExtractor Extractor(Rules, *Result.Context, Follow);
  const auto *Member = dyn_cast<MemberExpr>(Tested);
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  std::string RecordName =
      Field && Field->getIdentifier() ? getRecordName(Field->getParent()) : "";
  if (!RecordName.empty() && fs_rules_knows_record(Rules, RecordName.c_str())) {
    std::vector<ExtractedValue> Values;
    Values.push_back(Extractor.extract(Mask));
    // Compound: the field's other bits are there, as in `|=`.
    checkRecord(RecordName.c_str(), {Field->getName().str()}, Values, {1},
                /*IsInitializer=*/false, Mask->getBeginLoc(), SM,
                Result.Context->getLangOpts(), /*IsRead=*/true);
    return true;
  }
  // A result kept in a variable or a field and tested later.
  const auto *Call = dyn_cast<CallExpr>(getStoredValue(Tested));
  const LangOptions &LangOpts = Result.Context->getLangOpts();
  RulesCall Described;
  if (!isRulesCall(Rules, Call, LangOpts, Described.Name))
    return false;
  // Without result rules there is nothing to check the value against
  // (`access(p, R_OK) != 0`): the call is not described.
  if (!fs_rules_reads_result(Rules, Described.Name.c_str()))
    return true;
  if (!describeRulesCall(Rules, Target, Call, Extractor, LangOpts, Described))
    return false;
  std::vector<ExtractedValue> Values;
  Values.push_back(Extractor.extract(Mask));
  fs_value MaskView = Values.front().view();
  FindingsHolder Out;
  fs_check_result(Rules, &Described.Facts, &MaskView, &Out.Findings);
  report(Out.Findings, Values, Mask->getBeginLoc(), SM);
  return true;
}

void FlagCheckBase::checkInitializer(const InitListExpr *Init,
                                     ASTContext &Context) {
  // The semantic form has one initializer per field, designated or not.
  if (!Init->isSemanticForm() || Init->isTypeDependent())
    return;
  const RecordDecl *Record = Init->getType()->getAsRecordDecl();
  const SourceManager &SM = Context.getSourceManager();
  if (!Record || !(Record = Record->getDefinition()) ||
      isInitializerInSystemCode(Init, SM))
    return;
  std::string RecordName = getRulesRecord(Record);
  if (RecordName.empty()) {
    Shapes.defer(Record, {nullptr, Init}, Rules, Context);
    return;
  }

  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<std::string> Fields;
  std::vector<const Expr *> Inits;
  if (Record->isUnion()) {
    const FieldDecl *Field = Init->getInitializedFieldInUnion();
    if (Field && Field->getIdentifier() && Init->getNumInits() > 0 &&
        !isSkippedInitializer(Init->getInit(0))) {
      Fields.push_back(Field->getName().str());
      Inits.push_back(Init->getInit(0));
    }
  } else {
    for (const auto &Field : getFieldInitializers(Init, Record)) {
      if (isSkippedInitializer(Field.second) || !Field.first->getIdentifier())
        continue;
      Fields.push_back(Field.first->getName().str());
      Inits.push_back(Field.second);
    }
  }

  std::vector<ExtractedValue> Values;
  Values.reserve(Inits.size());
  for (const Expr *Value : Inits)
    Values.push_back(Extractor.extract(Value));
  checkRecord(RecordName.c_str(), Fields, Values,
              std::vector<int>(Fields.size(), 0), /*IsInitializer=*/true,
              Init->getBeginLoc(), SM, Context.getLangOpts(), /*IsRead=*/false,
              Init, &Context);
}

void FlagCheckBase::checkAssignment(const BinaryOperator *Assign,
                                    ASTContext &Context) {
  int Compound;
  switch (Assign->getOpcode()) {
  case BO_Assign:
    Compound = 0;
    break;
  case BO_OrAssign:
  case BO_AndAssign:
  case BO_XorAssign:
    Compound = 1;
    break;
  default:
    return;
  }
  const auto *Member =
      dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  if (!Member)
    return;
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!Field || !Field->getIdentifier())
    return;
  const SourceManager &SM = Context.getSourceManager();
  if (isInSystemCode(Assign->getOperatorLoc(), SM))
    return;
  std::string RecordName = getRulesRecord(Field->getParent());
  if (RecordName.empty()) {
    Shapes.defer(Field->getParent(), {Assign, nullptr}, Rules, Context);
    return;
  }

  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<ExtractedValue> Values;
  Values.push_back(Extractor.extract(Assign->getRHS()));
  checkRecord(RecordName.c_str(), {Field->getName().str()}, Values, {Compound},
              /*IsInitializer=*/false, Assign->getBeginLoc(), SM,
              Context.getLangOpts());
}

void FlagCheckBase::checkRecord(const char *Record,
                                const std::vector<std::string> &Fields,
                                const std::vector<ExtractedValue> &Values,
                                const std::vector<int> &Compound,
                                bool IsInitializer, SourceLocation SiteLoc,
                                const SourceManager &SM,
                                const LangOptions &LangOpts, bool IsRead,
                                const InitListExpr *Init,
                                ASTContext *Context) {
  std::vector<fs_field> FieldFacts;
  for (size_t I = 0; I < Fields.size(); ++I)
    FieldFacts.push_back({Fields[I].c_str(), Values[I].view(), Compound[I]});
  fs_record Facts = {Record, FieldFacts.data(), FieldFacts.size(),
                     IsInitializer ? 1 : 0, Target.c_str(),
                     IsRead ? 1 : 0, {}};
  dumpRecordFacts(CheckId, Facts, Values, SiteLoc, SM, LangOpts);

  FindingsHolder Out;
  fs_check_record(Rules, &Facts, &Out.Findings);
  // An initializer in a test table's entry: the outcome the entry expects,
  // looked for only when it can change a finding.
  OutcomeFacts Outcome;
  if (fs_findings_outcome_matters(&Out.Findings) && Init && Context &&
      findTableOutcome(Follow.getEntry(Init), *Context, Outcome)) {
    Facts.outcome = Outcome.view();
    fs_findings_clear(&Out.Findings);
    fs_check_record(Rules, &Facts, &Out.Findings);
  }
  report(Out.Findings, Values, SiteLoc, SM);
}

void FlagCheckBase::report(const fs_findings &Findings,
                           const std::vector<ExtractedValue> &Values,
                           SourceLocation SiteLoc, const SourceManager &SM) {
  for (size_t I = 0; I < Findings.count; ++I) {
    const fs_finding &Finding = Findings.items[I];
    FlagCheckBase *Reporter = Group->astMember(Finding.check);
    if (!Reporter || !Finding.message ||
        !Reporter->Consequences.reports(Finding.consequence))
      continue;
    SourceLocation Loc = SiteLoc;
    const TermSite *Term = nullptr;
    const char *TermName = nullptr;
    if (Finding.slot != FS_WHOLE_SITE && Finding.slot < Values.size()) {
      const ExtractedValue &Value = Values[Finding.slot];
      if (Value.Loc.isValid())
        Loc = Value.Loc;
      if (Finding.term != FS_WHOLE_VALUE &&
          Finding.term < Value.Sites.size()) {
        Term = &Value.Sites[Finding.term];
        TermName = Value.Terms[Finding.term].name;
      }
    }
    // A finding about the value where it is used (a call without its
    // mode) points there, and notes where a followed flag is written.
    bool AtUse = Finding.at_use && Term && Term->PassedLoc.isValid() &&
                 Term->Loc.isValid() && TermName;
    if (AtUse)
      Loc = Term->PassedLoc;
    else if (Term && Term->Loc.isValid())
      Loc = Term->Loc;
    // The builder emits when it goes out of scope, before the note.
    {
      // Passing the message as the format, not as "%0"'s argument, saves
      // an escape of each character, in clang-tidy and again in clangd.
      auto Diag = Reporter->diag(
          getUserLocation(Loc, SM),
          ConsequenceOptions::format(Finding.message, Finding.consequence),
          Reporter->Consequences.level(Finding.consequence));
      if (Finding.fix && Term && Term->FixRange.isValid())
        Diag << FixItHint::CreateReplacement(Term->FixRange, Finding.fix);
      if (Finding.swap_slot != FS_WHOLE_SITE)
        addSwapFix(Diag, Values, Finding.slot, Finding.swap_slot, SM,
                   getLangOpts());
    }
    if (AtUse)
      Reporter->diag(getUserLocation(Term->Loc, SM), "%0 is set here",
                     DiagnosticIDs::Note)
          << TermName;
    else if (Term && Term->PassedLoc.isValid())
      Reporter->diag(getUserLocation(Term->PassedLoc, SM), "flag passed here",
                     DiagnosticIDs::Note);
  }
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
