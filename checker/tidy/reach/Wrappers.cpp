//===--- Wrappers.cpp - functions that pass a parameter on as flags ------===//
//
// Lists, for each parameter of a function, the known flag arguments it
// reaches unchanged, directly or through the translation unit's other
// wrappers. One walk of a function's body finds where each parameter goes;
// each parameter's flows are then built from its callees' flows, once.
//
//===----------------------------------------------------------------------===//

#include "reach/Wrappers.h"
#include "reach/SkippedBodies.h"
#include "sites/FlagTerms.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {
constexpr unsigned MaxDepth = 512;

// Arg without parentheses and casts; a template parameter's substitution
// is kept (IgnoreParenCasts would give its value).
const Expr *peel(const Expr *Arg) {
  while (const Expr *Inner = getPassedOperand(Arg))
    Arg = Inner;
  return Arg;
}

// The parameter E reads: a function's or, substituted, a template's.
const NamedDecl *getReadParam(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return Subst->getParameter();
  return nullptr;
}

// Whether Arg is Param, possibly OR-ed with constants (enumerators too),
// through parentheses and casts.
bool isFlowOf(const Expr *Arg, const NamedDecl *Param, bool &Seen,
              const ASTContext &Context) {
  Arg = peel(Arg);
  if (getReadParam(Arg) == Param) {
    Seen = true;
    return true;
  }
  // An enumerator is a constant (glibc's MS_BIND, MNT_EXPIRE: `flags |
  // MS_BIND`); any other name is not.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
    return isa<EnumConstantDecl>(Ref->getDecl());
  if (const auto *Binary = dyn_cast<BinaryOperator>(Arg))
    if (Binary->getOpcode() == BO_Or)
      return isFlowOf(Binary->getLHS(), Param, Seen, Context) &&
             isFlowOf(Binary->getRHS(), Param, Seen, Context);
  return !Arg->isValueDependent() && Arg->isEvaluatable(Context);
}

// A parameter that is a pointer to const characters (a mode string).
bool isStringParam(const NamedDecl *Param) {
  const auto *Var = dyn_cast<ParmVarDecl>(Param);
  if (!Var || !Var->getType()->isPointerType())
    return false;
  QualType Pointee = Var->getType()->getPointeeType();
  return Pointee.isConstQualified() && Pointee->isCharType();
}

// Whether Arg is Param itself: passing it on adds no term.
bool isPassedAsIs(const Expr *Arg, const NamedDecl *Param) {
  return getReadParam(peel(Arg)) == Param;
}

// The template parameters of a function template specialization, or null.
const TemplateParameterList *getTemplateParams(const FunctionDecl *Function) {
  const FunctionTemplateDecl *Template = Function->getPrimaryTemplate();
  return Template ? Template->getTemplateParameters() : nullptr;
}

// The declaration of Function's slot, or null when it has none that can
// be followed (a template parameter after a pack, not an integer).
const NamedDecl *getSlotDecl(const FunctionDecl *Function, unsigned Slot) {
  if (Slot < TemplateSlot)
    return Slot < Function->getNumParams() ? Function->getParamDecl(Slot)
                                           : nullptr;
  const TemplateParameterList *Params = getTemplateParams(Function);
  unsigned Index = Slot - TemplateSlot;
  if (!Params || Index >= Params->size())
    return nullptr;
  for (unsigned I = 0; I <= Index; ++I)
    if (Params->getParam(I)->isTemplateParameterPack())
      return nullptr;
  const auto *Param = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(Index));
  if (!Param || !Param->getType()->isIntegralOrEnumerationType())
    return nullptr;
  return Param;
}

// A slot's place in the per-function vectors: parameters, then template
// parameters.
size_t getSlotPosition(const FunctionDecl *Function, unsigned Slot) {
  return Slot < TemplateSlot ? Slot
                             : Function->getNumParams() + (Slot - TemplateSlot);
}

size_t getSlotCount(const FunctionDecl *Function) {
  const TemplateParameterList *Params = getTemplateParams(Function);
  return Function->getNumParams() + (Params ? Params->size() : 0);
}

