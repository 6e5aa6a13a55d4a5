//===--- WrapperSite.cpp - a call of the unit's own wrapper --------------===//
//
// A call of a function of the translation unit whose parameters (or
// template parameters) reach known flag arguments (reach/Wrappers.h): each
// such argument is checked as the inner calls would check it.
//
//===----------------------------------------------------------------------===//

#include "sites/SiteChecker.h"
#include "reach/SkippedBodies.h"
#include "sites/SiteFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>
#include <deque>
#include <utility>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The slots a call gives: the arguments, then the template arguments
// written (`op<AT_REMOVEDIR>(p)` of `template <int F> int op(...)`).
// Shift: the arguments before the first parameter (a call operator's
// object). Default arguments count: the declaration's value is passed.
std::vector<std::pair<unsigned, const Expr *>>
getGivenSlots(const CallExpr *Call, const FunctionDecl *Definition,
              unsigned Shift) {
  unsigned ArgCount =
      std::min(Call->getNumArgs() - Shift, Definition->getNumParams());
  std::vector<std::pair<unsigned, const Expr *>> Given;
  for (unsigned I = 0; I < ArgCount; ++I)
    Given.push_back({I, Call->getArg(I + Shift)});
  unsigned TemplateArgs = getTemplateArgCount(Call);
  for (unsigned J = 0; J < TemplateArgs; ++J)
    if (const Expr *Arg = getSlotArg(Call, TemplateSlot + J))
      Given.push_back({TemplateSlot + J, Arg});
  return Given;
}

// The facts of the flows of one slot, and what they point into, alive
// until reported.
struct FlowFacts {
  std::deque<std::vector<ExtractedValue>> Values;
  std::deque<std::vector<fs_value>> Args;
  // Each inner argument as the wrapper writes it (fs_flow.written).
  std::deque<ExtractedValue> WrittenValues;
  std::deque<fs_value> Written;
  std::deque<std::vector<size_t>> OuterIndex;
  std::deque<std::string> Names;
  std::vector<fs_flow> Facts;

  // Adds the flow into argument Arg of the call of Name, whose arguments
  // are Inner, and which the wrapper writes AsWritten, on the unit's
  // Target and Platform.
  void add(const std::string &Name, std::vector<ExtractedValue> Inner,
           ExtractedValue AsWritten, unsigned Arg, const std::string &Target,
           fs_platform Platform) {
    WrittenValues.push_back(std::move(AsWritten));
    Written.push_back(WrittenValues.back().view());
    Values.push_back(std::move(Inner));
    Args.push_back(getViews(Values.back()));
    // Each term of the inner argument: the outer term it stands for.
    OuterIndex.emplace_back();
    if (Arg < Values.back().size())
      for (const TermSite &Site : Values.back()[Arg].Sites)
        OuterIndex.back().push_back(Site.SubstIndex < 0
                                        ? FS_WHOLE_VALUE
                                        : static_cast<size_t>(Site.SubstIndex));
    Names.push_back(Name);
    fs_flow Fact = {{Names.back().c_str(), Args.back().data(),
                     Args.back().size(), Target.c_str(), {}, Platform},
                    Arg,
                    OuterIndex.back().data(),
                    &Written.back()};
    Facts.push_back(Fact);
  }
};

} // namespace

struct WrapperSlot {
  unsigned Slot;
  const Expr *Given;
  const std::vector<ParamFlow> *Flows;
};

