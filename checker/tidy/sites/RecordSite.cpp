//===--- RecordSite.cpp - a struct written ------------------------------===//
//
// A brace initializer of a struct the rules name, and an assignment to one
// of its fields (=, |=, &=, ^=); also of a struct of the unit's own that a
// call showed to be a copy of one (reach/ShapedRecords.h), whose writes
// wait until then.
//
//===----------------------------------------------------------------------===//

#include "sites/SiteChecker.h"
#include "reach/GivenCalls.h"
#include "report/FactsDump.h"
#include "sites/SiteFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

bool isSkippedInitializer(const Expr *Init) {
  // Fields the user left out are value-initialized (zero): they are absent
  // from the facts, as the engine expects.
  return !Init || isa<ImplicitValueInitExpr>(Init) ||
         isa<CXXDefaultInitExpr>(Init) || isa<NoInitExpr>(Init);
}

// Like isInSystemCode at the '}' the user wrote. The braces Sema adds for
// a designator such as .how.flags have no syntactic form and take their
// locations from the values, which may be spelled in a system header: only
// their expansion is tested.
bool isInitializerInSystemCode(const InitListExpr *Init,
                               const SourceManager &SM) {
  if (const InitListExpr *Syntactic = Init->getSyntacticForm())
    return isInSystemCode(Syntactic->getRBraceLoc(), SM);
  SourceLocation End = Init->getRBraceLoc();
  if (End.isMacroID())
    return SM.isInSystemHeader(SM.getExpansionLoc(End));
  return isInSystemCode(End, SM);
}

// The named fields Init (of Record, the semantic form) writes, and their
// values: of a union, the one it initializes.
void getWrittenFields(const InitListExpr *Init, const RecordDecl *Record,
                      std::vector<std::string> &Fields,
                      std::vector<const Expr *> &Inits) {
  if (Record->isUnion()) {
    const FieldDecl *Field = Init->getInitializedFieldInUnion();
    if (Field && Field->getIdentifier() && Init->getNumInits() > 0 &&
        !isSkippedInitializer(Init->getInit(0))) {
      Fields.push_back(Field->getName().str());
      Inits.push_back(Init->getInit(0));
    }
    return;
  }
  for (const auto &Field : getFieldInitializers(Init, Record)) {
    if (isSkippedInitializer(Field.second) || !Field.first->getIdentifier())
      continue;
    Fields.push_back(Field.first->getName().str());
    Inits.push_back(Field.second);
  }
}

// The record a field is named in: a member of an anonymous union or struct
// (`sqe->timeout_flags`, in a union of struct io_uring_sqe) is the
// enclosing record's, as the code writing it by its own name says.
const RecordDecl *getNamingRecord(const FieldDecl *Field) {
  const RecordDecl *Record = Field->getParent();
  while (Record->isAnonymousStructOrUnion()) {
    const auto *Outer = dyn_cast<RecordDecl>(Record->getParent());
    if (!Outer)
      break;
    Record = Outer;
  }
  return Record;
}

// The function whose body holds S as one of its own statements, or null.
const FunctionDecl *getBodyOwner(const Stmt *S, ASTContext &Context) {
  DynTypedNodeList Parents = Context.getParents(*S);
  const auto *Body =
      Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Body)
    return nullptr;
  DynTypedNodeList Owners = Context.getParents(*Body);
  const auto *Owner =
      Owners.size() == 1 ? Owners[0].get<FunctionDecl>() : nullptr;
  return Owner && Owner->getBody() == Body ? Owner : nullptr;
}

} // namespace

void SiteChecker::checkInitializer(const InitListExpr *Init,
                                   ASTContext &Context) {
  // The semantic form has one initializer per field, designated or not.
  if (!Init->isSemanticForm() || Init->isTypeDependent())
    return;
  const RecordDecl *Record = Init->getType()->getAsRecordDecl();
  if (!Record || !(Record = Record->getDefinition()) ||
      isInitializerInSystemCode(Init, Context.getSourceManager()))
    return;
  std::string RecordName = getRulesRecord(Record);
  if (RecordName.empty()) {
    Shapes.defer(Record, {nullptr, Init}, Rules, Context);
    return;
  }

  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<std::string> Fields;
  std::vector<const Expr *> Inits;
  getWrittenFields(Init, Record, Fields, Inits);
  std::vector<ExtractedValue> Values;
  Values.reserve(Inits.size());
  for (const Expr *Value : Inits)
    Values.push_back(Extractor.extract(Value));
  checkRecord(RecordName.c_str(), Fields, Values,
              std::vector<int>(Fields.size(), 0), /*IsInitializer=*/true,
              Init->getBeginLoc(), Context, /*IsRead=*/false, Init,
              getInitializedVar(Init, Context));
}

int SiteChecker::compoundOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Assign:
    return 0;
  case BO_OrAssign:
  case BO_AndAssign:
    return 1;
  case BO_XorAssign:
    return CompoundToggle;
  default:
    return -1;
  }
}

