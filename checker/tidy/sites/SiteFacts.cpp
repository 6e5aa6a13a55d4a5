//===--- SiteFacts.cpp - what the kinds of site share ---------------------===//

#include "sites/SiteFacts.h"
#include "reach/FollowCache.h"
#include "reach/Wrappers.h"
#include "report/Reporter.h"
#include "sites/SiteChecker.h"

#include "clang/AST/ExprCXX.h"

namespace clang {
namespace tidy {
namespace flagspace {

void EngineAnswer::ask(llvm::function_ref<void(fs_findings *)> Check,
                       llvm::function_ref<bool(OutcomeFacts &)> Find,
                       llvm::function_ref<void(const fs_outcome &)> Use) {
  Check(&Findings);
  if (!Findings.count || !Find(Outcome))
    return;
  Use(Outcome.view());
  fs_findings_clear(&Findings);
  Check(&Findings);
}

namespace {

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

// The text of a narrow string literal written as E (through parentheses
// and the array-to-pointer decay), for rules about paths and mode strings;
// none otherwise.
std::optional<std::string> getStringLiteral(const Expr *E) {
  const auto *Literal = dyn_cast<StringLiteral>(E->IgnoreParenImpCasts());
  if (!Literal || Literal->getCharByteWidth() != 1)
    return std::nullopt;
  return Literal->getString().str();
}

} // namespace

void setStringLiteral(ExtractedValue &Value, const Expr *E) {
  Value.String = getStringLiteral(E);
  if (!Value.String)
    return;
  // A literal spelled in the file can be replaced (a mode string's fix);
  // one a macro makes is left as it is.
  bool InFile = E->getBeginLoc().isFileID() && E->getEndLoc().isFileID();
  Value.Written = InFile ? E : nullptr;
}

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
      setStringLiteral(Skipped, Call->getArg(I));
      Values.push_back(std::move(Skipped));
      continue;
    }
    Values.push_back(Extractor.extract(Call->getArg(I)));
    setStringLiteral(Values.back(), Call->getArg(I));
    if (I == 0)
      Number = getSyscallNumber(Name, Values);
  }
  return Values;
}

std::vector<fs_value> getViews(const std::vector<ExtractedValue> &Values) {
  std::vector<fs_value> Views;
  Views.reserve(Values.size());
  for (const ExtractedValue &Value : Values)
    Views.push_back(Value.view());
  return Views;
}

const char *getSyscallNumber(const std::string &Name,
                             const std::vector<ExtractedValue> &Values) {
  if (Name != "syscall" || Values.empty() || Values[0].Terms.size() != 1)
    return nullptr;
  return Values[0].Terms.front().name;
}

bool isRulesCall(const fs_rules *Rules, const CallExpr *Call,
                 const LangOptions &LangOpts, std::string &Name) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call))
    return false;
  Name = Callee->getName().str();
  return fs_rules_knows_function(Rules, Name.c_str()) &&
         isCLibraryShape(Callee, LangOpts);
}

bool describeRulesCall(const fs_rules *Rules, const std::string &Target,
                       const CallExpr *Call, TermExtractor &Extractor,
                       const LangOptions &LangOpts, RulesCall &Out) {
  if (!isRulesCall(Rules, Call, LangOpts, Out.Name))
    return false;
  Out.Args = extractArguments(Rules, Out.Name, Call, Extractor);
  Out.Views = getViews(Out.Args);
  Out.Facts = {Out.Name.c_str(), Out.Views.data(), Out.Views.size(),
               Target.c_str(), {}, {}};
  return true;
}

std::string getRecordName(const RecordDecl *Record) {
  if (Record->getIdentifier())
    return Record->getName().str();
  if (const TypedefNameDecl *Typedef = Record->getTypedefNameForAnonDecl())
    return Typedef->getName().str();
  return std::string();
}

bool isInSystemCode(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return false;
  return SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
         SM.isInSystemHeader(SM.getSpellingLoc(Loc));
}

void SiteChecker::report(const fs_findings &Findings,
                         const std::vector<ExtractedValue> &Values,
                         SourceLocation SiteLoc,
                         const ASTContext &Context) const {
  reportFindings(Group, Findings, Values, SiteLoc, Context.getSourceManager(),
                 Context.getLangOpts());
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
