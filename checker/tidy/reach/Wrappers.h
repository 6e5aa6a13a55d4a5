//===--- Wrappers.h - functions that pass a parameter on as flags --------===//
//
// Finds where a function of the translation unit passes one of its
// parameters on to a flag argument of a call the rules know, so that calls
// of that function can be checked as if they were the inner call.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_WRAPPERS_H
#define FLAGSPACE_TIDY_WRAPPERS_H

#include "flagspace.h"
#include "reach/LocalFlow.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <utility>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A function's slot: parameter I is slot I; template parameter J of a
/// function template specialization (a non-type one: `template <int F>`)
/// is slot TemplateSlot + J, given at a call as its explicit template
/// argument J (`op<AT_REMOVEDIR>(p)`).
constexpr unsigned TemplateSlot = 1u << 16;

/// What a call gives slot Slot (getSlotArg in Wrappers.cpp): an argument,
/// or an explicit template argument as written; null when there is none.
const Expr *getSlotArg(const CallExpr *Call, unsigned Slot);

/// Whether Value is Param, unchanged or OR-ed with constants, through
/// parentheses and casts.
bool isParamFlow(const Expr *Value, const NamedDecl *Param,
                 const ASTContext &Context);

/// The explicit template arguments a call writes (`op<X>(p)`): how many.
unsigned getTemplateArgCount(const CallExpr *Call);

/// A call of another wrapper on the way: slot Arg of Call is the parameter
/// From (of Owner, the function that makes Call) OR-ed with constants.
struct WrapperHop {
  const CallExpr *Call;
  unsigned Arg;
  const NamedDecl *From;
  const FunctionDecl *Owner;
};

/// A parameter reaching argument Arg of the known call Inner, unchanged or
/// OR-ed with constants, directly or through other wrappers. Inner's
/// argument reads the parameter From (a ParmVarDecl, or a template's
/// NonTypeTemplateParmDecl) of Owner. Through lists the wrapper calls on the
/// way whose argument adds constants (outermost first); a call that passes
/// its parameter on as it is adds nothing and is left out. Path lists every
/// wrapper call on the way, as it is or not (outermost first): where a
/// failure may be retried (reach/Fallbacks.h).
struct ParamFlow {
  const CallExpr *Inner;
  unsigned Arg;
  const NamedDecl *From;
  const FunctionDecl *Owner;
  std::vector<WrapperHop> Through;
  std::vector<WrapperHop> Path;
};

/// The flows of each parameter of the translation unit's functions, each
/// computed once. A flow is the same whichever call reaches it first.
class WrapperIndex {
public:
  explicit WrapperIndex(LocalIndex &Locals) : Locals(Locals) {}

  /// The flows of Definition's slot Index, each inner call reached one
  /// way listed once. Empty when the parameter is written, has its address
  /// taken, or is passed to any call argument in another form (masked, to a
  /// function that is neither known nor a wrapper defined here): then what
  /// it holds is not inferred. Empty too when it reaches a call more than
  /// MaxHops wrappers deep, goes round a cycle of wrappers, or has more than
  /// MaxFlows flows. Flows into different calls are all listed; the caller
  /// decides whether they agree.
  const std::vector<ParamFlow> &getFlows(const FunctionDecl *Definition,
                                         unsigned Index, const fs_rules *Rules,
                                         const LangOptions &LangOpts);

  static constexpr unsigned MaxHops = 8;
  static constexpr size_t MaxFlows = 32;

private:
  // A call's slot a parameter is found in, with nothing around it but
  // parentheses, casts and `|`.
  struct ArgUse {
    const CallExpr *Call;
    unsigned Arg;
  };
  // What one walk of a function's body finds for each slot (parameters
  // first, then template parameters).
  struct FunctionUses {
    std::vector<std::vector<ArgUse>> Args;
    std::vector<bool> Followable;
  };
  // The answer for one parameter. Hops: the most wrapper calls a flow goes
  // through; usable with a budget of at least that many. FailedAt: the
  // largest budget found too small.
  struct ParamFlows {
    bool Known = false;
    bool Unknown = false;
    unsigned Hops = 0;
    int FailedAt = -1;
    std::vector<ParamFlow> Flows;
  };
  using ParamKey = std::pair<const FunctionDecl *, unsigned>;

  const FunctionUses &getUses(const FunctionDecl *Definition);
  ParamFlows &compute(const FunctionDecl *Definition, unsigned Index,
                      unsigned Budget);
  bool addFlows(const FunctionDecl *Owner, const NamedDecl *Param,
                const ArgUse &Use, unsigned Budget, ParamFlows &Out,
                bool &TooDeep);

  LocalIndex &Locals;
  const fs_rules *Rules = nullptr;
  const LangOptions *LangOpts = nullptr;
  std::map<const FunctionDecl *, FunctionUses> Uses;
  std::map<ParamKey, ParamFlows> Params;
};

/// Whether Callee can be the C library function of that name rather than
/// the user's own (FlagCheckBase.cpp).
bool isCLibraryShape(const FunctionDecl *Callee, const LangOptions &LangOpts);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