// The reference naming a call's callee, when it writes template arguments.
const DeclRefExpr *getCalleeRef(const CallExpr *Call) {
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  return Ref && Ref->hasExplicitTemplateArgs() ? Ref : nullptr;
}

// The definition of a user function whose parameters can be followed.
const FunctionDecl *getWrapperDefinition(const FunctionDecl *Callee) {
  const FunctionDecl *Definition = nullptr;
  if (!Callee || Callee->isVariadic())
    return nullptr;
  needBody(Callee); // flagspace-runner: parsed now if it was skipped
  if (!Callee->hasBody(Definition) || !Definition ||
      Definition->isVariadic())
    return nullptr;
  const SourceManager &SM = Definition->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())))
    return nullptr;
  return Definition;
}

// Walks a body once, noting for each reference to a parameter the call
// arguments around it. Inside a call argument that holds another call, a
// parameter is changed before the outer call sees it: not followed.
class ParamUseWalk {
public:
  ParamUseWalk(const FunctionDecl *Definition,
               std::vector<std::vector<const CallExpr *>> &Calls,
               std::vector<std::vector<unsigned>> &Args,
               std::vector<bool> &Broken)
      : Definition(Definition), Calls(Calls), Args(Args), Broken(Broken) {}

  bool walk(const Stmt *S, unsigned Depth) {
    if (!S)
      return true;
    if (Depth > MaxDepth)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Param = dyn_cast<ParmVarDecl>(Ref->getDecl()))
        if (Param->getDeclContext() == Definition)
          note(Param->getFunctionScopeIndex());
    if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(S))
      noteTemplateParam(Subst->getParameter());
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (!walk(Call->getCallee(), Depth + 1))
        return false;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        Around.push_back({Call, I});
        bool Ok = walk(Call->getArg(I), Depth + 1);
        Around.pop_back();
        if (!Ok)
          return false;
      }
      // A template argument the call writes, as op<F>(p) in a template.
      unsigned Count = getTemplateArgCount(Call);
      for (unsigned I = 0; I < Count; ++I) {
        const Expr *Arg = getSlotArg(Call, TemplateSlot + I);
        if (!Arg)
          continue;
        Around.push_back({Call, TemplateSlot + I});
        bool Ok = walk(Arg, Depth + 1);
        Around.pop_back();
        if (!Ok)
          return false;
      }
      return true;
    }
    for (const Stmt *Child : S->children())
      if (!walk(Child, Depth + 1))
        return false;
    return true;
  }

private:
  void noteTemplateParam(const NamedDecl *Param) {
    const TemplateParameterList *Params = getTemplateParams(Definition);
    if (!Params)
      return;
    for (unsigned I = 0; I < Params->size(); ++I)
      if (Params->getParam(I) == Param)
        note(Definition->getNumParams() + I);
  }

  void note(unsigned Index) {
    if (Index >= Broken.size() || Around.empty())
      return;
    if (Around.size() > 1) {
      Broken[Index] = true;
      return;
    }
    const std::pair<const CallExpr *, unsigned> &Use = Around.back();
    // `fl | fl` in one argument is one use.
    if (!Calls[Index].empty() && Calls[Index].back() == Use.first &&
        Args[Index].back() == Use.second)
      return;
    Calls[Index].push_back(Use.first);
    Args[Index].push_back(Use.second);
  }

  const FunctionDecl *Definition;
  std::vector<std::vector<const CallExpr *>> &Calls;
  std::vector<std::vector<unsigned>> &Args;
  std::vector<bool> &Broken;
  // The call and slot each enclosing argument is.
  std::vector<std::pair<const CallExpr *, unsigned>> Around;
};