namespace {
// The inner call's values a finding points into, Where: one about the
// whole argument is the caller's, at what the call gives (the engine says
// so of no term of the wrapper's). A fix-it of the whole argument replaces
// what the caller writes only where that is the value itself: its string
// literal passed on as it is (a mode string, extractFlow), spelled in the
// file; any other value's text is the wrapper's, not the caller's.
std::vector<ExtractedValue> pointAtCaller(std::vector<ExtractedValue> Where,
                                          const WrapperSlot &Slot) {
  unsigned Arg = Slot.Flows->front().Arg;
  if (Arg < Where.size()) {
    ExtractedValue &Value = Where[Arg];
    Value.Loc = Slot.Given->getBeginLoc();
    if (!Value.String || Value.Written != Slot.Given)
      Value.Written = nullptr;
  }
  return Where;
}

// The other parameters of Definition that the inner call of Into, a flow
// of slot Own in Definition's own body, reads as they are given too (a
// wrapper passing on both the flags and the mode its caller gives): each
// with the value the call gives it, kept in Values.
void getAlsoGiven(const ParamFlow &Into, const FunctionDecl *Definition,
                  unsigned Own,
                  const std::vector<WrapperSlot> &Slots,
                  TermExtractor &Extractor, std::deque<ExtractedValue> &Values,
                  std::vector<std::pair<const NamedDecl *,
                                        const ExtractedValue *>> &Also) {
  if (Own >= TemplateSlot || !Into.Through.empty() ||
      Into.From != Definition->getParamDecl(Own))
    return;
  for (const WrapperSlot &Other : Slots) {
    if (Other.Slot == Own || Other.Slot >= TemplateSlot)
      continue;
    const NamedDecl *Param = Definition->getParamDecl(Other.Slot);
    auto SameCall = [&](const ParamFlow &Flow) {
      return Flow.Inner == Into.Inner && Flow.Through.empty() &&
             Flow.From == Param;
    };
    if (std::none_of(Other.Flows->begin(), Other.Flows->end(), SameCall))
      continue;
    Values.push_back(Extractor.extract(Other.Given));
    Also.push_back({Param, &Values.back()});
  }
}
} // namespace

// The values of the inner call of Flow with the wrapper's parameter
// standing for Outer, and each parameter of Also for its value; the terms
// that stand for Outer's keep its index in SubstIndex.
std::vector<ExtractedValue>
SiteChecker::extractFlow(const ParamFlow &Flow, const ExtractedValue &Outer,
                         const AlsoGiven &Also, TermExtractor &Extractor) {
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
  for (const auto &Given : Also)
    Extractor.substituteAlso(Given.first, Given.second);
  std::vector<ExtractedValue> Values =
      extractArguments(Rules, Name, Inner, Extractor);
  Extractor.substitute(nullptr, nullptr, nullptr);
  // A string passed on as it is (a mode string) is the caller's literal,
  // reported and fixed where the caller writes it.
  if (Outer.String && Flow.Through.empty() && Flow.Arg < Values.size()) {
    Values[Flow.Arg].String = Outer.String;
    Values[Flow.Arg].Written = Outer.Written;
    Values[Flow.Arg].Loc = Outer.Loc;
  }
  return Values;
}

// A call of the translation unit's own function whose parameters (or
// template parameters) reach known flag arguments: each such argument (or
// template argument) is checked as the inner calls would check it; the
// engine keeps what every inner call finds (fs_check_flows).
void SiteChecker::checkWrapperCall(const CallExpr *Call,
                                   const FunctionDecl *Callee,
                                   ASTContext &Context) {
  const FunctionDecl *Definition = nullptr;
  const SourceManager &SM = Context.getSourceManager();
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
  TermExtractor Extractor(Rules, Context, Follow);
  auto Given = getGivenSlots(Call, Definition, Shift);
  bool Filled = checkFilledRecord(Call, Definition, Given, Extractor, Context);
  std::vector<WrapperSlot> Slots;
  for (const auto &Slot : Given)
    Slots.push_back({Slot.first, Slot.second,
                     &Wrappers.getFlows(Definition, Slot.first, Rules,
                                        Context.getLangOpts())});
  for (const WrapperSlot &Slot : Slots) {
    if (!Slot.Flows->empty() &&
        !checkWrapperSlot(Call, Definition, Slot, Slots, Extractor, Context))
      return;
    if (Slot.Slot < TemplateSlot && !Filled)
      checkFieldSlot(Call, Definition, Slot.Slot, Slot.Given, Extractor,
                     Context);
  }
}

