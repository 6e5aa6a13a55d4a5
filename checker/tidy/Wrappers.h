//===--- Wrappers.h - functions that pass a parameter on as flags --------===//
//
// Finds where a function of the translation unit passes one of its
// parameters on to a flag argument of a call the rules know, so that calls
// of that function can be checked as if they were the inner call.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_WRAPPERS_H
#define FLAGSPACE_TIDY_WRAPPERS_H

#include "LocalFlow.h"
#include "flagspace.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A call of another wrapper on the way: the parameter reaches argument Arg
/// of Call, which is the callee's parameter Param.
struct WrapperHop {
  const CallExpr *Call;
  unsigned Arg;
  const ParmVarDecl *Param;
};

/// A parameter reaching argument Arg of the known call Inner, unchanged or
/// OR-ed with constants, directly or through the wrappers in Through
/// (outermost first).
struct ParamFlow {
  const CallExpr *Inner;
  unsigned Arg;
  std::vector<WrapperHop> Through;
};

/// The flows of each parameter of a function definition, computed once.
class WrapperIndex {
public:
  explicit WrapperIndex(LocalIndex &Locals) : Locals(Locals) {}

  /// The flows of Definition's parameter Index. Empty when the parameter is
  /// written, has its address taken, or is passed to any call argument in
  /// another form (masked, to a function that is neither known nor a
  /// wrapper defined here): then what it holds is not inferred. A wrapper
  /// of a wrapper is followed, up to MaxHops deep and not round a cycle.
  /// Flows into different calls are all listed; the caller decides whether
  /// they agree.
  const std::vector<ParamFlow> &getFlows(const FunctionDecl *Definition,
                                         unsigned Index, const fs_rules *Rules,
                                         const LangOptions &LangOpts);

  static constexpr unsigned MaxHops = 8;

private:
  const std::vector<ParamFlow> &getFlowsAt(const FunctionDecl *Definition,
                                           unsigned Index,
                                           const fs_rules *Rules,
                                           const LangOptions &LangOpts,
                                           unsigned Hops);
  friend struct FlowSearch;
  LocalIndex &Locals;
  std::map<const FunctionDecl *, std::vector<std::vector<ParamFlow>>> Cache;
  // The definitions being indexed, so that recursion ends.
  std::vector<const FunctionDecl *> InProgress;
};

/// Whether Callee can be the C library function of that name rather than
/// the user's own (FlagCheckBase.cpp).
bool isCLibraryShape(const FunctionDecl *Callee, const LangOptions &LangOpts);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
