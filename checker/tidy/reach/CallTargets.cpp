//===--- CallTargets.cpp - the function a call through a pointer reaches -===//
//
// Reads the values a function pointer can hold from what LocalFlow and
// StaticData already know, and keeps a target only when they all agree.
//
//===----------------------------------------------------------------------===//

#include "reach/CallTargets.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The function E names (`open`, `&open`), or null.
const FunctionDecl *getNamedFunction(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *Address = dyn_cast<UnaryOperator>(E))
    if (Address->getOpcode() == UO_AddrOf)
      E = Address->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Function = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  return Function ? Function->getCanonicalDecl() : nullptr;
}

// The one function all of Values name, or null.
const FunctionDecl *getCommonTarget(const std::vector<const Expr *> &Values) {
  const FunctionDecl *Target = nullptr;
  for (const Expr *Value : Values) {
    const FunctionDecl *Named = getNamedFunction(Value);
    if (!Named || (Target && Named != Target))
      return nullptr;
    Target = Named;
  }
  return Target;
}

// The values a local pointer can hold at Use: those of the last write that
// replaces it and of the writes after it that may.
bool getLocalValues(const DeclRefExpr *Use, const VarDecl *Var,
                    LocalIndex &Locals, std::vector<const Expr *> &Values) {
  ReachingWrites Reach;
  if (!Locals.findReachingWrites(Use, Var, Reach) || Reach.Count == 0)
    return false;
  const std::vector<VarWrite> &Writes = Reach.History->Writes;
  size_t First = Reach.Count;
  while (First > 0) {
    const VarWrite &Write = Writes[--First];
    if (Write.Kind == VarWrite::Or || Write.Kind == VarWrite::And)
      return false;
    if (!Write.Conditional && !Write.Values.empty())
      break;
    if (First == 0)
      return false; // no write replaces the value: it starts unknown
  }
  for (size_t I = First; I < Reach.Count; ++I)
    Values.insert(Values.end(), Writes[I].Values.begin(),
                  Writes[I].Values.end());
  return !Values.empty();
}

} // namespace

const FunctionDecl *getKnownTarget(const CallExpr *Call, FollowCache &Cache,
                                   ASTContext &Context) {
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  while (const auto *Deref = dyn_cast<UnaryOperator>(Callee)) {
    if (Deref->getOpcode() != UO_Deref)
      return nullptr;
    Callee = Deref->getSubExpr()->IgnoreParenImpCasts();
  }
  if (!Callee->getType()->isFunctionPointerType())
    return nullptr;
  std::vector<const Expr *> Values;
  const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (Var && Var->hasLocalStorage()) {
    if (!getLocalValues(Ref, Var, Cache.Locals, Values))
      return nullptr;
  } else {
    StaticPath Path;
    if (!getStaticPath(Callee, Path) ||
        !Cache.Globals.isNeverWritten(Path.Var, Context) ||
        !getStaticLeaves(Path, Values))
      return nullptr;
  }
  return getCommonTarget(Values);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