void SiteChecker::checkAssignment(const BinaryOperator *Assign,
                                  ASTContext &Context) {
  int Compound = compoundOf(Assign->getOpcode());
  if (Compound < 0)
    return;
  const auto *Member =
      dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  if (!Member)
    return;
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!Field || !Field->getIdentifier() ||
      isInSystemCode(Assign->getOperatorLoc(), Context.getSourceManager()))
    return;
  std::string RecordName = getRulesRecord(getNamingRecord(Field));
  if (RecordName.empty()) {
    Shapes.defer(Field->getParent(), {Assign, nullptr}, Rules, Context);
    return;
  }
  if (checkFilledAssignment(Assign, RecordName, Context))
    return;

  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<ExtractedValue> Values;
  Values.push_back(Extractor.extract(Assign->getRHS()));
  checkRecord(RecordName.c_str(), {Field->getName().str()}, Values, {Compound},
              /*IsInitializer=*/false, Assign->getBeginLoc(), Context);
}

// An assignment by which its function fills a struct whole
// (reach/FieldParams.h: zeroed, then each field written once, before any
// other use: `memset(&how, 0, sizeof how); how.flags = O_RDONLY; how.mode =
// 0644;`): the struct is checked once, at the last of them, as an
// initializer of the fields written, so that a field left 0 counts (the
// mode of O_CREAT) and so does one written without the flag it needs (a
// mode without O_CREAT, which openat2() refuses). Returns whether Assign is
// one of them.
bool SiteChecker::checkFilledAssignment(const BinaryOperator *Assign,
                                        const std::string &Record,
                                        ASTContext &Context) {
  const FunctionDecl *Owner = getBodyOwner(Assign, Context);
  if (!Owner)
    return false;
  const std::vector<FilledRecord> &All = FieldParams.getFilledAll(Owner);
  auto Found = std::find_if(All.begin(), All.end(), [&](const FilledRecord &R) {
    return std::find(R.Assigns.begin(), R.Assigns.end(), Assign) !=
           R.Assigns.end();
  });
  if (Found == All.end())
    return false;
  const FilledRecord &Filled = *Found;
  if (Assign != Filled.Assigns.back())
    return true;
  TermExtractor Extractor(Rules, Context, Follow);
  std::vector<std::string> Fields;
  std::vector<ExtractedValue> Values;
  for (size_t I = 0; I < Filled.Fields.size(); ++I) {
    Fields.push_back(Filled.Fields[I]->getName().str());
    Values.push_back(Extractor.extract(Filled.Assigns[I]->getRHS()));
  }
  checkRecord(Record.c_str(), Fields, Values,
              std::vector<int>(Fields.size(), 0), /*IsInitializer=*/true,
              Filled.Assigns.front()->getBeginLoc(), Context,
              /*IsRead=*/false, nullptr,
              getAssignedVar(Filled.Assigns.front()));
  return true;
}

// The struct tag whose rules Record takes: its own when the rules know it,
// or the kernel struct a call showed it to copy; empty otherwise.
std::string SiteChecker::getRulesRecord(const RecordDecl *Record) const {
  std::string Name = getRecordName(Record);
  if (!Name.empty() && fs_rules_knows_record(Rules, Name.c_str()))
    return Name;
  const char *Shaped = Shapes.getConfirmed(Record);
  return Shaped ? Shaped : std::string();
}

void SiteChecker::checkRecord(const char *Record,
                              const std::vector<std::string> &Fields,
                              const std::vector<ExtractedValue> &Values,
                              const std::vector<int> &Compound,
                              bool IsInitializer, SourceLocation SiteLoc,
                              ASTContext &Context, bool IsRead,
                              const InitListExpr *Init,
                              const VarDecl *Given) {
  std::vector<fs_field> FieldFacts;
  for (size_t I = 0; I < Fields.size(); ++I)
    FieldFacts.push_back({Fields[I].c_str(), Values[I].view(),
                          Compound[I] != 0, Compound[I] == CompoundToggle});
  fs_record Facts = {Record, FieldFacts.data(), FieldFacts.size(),
                     IsInitializer ? 1 : 0, Target.c_str(),
                     IsRead ? 1 : 0, {}, nullptr, 0};
  // The call the struct is given to (its path for a file= rule).
  RulesCall GivenTo;
  unsigned GivenArg = 0;
  const CallExpr *GivenCall =
      Given ? getGivenCall(
                  Given,
                  [&](const CallExpr *Call) {
                    std::string Name;
                    return isRulesCall(Rules, Call, Context.getLangOpts(),
                                       Name);
                  },
                  GivenArg)
            : nullptr;
  TermExtractor Extractor(Rules, Context, Follow);
  if (GivenCall && describeRulesCall(Rules, Target, GivenCall, Extractor,
                                     Context.getLangOpts(), GivenTo)) {
    Facts.given_to = &GivenTo.Facts;
    Facts.given_arg = GivenArg;
  }
  dumpFacts(CheckId, Facts, Values, SiteLoc, Context.getSourceManager(),
            Context.getLangOpts());

  // An initializer in a test table's entry: the outcome the entry expects,
  // looked for only when it can change a finding.
  EngineAnswer Out;
  Out.ask(
      [&](fs_findings *Findings) {
        fs_check_record(Rules, &Facts, Findings);
      },
      [&](OutcomeFacts &Outcome) {
        return fs_findings_outcome_matters(&Out.Findings) && Init &&
               findTableOutcome(Follow.getEntry(Init), Context, Outcome);
      },
      [&](const fs_outcome &Outcome) { Facts.outcome = Outcome; });
  report(Out.Findings, Values, SiteLoc, Context);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
