//===--- CombinedCalls.cpp - calls of functions combining their arguments -===//
//
// A call of a function whose one statement returns its parameters combined
// with operators (an enumeration's operator|, a `flags_of(a, b)` helper,
// ConstantReturns.h) holds that expression with the call's arguments in
// place of the parameters: the return is walked, and each parameter read
// there walks the argument the call gives, in the caller's own frame.
//
//===----------------------------------------------------------------------===//

#include "reach/ConstantReturns.h"
#include "reach/FollowCache.h"

#include "clang/AST/ExprCXX.h"

namespace clang {
namespace tidy {
namespace flagspace {

// One call whose callee's return is being walked, and the frame its
// arguments are walked in.
struct ValueFollower::CallFrame {
  const FunctionDecl *Callee = nullptr; // the definition walked
  const CallExpr *Call = nullptr;
  const CallFrame *Outer = nullptr;
};

namespace {
// The argument Call gives Param of Callee, or null (a member operator's
// object comes first among a CXXOperatorCallExpr's arguments: such
// callees are not followed).
const Expr *getArgument(const CallExpr *Call, const FunctionDecl *Callee,
                        const ParmVarDecl *Param) {
  if (Param->getDeclContext() != Callee)
    return nullptr;
  unsigned Index = Param->getFunctionScopeIndex();
  return Index < Call->getNumArgs() ? Call->getArg(Index) : nullptr;
}
} // namespace

bool ValueFollower::followCombinedCall(const Expr *E, ExtractedValue &Value,
                                       unsigned Depth) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || isa<CXXMemberCallExpr>(Call))
    return false;
  const Expr *Return = getCombinedReturn(Callee, Context);
  const FunctionDecl *Definition = nullptr;
  if (!Return || !Callee->hasBody(Definition) ||
      Call->getNumArgs() != Definition->getNumParams())
    return false;
  CallFrame Inner;
  Inner.Callee = Definition;
  Inner.Call = Call;
  Inner.Outer = Frame;
  Frame = &Inner;
  Walker.walk(Return, Value, Depth + 1);
  Frame = Inner.Outer;
  return true;
}

// A parameter read in the return being walked: the argument its call
// gives, walked where the call is written.
bool ValueFollower::followFrameArgument(const Expr *E, ExtractedValue &Value,
                                        unsigned Depth) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  const Expr *Arg =
      Param && Frame ? getArgument(Frame->Call, Frame->Callee, Param) : nullptr;
  if (!Arg)
    return false;
  const CallFrame *Current = Frame;
  Frame = Current->Outer;
  Walker.walk(Arg, Value, Depth + 1);
  Frame = Current;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
