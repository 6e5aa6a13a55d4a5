//===--- BitTestSite.cpp - a value tested with & -------------------------===//
//
// Every `a & b` and `a &= b` that names a flag, with the comparison it is
// an operand of (`(a & b) == c`): the engine says whether it tests a value
// as if it were a bit (fs_check_bit_test).
//
//===----------------------------------------------------------------------===//

#include "sites/BitTestOperand.h"
#include "sites/SiteChecker.h"
#include "sites/SiteFacts.h"

#include "clang/Lex/Lexer.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// E as written in the file, or "" when it is not one piece of it.
std::string getWrittenText(const Expr *E, const SourceManager &SM,
                           const LangOptions &LangOpts) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, LangOpts);
  if (!Range.isValid())
    return std::string();
  return Lexer::getSourceText(Range, SM, LangOpts).str();
}

// The value `a &= b` tests: an unknown a, masked with b.
ExtractedValue extractAndAssign(const BinaryOperator *Test,
                                TermExtractor &Extractor) {
  ExtractedValue Value;
  ExtractedValue Mask = Extractor.extract(Test->getRHS());
  addNode(Value, FS_OP_AND);
  addUnknown(Value);
  Value.Nodes.insert(Value.Nodes.end(), Mask.Nodes.begin(), Mask.Nodes.end());
  Value.Terms = std::move(Mask.Terms);
  Value.Sites = std::move(Mask.Sites);
  Value.Loc = Test->getBeginLoc();
  return Value;
}

// A text as the facts take it: null for "".
const char *getTextFact(const std::string &Text) {
  return Text.empty() ? nullptr : Text.c_str();
}

// The facts of a bit test's operand (fs_bit_test's holder, tested_with,
// fixable), kept alive while the engine reads them.
struct OperandFacts {
  BitTestOperand Operand;
  RulesCall Holder;
  std::string Record, Field;
  std::vector<const char *> TestedWith;
};

// The holder: the call the operand is given to, or else the call whose
// result it holds (Stored: also through a variable), or else the field it
// is read from.
void describeHolder(const fs_rules *Rules, const std::string &Target,
                    const Expr *Stored, TermExtractor &Extractor,
                    const LangOptions &LangOpts, OperandFacts &Out) {
  std::string Name;
  if (Out.Operand.HolderCall) {
    describeRulesCall(Rules, Target, Out.Operand.HolderCall, Extractor,
                      LangOpts, Out.Holder);
    return;
  }
  const auto *Call = dyn_cast<CallExpr>(Stored);
  if (Call && isRulesCall(Rules, Call, LangOpts, Name) &&
      fs_rules_reads_result(Rules, Name.c_str())) {
    describeRulesCall(Rules, Target, Call, Extractor, LangOpts, Out.Holder);
    return;
  }
  const auto *Member =
      dyn_cast<MemberExpr>(Out.Operand.Operand->IgnoreParenCasts());
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  if (Field && Field->getIdentifier()) {
    Out.Record = getRecordName(Field->getParent());
    Out.Field = Field->getName().str();
  }
}

// Fills Out and the operand facts of Facts for Test, compared by Compare.
void describeOperand(const fs_rules *Rules, const std::string &Target,
                     const BinaryOperator *Test, const BinaryOperator *Compare,
                     ASTContext &Context, TermExtractor &Extractor,
                     llvm::function_ref<const Expr *(const Expr *)> Stored,
                     llvm::function_ref<FieldCall(const FieldDecl *, const ParmVarDecl *)>
        FieldHolder,
                     OperandFacts &Out, fs_bit_test &Facts) {
  const LangOptions &LangOpts = Context.getLangOpts();
  describeBitTestOperand(
      Test, Compare, Context,
      [&](const CallExpr *Call) {
        std::string Name;
        return isRulesCall(Rules, Call, LangOpts, Name);
      },
      [&](const Expr *E, std::vector<std::string> &Names) {
        for (const fs_term &Term : Extractor.extract(E).Terms)
          if (Term.name)
            Names.push_back(Term.name);
      },
      Out.Operand);
  if (!Out.Operand.Operand)
    return;
  // A field given to a call elsewhere in the unit (`open(p, s->oflags)`).
  const auto *Member =
      dyn_cast<MemberExpr>(Out.Operand.Operand->IgnoreParenCasts());
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Out.Operand.Operand->IgnoreParenCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Out.Operand.HolderCall && (Field || Param)) {
    FieldCall Given = FieldHolder(Field, Param);
    Out.Operand.HolderCall = Given.Call;
    Out.Operand.HolderArg = Given.Arg;
  }
  describeHolder(Rules, Target,
                 Stored(Out.Operand.Operand->IgnoreParenCasts()), Extractor,
                 LangOpts, Out);
  Facts.holder = Out.Holder.Facts.callee ? &Out.Holder.Facts : nullptr;
  Facts.holder_arg =
      Out.Operand.HolderCall ? Out.Operand.HolderArg : FS_WHOLE_VALUE;
  Facts.holder_record = Out.Record.empty() ? nullptr : Out.Record.c_str();
  Facts.holder_field = Out.Field.empty() ? nullptr : Out.Field.c_str();
  for (const std::string &Name : Out.Operand.TestedWith)
    Out.TestedWith.push_back(Name.c_str());
  Facts.tested_with = Out.TestedWith.data();
  Facts.ntested_with = Out.TestedWith.size();
  Facts.fixable = Out.Operand.Fixable;
}