// Orders flows by the calls they go through, for finding repeats.
struct FlowOrder {
  bool operator()(const ParamFlow *A, const ParamFlow *B) const {
    if (A->Inner != B->Inner || A->Arg != B->Arg)
      return std::tie(A->Inner, A->Arg) < std::tie(B->Inner, B->Arg);
    return std::lexicographical_compare(
        A->Through.begin(), A->Through.end(), B->Through.begin(),
        B->Through.end(), [](const WrapperHop &X, const WrapperHop &Y) {
          return std::tie(X.Call, X.Arg) < std::tie(Y.Call, Y.Arg);
        });
  }
};

// Drops the flows that repeat an earlier one (a wrapper that calls the same
// wrapper twice reaches the same calls twice), keeping the order.
void removeRepeats(std::vector<ParamFlow> &Flows) {
  std::set<const ParamFlow *, FlowOrder> Seen;
  std::vector<ParamFlow> Kept;
  for (ParamFlow &Flow : Flows)
    if (Seen.insert(&Flow).second)
      Kept.push_back(Flow);
  Flows = std::move(Kept);
}

} // namespace

bool isParamFlow(const Expr *Value, const NamedDecl *Param,
                 const ASTContext &Context) {
  bool Seen = false;
  return isFlowOf(Value, Param, Seen, Context) && Seen;
}

