//===--- FlagCheckBase.cpp - what every flagspace check shares -----------===//
//
// Matches flag-taking calls and struct writes, describes them to the engine
// and reports the engine's findings for one check.
//
//===----------------------------------------------------------------------===//

#include "FlagCheckBase.h"
#include "FactsDump.h"
#include "RulesCache.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang::ast_matchers;

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const char RulesFilesOption[] = "flagspace.RulesFiles";

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

// Whether Callee can be the C library function of that name rather than
// the user's own: a free function at global scope. In C++ a global function
// that is not extern "C" must also look like a C function (no class or
// reference parameters), which rules out the user's own overloads.
bool isCLibraryShape(const FunctionDecl *Callee, const LangOptions &LangOpts) {
  if (isa<CXXMethodDecl>(Callee))
    return false;
  if (!Callee->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  if (!LangOpts.CPlusPlus || Callee->isExternC() ||
      Callee->isInExternCContext())
    return true;
  for (const ParmVarDecl *Param : Callee->parameters())
    if (!Param->getType()->isScalarType())
      return false;
  return true;
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

// Where to report Loc: clang-tidy drops diagnostics located in system
// headers, and a flag's expansion (0x100) is spelled in the header that
// defines it. Step out of system macros to where their name was written.
SourceLocation getUserLocation(SourceLocation Loc, const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  return Loc;
}

bool isSkippedInitializer(const Expr *Init) {
  // Fields the user left out are value-initialized (zero): they are absent
  // from the facts, as the engine expects.
  return !Init || isa<ImplicitValueInitExpr>(Init) ||
         isa<CXXDefaultInitExpr>(Init) || isa<NoInitExpr>(Init);
}

} // namespace

FlagCheckBase::FlagCheckBase(StringRef Name, ClangTidyContext *Context,
                             fs_check Check, bool MatchesAst)
    : ClangTidyCheck(Name, Context), CheckId(Check),
      RulesFiles(std::string(Options.getLocalOrGlobal(RulesFilesOption, ""))),
      MatchesAst(MatchesAst) {}

void FlagCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, RulesFilesOption, RulesFiles);
}

const fs_rules *FlagCheckBase::rules() {
  if (RulesReady)
    return Rules;
  RulesReady = true;
  const LoadedRules &Loaded = getRules(RulesFiles);
  Rules = Loaded.Rules;
  if (!Loaded.Problems.empty() &&
      claimProblemReport(getCurrentMainFile(), RulesFiles)) {
    // Errors make clang-tidy exit with a failure status, as a broken rules
    // file must not pass silently.
    for (const RulesProblem &Problem : Loaded.Problems)
      diag("%0", Problem.Severity == FS_ERROR ? DiagnosticIDs::Error
                                              : DiagnosticIDs::Warning)
          << Problem.Text;
  }
  return Rules;
}

void FlagCheckBase::registerMatchers(MatchFinder *Finder) {
  if (!rules() || !MatchesAst)
    return;
  Finder->addMatcher(
      callExpr(callee(functionDecl().bind("callee"))).bind("call"), this);
  Finder->addMatcher(initListExpr().bind("init"), this);
  Finder->addMatcher(binaryOperator(isAssignmentOperator(),
                                    hasLHS(ignoringParenImpCasts(memberExpr())))
                         .bind("assign"),
                     this);
}

void FlagCheckBase::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call"))
    checkCall(Call, Result.Nodes.getNodeAs<FunctionDecl>("callee"), Result);
  else if (const auto *Init = Result.Nodes.getNodeAs<InitListExpr>("init"))
    checkInitializer(Init, Result);
  else if (const auto *Assign =
               Result.Nodes.getNodeAs<BinaryOperator>("assign"))
    checkAssignment(Assign, Result);
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
  if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
      isa<CXXOperatorCallExpr>(Call))
    return;
  std::string Name = Callee->getName().str();
  if (!fs_rules_knows_function(Rules, Name.c_str()) ||
      !isCLibraryShape(Callee, Result.Context->getLangOpts()) ||
      isInSystemCode(Call->getRParenLoc(), *Result.SourceManager))
    return;

  TermExtractor Extractor(Rules, *Result.Context);
  unsigned ArgCount = getWrittenArgCount(Call);
  std::vector<ExtractedValue> Values;
  Values.reserve(ArgCount);
  for (unsigned I = 0; I < ArgCount; ++I)
    Values.push_back(Extractor.extract(Call->getArg(I)));

  std::vector<fs_value> Args;
  for (const ExtractedValue &Value : Values)
    Args.push_back(Value.view());
  fs_call Facts = {Name.c_str(), Args.data(), Args.size()};
  dumpCallFacts(CheckId, Facts, Values, Call->getBeginLoc(),
                *Result.SourceManager, Result.Context->getLangOpts());

  FindingsHolder Out;
  fs_check_call(Rules, &Facts, &Out.Findings);
  report(Out.Findings, Values, Call->getBeginLoc(), *Result.SourceManager);
}

