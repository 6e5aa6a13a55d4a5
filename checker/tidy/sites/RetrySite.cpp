//===--- RetrySite.cpp - the calls where a failed call's test leads -------===//
//
// Describes to the engine the calls made where a test of a checked call's
// outcome leads (reach/Fallbacks.h) as retries (fs_retry), which decide
// whether the code falls back where a call or flag is not supported: for a
// call of the C library, the calls after it; for a wrapper's call, those
// after the inner call, after each wrapper call on the way, and after the
// wrapper's call itself, a retry of a wrapper carried through the rest of
// the way as the inner call would get it.
//
//===----------------------------------------------------------------------===//

#include "sites/SiteChecker.h"
#include "reach/Fallbacks.h"
#include "sites/SiteFacts.h"

#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Whether A and B call the same function.
bool isSameCallee(const CallExpr *A, const CallExpr *B) {
  const FunctionDecl *X = A->getDirectCallee();
  const FunctionDecl *Y = B->getDirectCallee();
  return X && Y && X->getCanonicalDecl() == Y->getCanonicalDecl();
}

} // namespace

bool SiteChecker::hasCheck(const fs_findings &Findings, fs_check Check) {
  for (size_t I = 0; I < Findings.count; ++I)
    if (Findings.items[I].check == Check)
      return true;
  return false;
}

// Adds the retry of a C library function the rules know, its values as
// written; false for any other call.
bool SiteChecker::addRulesRetry(const RetryCall &Retry,
                                TermExtractor &Extractor, ASTContext &Context,
                                OutcomeFacts &Into) {
  RulesCall Described;
  if (!describeRulesCall(Rules, Target, Retry.Call, Extractor,
                         Context.getLangOpts(), Described))
    return false;
  RetryFacts Facts;
  Facts.Callee = Described.Name;
  if (const char *Number = getSyscallNumber(Described.Name, Described.Args))
    Facts.Number = Number;
  Facts.Values = std::move(Described.Args);
  Facts.Errnos = Retry.Errnos;
  Into.RetryList.push_back(std::move(Facts));
  return true;
}

void SiteChecker::addRetries(const CallExpr *Failing, TermExtractor &Extractor,
                             ASTContext &Context, OutcomeFacts &Into) {
  std::string Name;
  auto IsCandidate = [&](const CallExpr *Call) {
    return isSameCallee(Call, Failing) ||
           isRulesCall(Rules, Call, Context.getLangOpts(), Name);
  };
  for (const RetryCall &Retry :
       findRetries(Failing, nullptr, Context, IsCandidate))
    addRulesRetry(Retry, Extractor, Context, Into);
  addTestedErrnos(Failing, nullptr, Context, Into);
}

void SiteChecker::addTestedErrnos(const CallExpr *Failing,
                                  const FunctionDecl *Owner,
                                  ASTContext &Context, OutcomeFacts &Into) {
  for (std::string &Name : findTestedErrnos(Failing, Owner, Context))
    if (std::find(Into.TestedErrnos.begin(), Into.TestedErrnos.end(), Name) ==
        Into.TestedErrnos.end())
      Into.TestedErrnos.push_back(std::move(Name));
}

// Level K of Flow, given at Slot of the wrapper's call Outer: level 0 is
// Outer, level K (1 <= K <= n) the wrapper call Flow.Path[K - 1], level
// n + 1 the inner call. Passed[K] is what level K's callee gets, Passed[K -
// 1] what its own function's parameter stands for.
void SiteChecker::addLevelRetries(const FlowLevels &Levels, size_t K,
                                  TermExtractor &Extractor,
                                  ASTContext &Context, OutcomeFacts &Into) {
  const ParamFlow &Flow = Levels.Flow;
  size_t N = Flow.Path.size();
  const CallExpr *Failing = K == 0       ? Levels.Outer
                            : K <= N     ? Flow.Path[K - 1].Call
                                         : Flow.Inner;
  // The parameter of the function making the call, and what it holds.
  const NamedDecl *Own = K == 0 ? nullptr
                         : K <= N ? Flow.Path[K - 1].From
                                  : Flow.From;
  const FunctionDecl *Owner = K == 0 ? nullptr
                              : K <= N ? Flow.Path[K - 1].Owner
                                       : Flow.Owner;
  const ExtractedValue *Holds = K == 0 ? nullptr : &Levels.Passed[K - 1];
  unsigned Slot = K == 0 ? Levels.Slot : K <= N ? Flow.Path[K - 1].Arg : 0;
  std::string Name;
  auto IsCandidate = [&](const CallExpr *Call) {
    return isSameCallee(Call, Failing) ||
           isRulesCall(Rules, Call, Context.getLangOpts(), Name);
  };
  if (K > 0)
    addTestedErrnos(Failing, Owner, Context, Into);
  for (const RetryCall &Retry :
       findRetries(Failing, Owner, Context, IsCandidate)) {
    Extractor.substitute(Own, Owner, Holds);
    bool Described = addRulesRetry(Retry, Extractor, Context, Into);
    const Expr *Arg = Described || K > N ? nullptr
                                         : getSlotArg(Retry.Call, Slot);
    ExtractedValue Value;
    if (Arg)
      Value = Extractor.extract(Arg);
    Extractor.substitute(nullptr, nullptr, nullptr);
    if (Arg)
      addCarriedRetry(Levels, K, std::move(Value), Retry, Extractor, Into);
  }
}

// A retry of level K's wrapper giving Value where the flow's value went:
// the inner call's values, Value carried through the rest of the way.
void SiteChecker::addCarriedRetry(const FlowLevels &Levels, size_t K,
                                  ExtractedValue Value,
                                  const RetryCall &Retry,
                                  TermExtractor &Extractor,
                                  OutcomeFacts &Into) {
  const ParamFlow &Flow = Levels.Flow;
  std::deque<ExtractedValue> Carried;
  Carried.push_back(std::move(Value));
  for (size_t J = K; J < Flow.Path.size(); ++J) {
    const WrapperHop &Hop = Flow.Path[J];
    Extractor.substitute(Hop.From, Hop.Owner, &Carried.back());
    Carried.push_back(Extractor.extract(getSlotArg(Hop.Call, Hop.Arg)));
  }
  Extractor.substitute(Flow.From, Flow.Owner, &Carried.back());
  RetryFacts Facts;
  Facts.Callee = Flow.Inner->getDirectCallee()->getName().str();
  Facts.Values = extractArguments(Rules, Facts.Callee, Flow.Inner, Extractor);
  Extractor.substitute(nullptr, nullptr, nullptr);
  if (const char *Number = getSyscallNumber(Facts.Callee, Facts.Values))
    Facts.Number = Number;
  Facts.Errnos = Retry.Errnos;
  Into.RetryList.push_back(std::move(Facts));
}

void SiteChecker::addFlowRetries(const CallExpr *Outer, unsigned Slot,
                                 const ParamFlow &Flow,
                                 const ExtractedValue &Given,
                                 TermExtractor &Extractor,
                                 ASTContext &Context, OutcomeFacts &Into) {
  FlowLevels Levels{Outer, Slot, Flow, {}};
  Levels.Passed.push_back(Given);
  for (const WrapperHop &Hop : Flow.Path) {
    Extractor.substitute(Hop.From, Hop.Owner, &Levels.Passed.back());
    Levels.Passed.push_back(Extractor.extract(getSlotArg(Hop.Call, Hop.Arg)));
  }
  Extractor.substitute(nullptr, nullptr, nullptr);
  for (size_t K = 0; K <= Flow.Path.size() + 1; ++K)
    addLevelRetries(Levels, K, Extractor, Context, Into);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