unsigned getTemplateArgCount(const CallExpr *Call) {
  const DeclRefExpr *Ref = getCalleeRef(Call);
  return Ref ? Ref->getNumTemplateArgs() : 0;
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

const Expr *getSlotArg(const CallExpr *Call, unsigned Slot) {
  if (Slot < TemplateSlot)
    return Slot < Call->getNumArgs() ? Call->getArg(Slot) : nullptr;
  const DeclRefExpr *Ref = getCalleeRef(Call);
  unsigned Index = Slot - TemplateSlot;
  if (!Ref || Index >= Ref->getNumTemplateArgs())
    return nullptr;
  const TemplateArgumentLoc &Arg = Ref->getTemplateArgs()[Index];
  if (Arg.getArgument().getKind() != TemplateArgument::Expression)
    return nullptr;
  return Arg.getSourceExpression();
}

const WrapperIndex::FunctionUses &
WrapperIndex::getUses(const FunctionDecl *Definition) {
  auto Found = Uses.find(Definition);
  if (Found != Uses.end())
    return Found->second;
  unsigned Count = static_cast<unsigned>(getSlotCount(Definition));
  std::vector<std::vector<const CallExpr *>> Calls(Count);
  std::vector<std::vector<unsigned>> Args(Count);
  std::vector<bool> Broken(Count, false);
  bool Ok = ParamUseWalk(Definition, Calls, Args, Broken)
                .walk(Definition->getBody(), 0);
  FunctionUses &Result = Uses[Definition];
  Result.Args.resize(Count);
  Result.Followable.assign(Count, false);
  unsigned Params = Definition->getNumParams();
  for (unsigned I = 0; Ok && I < Count; ++I) {
    if (I >= Params) {
      // A template parameter is a constant: only where it goes matters.
      Result.Followable[I] =
          !Broken[I] && getSlotDecl(Definition, TemplateSlot + (I - Params));
    } else {
      const ParmVarDecl *Param = Definition->getParamDecl(I);
      Result.Followable[I] = !Broken[I] &&
                             (Param->getType()->isIntegralOrEnumerationType() ||
                              isStringParam(Param)) &&
                             !Param->getType().isVolatileQualified() &&
                             Locals.isOnlyRead(Param);
    }
    for (size_t K = 0; K < Calls[I].size(); ++K)
      Result.Args[I].push_back({Calls[I][K], Args[I][K]});
  }
  return Result;
}

// Adds the flows of Param through Use to Out. Returns false when the use
// stops inference; sets TooDeep when it needs more wrappers than Budget.
bool WrapperIndex::addFlows(const FunctionDecl *Owner, const NamedDecl *Param,
                            const ArgUse &Use, unsigned Budget,
                            ParamFlows &Out, bool &TooDeep) {
  const CallExpr *Call = Use.Call;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const Expr *Arg = getSlotArg(Call, Use.Arg);
  bool Seen = false;
  if (!Callee || !Callee->getIdentifier() || isa<CXXMemberCallExpr>(Call) ||
      !Arg || !isFlowOf(Arg, Param, Seen, Callee->getASTContext()) || !Seen)
    return false;
  std::string Name = Callee->getName().str();
  if (fs_rules_knows_function(Rules, Name.c_str())) {
    if (!isCLibraryShape(Callee, *LangOpts) || Use.Arg >= TemplateSlot)
      return false;
    // A string goes on as it is, to a mode string only: its flow is the
    // caller's literal read there.
    if (isStringParam(Param) &&
        (!isPassedAsIs(Arg, Param) ||
         !fs_rules_reads_argument(Rules, Name.c_str(), nullptr, Use.Arg)))
      return false;
    Out.Flows.push_back({Call, Use.Arg, Param, Owner, {}, {}});
    return true;
  }
  const FunctionDecl *Definition = getWrapperDefinition(Callee);
  if (!Definition || !getSlotDecl(Definition, Use.Arg))
    return false;
  if (Budget == 0) {
    TooDeep = true;
    return true;
  }
  const ParamFlows &Inner = compute(Definition, Use.Arg, Budget - 1);
  if (Inner.Unknown)
    return false;
  if (!Inner.Known || Inner.Hops > Budget - 1) {
    TooDeep = true;
    return true;
  }
  bool AsIs = isPassedAsIs(Arg, Param);
  for (const ParamFlow &Flow : Inner.Flows) {
    Out.Flows.push_back(Flow);
    Out.Flows.back().Path.insert(Out.Flows.back().Path.begin(),
                                 {Call, Use.Arg, Param, Owner});
    if (!AsIs)
      Out.Flows.back().Through.insert(Out.Flows.back().Through.begin(),
                                      {Call, Use.Arg, Param, Owner});
  }
  Out.Hops = std::max(Out.Hops, Inner.Hops + 1);
  return true;
}

// The flows of parameter Index with Budget wrappers allowed on the way. The
// result depends on the parameter alone: too deep for this budget is kept
// apart from unknown, and a flow found is found at any larger budget.
WrapperIndex::ParamFlows &WrapperIndex::compute(const FunctionDecl *Definition,
                                                unsigned Index,
                                                unsigned Budget) {
  ParamFlows &Node = Params[{Definition, Index}];
  if (Node.Known || Node.Unknown || Node.FailedAt >= static_cast<int>(Budget))
    return Node;
  const FunctionUses &Found = getUses(Definition);
  size_t Position = getSlotPosition(Definition, Index);
  const NamedDecl *Param = getSlotDecl(Definition, Index);
  if (!Param || Position >= Found.Followable.size() ||
      !Found.Followable[Position]) {
    Node.Unknown = true;
    return Node;
  }
  ParamFlows Result;
  bool TooDeep = false;
  for (const ArgUse &Use : Found.Args[Position]) {
    if (!addFlows(Definition, Param, Use, Budget, Result, TooDeep)) {
      Node.Unknown = true;
      return Node;
    }
    if (TooDeep)
      break;
  }
  if (TooDeep) {
    Node.FailedAt = std::max(Node.FailedAt, static_cast<int>(Budget));
    return Node;
  }
  removeRepeats(Result.Flows);
  if (Result.Flows.size() > MaxFlows) {
    Node.Unknown = true;
    return Node;
  }
  Node.Known = true;
  Node.Hops = Result.Hops;
  Node.Flows = std::move(Result.Flows);
  return Node;
}

const std::vector<ParamFlow> &
WrapperIndex::getFlows(const FunctionDecl *Definition, unsigned Index,
                       const fs_rules *Rules, const LangOptions &LangOpts) {
  static const std::vector<ParamFlow> None;
  this->Rules = Rules;
  this->LangOpts = &LangOpts;
  const ParamFlows &Found = compute(Definition, Index, MaxHops);
  if (!Found.Known || Found.Hops > MaxHops)
    return None;
  return Found.Flows;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