// A builder that fills a struct the rules know whole from its parameters
// (reach/FieldParams.h: memset, then `how->flags = flags; how->resolve =
// resolve;`): the struct is checked as an initializer of the fields
// written, each parameter standing for what the call gives it, so that a
// field left 0 counts (the mode of O_CREAT). Returns whether it was.
bool SiteChecker::checkFilledRecord(
    const CallExpr *Call, const FunctionDecl *Definition,
    const std::vector<std::pair<unsigned, const Expr *>> &Given,
    TermExtractor &Extractor, ASTContext &Context) {
  const FilledRecord &Filled = FieldParams.getFilled(Definition);
  std::string Record =
      Filled.Record ? getRulesRecord(Filled.Record) : std::string();
  if (Record.empty())
    return false;
  std::vector<std::string> Fields;
  std::vector<ExtractedValue> Values;
  bool Passed = false;
  for (size_t I = 0; I < Filled.Fields.size(); ++I) {
    const Expr *Value = Filled.Assigns[I]->getRHS();
    Fields.push_back(Filled.Fields[I]->getName().str());
    ExtractedValue Outer;
    const Expr *AsIs = nullptr; // the argument, when written there as it is
    for (const auto &Slot : Given) {
      const ParmVarDecl *Param = Definition->getParamDecl(Slot.first);
      if (Slot.first >= TemplateSlot || !isParamFlow(Value, Param, Context))
        continue;
      Outer = Extractor.extract(Slot.second);
      Extractor.substitute(Param, Definition, &Outer);
      const auto *Ref = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
      AsIs = Ref && Ref->getDecl() == Param ? Slot.second : nullptr;
      Passed = true;
    }
    Values.push_back(Extractor.extract(Value));
    Extractor.substitute(nullptr, nullptr, nullptr);
    // What is said of the whole field is said where the call gives it.
    if (AsIs) {
      Values.back().Loc = AsIs->getBeginLoc();
      Values.back().Written = AsIs;
    }
  }
  if (!Passed)
    return false;
  checkRecord(Record.c_str(), Fields, Values,
              std::vector<int>(Fields.size(), 0), /*IsInitializer=*/true,
              Call->getBeginLoc(), Context);
  return true;
}

// One slot of a builder's call, given Given, whose parameter the builder
// writes into fields of a struct the rules know (reach/FieldParams.h):
// each write is checked as if Given were written there (`how->flags =
// flags` given RESOLVE_BENEATH).
void SiteChecker::checkFieldSlot(const CallExpr *Call,
                                 const FunctionDecl *Definition,
                                 unsigned Index, const Expr *Given,
                                 TermExtractor &Extractor,
                                 ASTContext &Context) {
  const std::vector<FieldParamWrite> &Writes =
      FieldParams.getWrites(Definition, Index);
  if (Writes.empty())
    return;
  ExtractedValue Outer = Extractor.extract(Given);
  for (const FieldParamWrite &Write : Writes) {
    std::string Record = getRulesRecord(Write.Field->getParent());
    if (Record.empty())
      continue;
    Extractor.substitute(Definition->getParamDecl(Index), Definition, &Outer);
    std::vector<ExtractedValue> Values;
    Values.push_back(Extractor.extract(Write.Assign->getRHS()));
    Extractor.substitute(nullptr, nullptr, nullptr);
    // Any other compound operator keeps the old value, as |= does.
    int Compound = compoundOf(Write.Assign->getOpcode());
    checkRecord(Record.c_str(), {Write.Field->getName().str()}, Values,
                {Compound < 0 ? 1 : Compound}, /*IsInitializer=*/false,
                Call->getBeginLoc(), Context);
  }
}