// What the operand of Test holds, for a flag of Value that another value of
// its field includes (`flags & O_WRONLY` misses O_RDWR where flags are
// open()'s). A fix rewrites the whole test (fs_finding.fix_whole).
void describeCoveredOperand(
    const fs_rules *Rules, const std::string &Target,
    const BinaryOperator *Test, const BinaryOperator *Compare,
    ASTContext &Context, TermExtractor &Extractor,
    llvm::function_ref<const Expr *(const Expr *)> Stored,
    llvm::function_ref<FieldCall(const FieldDecl *, const ParmVarDecl *)>
        FieldHolder,
    ExtractedValue &Value, OperandFacts &Operand, fs_bit_test &Facts) {
  if (std::none_of(Value.Terms.begin(), Value.Terms.end(),
                   [&](const fs_term &Term) {
                     return fs_rules_is_covered(Rules, Term.name);
                   }))
    return;
  describeOperand(Rules, Target, Test, Compare, Context, Extractor, Stored,
                  FieldHolder, Operand, Facts);
  if (Facts.fixable)
    Value.Written = Operand.Operand.Replaced;
}

// The call given what the field, or else the parameter, holds a copy of.
FieldCall getCopiedCall(FieldCallIndex &Index, const fs_rules *Rules,
                        ASTContext &Context, const FieldDecl *Field,
                        const ParmVarDecl *Param) {
  auto HasRules = [&](const CallExpr *Call) {
    std::string Name;
    return isRulesCall(Rules, Call, Context.getLangOpts(), Name);
  };
  return Field ? Index.getCall(Field, Context, HasRules)
               : Index.getParamCall(Param, Context, HasRules);
}

} // namespace

// For `a &= b` the old value of a is unknown.
void SiteChecker::checkBitTest(const BinaryOperator *Test,
                               ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LangOpts = Context.getLangOpts();
  // Taken out first: the map holds only comparisons still to be seen.
  const BinaryOperator *Compare = Compared.lookup(Test);
  Compared.erase(Test);
  TermExtractor Extractor(Rules, Context, Follow);
  bool IsAssign = Test->getOpcode() == BO_AndAssign;
  std::vector<ExtractedValue> Values(1);
  ExtractedValue &Value = Values.front();
  Value = IsAssign ? extractAndAssign(Test, Extractor)
                   : Extractor.extract(Test);
  if (std::none_of(Value.Terms.begin(), Value.Terms.end(),
                   [](const fs_term &Term) { return Term.name != nullptr; }))
    return;
  std::string Texts[2] = {getWrittenText(Test->getLHS(), SM, LangOpts),
                          getWrittenText(Test->getRHS(), SM, LangOpts)};
  fs_bit_test Facts = {Value.view(),
                       {getTextFact(Texts[0]), getTextFact(Texts[1])},
                       IsAssign ? 1 : 0,
                       Target.c_str(),
                       FS_CMP_NONE,
                       {},
                       nullptr,
                       nullptr,
                       FS_WHOLE_VALUE,
                       nullptr,
                       nullptr,
                       nullptr,
                       0,
                       0};
  // `(a & b) == c`: the engine reads the test with what it is compared to.
  ExtractedValue Other;
  std::string CompareText;
  if (Compare) {
    const Expr *OtherSide = Compare->getLHS()->IgnoreParenImpCasts() == Test
                                ? Compare->getRHS()
                                : Compare->getLHS();
    Other = Extractor.extract(OtherSide);
    CompareText = getWrittenText(Compare, SM, LangOpts);
    Facts.compare = Compare->getOpcode() == BO_EQ ? FS_CMP_EQ : FS_CMP_NE;
    Facts.compared = Other.view();
    Facts.compare_text = getTextFact(CompareText);
  }
  OperandFacts Operand;
  describeCoveredOperand(
      Rules, Target, Test, Compare, Context, Extractor,
      [&](const Expr *E) { return getStoredValue(E); },
      [&](const FieldDecl *Field, const ParmVarDecl *Param) {
        return getCopiedCall(FieldCalls, Rules, Context, Field, Param);
      },
      Value, Operand, Facts);
  EngineAnswer Out;
  fs_check_bit_test(Rules, &Facts, &Out.Findings);
  report(Out.Findings, Values, Test->getOperatorLoc(), Context);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