void FlagCheckBase::checkInitializer(const InitListExpr *Init,
                                     const MatchFinder::MatchResult &Result) {
  // The semantic form has one initializer per field, designated or not.
  if (!Init->isSemanticForm() || Init->isTypeDependent())
    return;
  const RecordDecl *Record = Init->getType()->getAsRecordDecl();
  if (!Record || !(Record = Record->getDefinition()))
    return;
  std::string RecordName = getRecordName(Record);
  if (RecordName.empty() || !fs_rules_knows_record(Rules, RecordName.c_str()) ||
      isInitializerInSystemCode(Init, *Result.SourceManager))
    return;

  TermExtractor Extractor(Rules, *Result.Context);
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
    unsigned Index = 0;
    if (const auto *Class = dyn_cast<CXXRecordDecl>(Record))
      Index = Class->getNumBases();
    for (const FieldDecl *Field : Record->fields()) {
      if (Field->isBitField() && !Field->getDeclName())
        continue; // unnamed bit-fields take no initializer
      if (Index >= Init->getNumInits())
        break;
      const Expr *Value = Init->getInit(Index++);
      if (isSkippedInitializer(Value) || !Field->getIdentifier())
        continue;
      Fields.push_back(Field->getName().str());
      Inits.push_back(Value);
    }
  }

  std::vector<ExtractedValue> Values;
  Values.reserve(Inits.size());
  for (const Expr *Value : Inits)
    Values.push_back(Extractor.extract(Value));
  checkRecord(RecordName.c_str(), Fields, Values,
              std::vector<int>(Fields.size(), 0), /*IsInitializer=*/true,
              Init->getBeginLoc(), *Result.SourceManager,
              Result.Context->getLangOpts());
}

void FlagCheckBase::checkAssignment(const BinaryOperator *Assign,
                                    const MatchFinder::MatchResult &Result) {
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
  std::string RecordName = getRecordName(Field->getParent());
  if (RecordName.empty() || !fs_rules_knows_record(Rules, RecordName.c_str()) ||
      isInSystemCode(Assign->getOperatorLoc(), *Result.SourceManager))
    return;

  TermExtractor Extractor(Rules, *Result.Context);
  std::vector<ExtractedValue> Values;
  Values.push_back(Extractor.extract(Assign->getRHS()));
  checkRecord(RecordName.c_str(), {Field->getName().str()}, Values, {Compound},
              /*IsInitializer=*/false, Assign->getBeginLoc(),
              *Result.SourceManager, Result.Context->getLangOpts());
}

void FlagCheckBase::checkRecord(const char *Record,
                                const std::vector<std::string> &Fields,
                                const std::vector<ExtractedValue> &Values,
                                const std::vector<int> &Compound,
                                bool IsInitializer, SourceLocation SiteLoc,
                                const SourceManager &SM,
                                const LangOptions &LangOpts) {
  std::vector<fs_field> FieldFacts;
  for (size_t I = 0; I < Fields.size(); ++I)
    FieldFacts.push_back({Fields[I].c_str(), Values[I].view(), Compound[I]});
  fs_record Facts = {Record, FieldFacts.data(), FieldFacts.size(),
                     IsInitializer ? 1 : 0};
  dumpRecordFacts(CheckId, Facts, Values, SiteLoc, SM, LangOpts);

  FindingsHolder Out;
  fs_check_record(Rules, &Facts, &Out.Findings);
  report(Out.Findings, Values, SiteLoc, SM);
}

void FlagCheckBase::report(const fs_findings &Findings,
                           const std::vector<ExtractedValue> &Values,
                           SourceLocation SiteLoc, const SourceManager &SM) {
  for (size_t I = 0; I < Findings.count; ++I) {
    const fs_finding &Finding = Findings.items[I];
    if (Finding.check != CheckId || !Finding.message)
      continue;
    SourceLocation Loc = SiteLoc;
    const TermSite *Term = nullptr;
    if (Finding.slot != FS_WHOLE_SITE && Finding.slot < Values.size()) {
      const ExtractedValue &Value = Values[Finding.slot];
      if (Value.Loc.isValid())
        Loc = Value.Loc;
      if (Finding.term != FS_WHOLE_VALUE && Finding.term < Value.Sites.size())
        Term = &Value.Sites[Finding.term];
    }
    if (Term && Term->Loc.isValid())
      Loc = Term->Loc;
    // The message goes in as an argument so that nothing in it is read as
    // diagnostic formatting.
    auto Diag = diag(getUserLocation(Loc, SM), "%0") << Finding.message;
    if (Finding.fix && Term && Term->FixRange.isValid())
      Diag << FixItHint::CreateReplacement(Term->FixRange, Finding.fix);
  }
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
