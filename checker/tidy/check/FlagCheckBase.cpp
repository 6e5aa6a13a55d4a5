//===--- FlagCheckBase.cpp - what every flagspace check shares -----------===//
//
// Reads the options and loads the rules, matches the sites and hands each
// to its kind of site (sites/SiteChecker.h).
//
//===----------------------------------------------------------------------===//

#include "check/FlagCheckBase.h"
#include "check/RulesCache.h"
#include "check/RulesLocation.h"
#include "reach/CallTargets.h"
#include "reach/SkippedBodies.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Preprocessor.h"

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

} // namespace

FlagCheckBase::FlagCheckBase(StringRef Name, ClangTidyContext *Context,
                             fs_check Check, bool MatchesAst)
    : ClangTidyCheck(Name, Context), CheckId(Check), TidyContext(*Context),
      RulesFiles(std::string(Options.getLocalOrGlobal(RulesFilesOption, ""))),
      RulesPaths(resolveRulesFiles(RulesFiles, Context->getCurrentFile(),
                                   Name)),
      SocketTakesOpenFlags(isTrue(
          Options.getLocalOrGlobal(SocketOpenFlagsOption, "false"))),
      MatchesAst(MatchesAst), Platforms(*this, Options),
      Consequences(*this, Options),
      Group(CheckGroup::join(*this, Check,
                             RulesPaths + (SocketTakesOpenFlags ? "\n1" : "\n0"))) {
}

void FlagCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, RulesFilesOption, RulesFiles);
  Options.store(Opts, SocketOpenFlagsOption,
                SocketTakesOpenFlags ? "true" : "false");
  Platforms.store(Options, Opts);
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
  Sites.endUnit();
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
  ASTContext &Context = *Result.Context;
  // Matching starts once the unit is parsed: its macros are all defined.
  if (!UnitRulesChosen) {
    UnitRulesChosen = true;
    Rules = unitRules();
    // The engine decides what the target means for the values
    // (rules/arch-*).
    Sites.startUnit(Rules, Context.getTargetInfo().getTriple().str(),
                    Platforms.unitPlatform(PP));
  }
  const BoundNodes &Nodes = Result.Nodes;
  if (const auto *Call = Nodes.getNodeAs<CallExpr>("call")) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      Sites.checkCall(Call, Callee, Context);
    else if (!isa<CXXMemberCallExpr>(Call))
      Sites.checkCall(Call, getKnownTarget(Call, Sites.follow(), Context),
                      Context);
  } else if (const auto *Test = Nodes.getNodeAs<BinaryOperator>("test"))
    Sites.checkTest(Test, Context);
  else if (const auto *Compare = Nodes.getNodeAs<BinaryOperator>("compare"))
    Sites.checkCompare(Compare, Context);
  else if (const auto *Switch = Nodes.getNodeAs<SwitchStmt>("switch"))
    Sites.checkSwitch(Switch, Context);
  else if (const auto *Init = Nodes.getNodeAs<InitListExpr>("init")) {
    Sites.follow().noteEntry(Init);
    Sites.checkInitializer(Init, Context);
  } else if (const auto *Assign = Nodes.getNodeAs<BinaryOperator>("assign"))
    Sites.checkAssignment(Assign, Context);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
