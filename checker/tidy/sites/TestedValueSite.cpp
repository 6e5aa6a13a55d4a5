//===--- TestedValueSite.cpp - a result or a field tested ----------------===//
//
// `X & MASK`, `X == V`, `X != V` and the case values of `switch (X)`,
// where X is the result of a call with `result` rules (also kept in a
// local variable or a field of a local struct) or a field with rules: the
// engine checks MASK or V against what X holds.
//
//===----------------------------------------------------------------------===//

#include "sites/SiteChecker.h"
#include "sites/SiteFacts.h"

namespace clang {
namespace tidy {
namespace flagspace {

// `X & MASK` in either order, and `X &= MASK`.
void SiteChecker::checkTest(const BinaryOperator *Test, ASTContext &Context) {
  if (isInSystemCode(Test->getOperatorLoc(), Context.getSourceManager()))
    return;
  checkBitTest(Test, Context);
  if (Test->getOpcode() != BO_And)
    return;
  if (!checkTestedValue(Test->getLHS(), Test->getRHS(), Context))
    checkTestedValue(Test->getRHS(), Test->getLHS(), Context);
}

// `X == V` and `X != V` in either order: V is checked against what X holds
// as a mask would be.
void SiteChecker::checkCompare(const BinaryOperator *Compare,
                               ASTContext &Context) {
  for (const Expr *Side : {Compare->getLHS(), Compare->getRHS()})
    if (const auto *And = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts()))
      if (And->getOpcode() == BO_And)
        Compared[And] = Compare;
  if (isInSystemCode(Compare->getOperatorLoc(), Context.getSourceManager()))
    return;
  if (!checkTestedValue(Compare->getLHS(), Compare->getRHS(), Context))
    checkTestedValue(Compare->getRHS(), Compare->getLHS(), Context);
}

// `switch (X) { case V: ... }`: each case value is compared with X.
void SiteChecker::checkSwitch(const SwitchStmt *Switch, ASTContext &Context) {
  const Expr *Cond = Switch->getCond();
  if (!Cond ||
      isInSystemCode(Switch->getBeginLoc(), Context.getSourceManager()))
    return;
  for (const SwitchCase *Case = Switch->getSwitchCaseList(); Case;
       Case = Case->getNextSwitchCase())
    if (const auto *Value = dyn_cast<CaseStmt>(Case))
      if (Value->getLHS() && !Value->caseStmtIsGNURange())
        checkTestedValue(Cond, Value->getLHS(), Context);
}

// Checks Mask against what Tested holds: the result of a call with
// `result` rules, or a field with rules. Returns false when Tested is
// neither.
bool SiteChecker::checkTestedValue(const Expr *Tested, const Expr *Mask,
                                   ASTContext &Context) {
  Tested = Tested->IgnoreParenCasts();
  TermExtractor Extractor(Rules, Context, Follow);
  const auto *Member = dyn_cast<MemberExpr>(Tested);
  const auto *Field =
      Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  std::string RecordName =
      Field && Field->getIdentifier() ? getRecordName(Field->getParent()) : "";
  std::vector<ExtractedValue> Values;
  if (!RecordName.empty() && fs_rules_knows_record(Rules, RecordName.c_str())) {
    Values.push_back(Extractor.extract(Mask));
    // Compound: the field's other bits are there, as in `|=`.
    checkRecord(RecordName.c_str(), {Field->getName().str()}, Values, {1},
                /*IsInitializer=*/false, Mask->getBeginLoc(), Context,
                /*IsRead=*/true);
    return true;
  }
  // A result kept in a variable or a field and tested later.
  const auto *Call = dyn_cast<CallExpr>(getStoredValue(Tested));
  const LangOptions &LangOpts = Context.getLangOpts();
  RulesCall Described;
  if (!isRulesCall(Rules, Call, LangOpts, Described.Name))
    return false;
  // Without result rules there is nothing to check the value against
  // (`access(p, R_OK) != 0`): the call is not described.
  if (!fs_rules_reads_result(Rules, Described.Name.c_str()))
    return true;
  if (!describeRulesCall(Rules, Target, Call, Extractor, LangOpts, Described))
    return false;
  Values.push_back(Extractor.extract(Mask));
  fs_value MaskView = Values.front().view();
  EngineAnswer Out;
  fs_check_result(Rules, &Described.Facts, &MaskView, &Out.Findings);
  report(Out.Findings, Values, Mask->getBeginLoc(), Context);
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