// What the flow Into of Slot carries into its inner call: every argument,
// the wrapper's other slots read there as the call gives them; AsWritten:
// the inner argument as the wrapper writes it.
std::vector<ExtractedValue> SiteChecker::extractSlotFlow(
    const ParamFlow &Into, const FunctionDecl *Definition,
    const WrapperSlot &Slot, const std::vector<WrapperSlot> &Slots,
    const ExtractedValue &Outer, TermExtractor &Extractor,
    ExtractedValue &AsWritten) {
  std::vector<ExtractedValue> Written =
      extractArguments(Rules, Into.Inner->getDirectCallee()->getName().str(),
                       Into.Inner, Extractor);
  if (Into.Arg < Written.size())
    AsWritten = std::move(Written[Into.Arg]);
  std::deque<ExtractedValue> AlsoValues;
  AlsoGiven Also;
  getAlsoGiven(Into, Definition, Slot.Slot, Slots, Extractor, AlsoValues,
               Also);
  return extractFlow(Into, Outer, Also, Extractor);
}

// One slot of a wrapper's call, which reaches the inner calls of its
// flows; an inner call in the wrapper's own body that reads other slots of
// Slots as they are given reads what the call gives them. Returns false
// when the call is never evaluated (its other slots need no look).
bool SiteChecker::checkWrapperSlot(const CallExpr *Call,
                                   const FunctionDecl *Definition,
                                   const WrapperSlot &Slot,
                                   const std::vector<WrapperSlot> &Slots,
                                   TermExtractor &Extractor,
                                   ASTContext &Context) {
  ExtractedValue Outer = Extractor.extract(Slot.Given);
  setStringLiteral(Outer, Slot.Given);
  FlowFacts Flow;
  for (const ParamFlow &Into : *Slot.Flows) {
    ExtractedValue AsWritten;
    std::vector<ExtractedValue> Inner = extractSlotFlow(
        Into, Definition, Slot, Slots, Outer, Extractor, AsWritten);
    Flow.add(Into.Inner->getDirectCallee()->getName().str(), std::move(Inner),
             std::move(AsWritten), Into.Arg, Target, Platform);
  }
  // The outer call's outcome is each inner call's (CallSite.cpp); the
  // calls where its test leads are each flow's own (RetrySite.cpp).
  const std::vector<ParamFlow> &Flows = *Slot.Flows;
  std::deque<OutcomeFacts> FlowOutcomes(Flows.size());
  EngineAnswer Out;
  Out.ask(
      [&](fs_findings *Findings) {
        fs_check_flows(Rules, Flow.Facts.data(), Flow.Facts.size(), Findings);
      },
      [&](OutcomeFacts &Outcome) {
        bool Found = findCallOutcome(Call, Context, Outcome);
        if (Outcome.Unevaluated ||
            !hasCheck(Out.Findings, FS_CHECK_PORTABILITY))
          return Found;
        addTestedErrnos(Call, nullptr, Context, Outcome);
        Found |= Outcome.found();
        for (size_t I = 0; I < Flows.size(); ++I) {
          addFlowRetries(Call, Slot.Slot, Flows[I], Outer, Extractor, Context,
                         FlowOutcomes[I]);
          Found |= FlowOutcomes[I].found();
        }
        return Found;
      },
      [&](const fs_outcome &Outcome) {
        for (size_t I = 0; I < Flows.size(); ++I) {
          OutcomeFacts &Own = FlowOutcomes[I];
          Own.Outcome.result = Outcome.result;
          Own.Outcome.error = Outcome.error;
          for (int K = 0; K < 4; ++K)
            Own.Names[K] = Out.Outcome.Names[K];
          for (const std::string &Name : Out.Outcome.TestedErrnos)
            Own.TestedErrnos.push_back(Name);
          Flow.Facts[I].call.outcome = Own.view();
        }
      });
  if (Out.Outcome.Unevaluated)
    return false;
  report(Out.Findings, pointAtCaller(Flow.Values.front(), Slot),
         Call->getBeginLoc(), Context);
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
