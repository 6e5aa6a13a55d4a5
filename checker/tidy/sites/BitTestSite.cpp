//===--- BitTestSite.cpp - a value tested with & -------------------------===//
//
// Every `a & b` and `a &= b` that names a flag, with the comparison it is
// an operand of (`(a & b) == c`): the engine says whether it tests a value
// as if it were a bit (fs_check_bit_test).
//
//===----------------------------------------------------------------------===//

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
    Facts.compare = Compare->getOpcode() == BO_EQ ? FS_CMP_EQ : FS_CMP_NE;
    Facts.compared = Other.view();
    Facts.compare_text = getTextFact(CompareText);
  }
  EngineAnswer Out;
  fs_check_bit_test(Rules, &Facts, &Out.Findings);
  report(Out.Findings, Values, Test->getOperatorLoc(), Context);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
