//===--- FieldCalls.h - the calls a field is given to ---------------------===//
//
// Where the unit gives a field of a struct to a call the rules know
// (`open(path, s->oflags, 0644)` in one function, or `flags_ = flags;` with
// `open(p, flags)`), so that a test of the same field elsewhere (`if
// (s->oflags & O_WRONLY)` in another) knows what the field holds: the
// call's argument says so. The same for a helper's parameter given such a
// variable.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FIELDCALLS_H
#define FLAGSPACE_TIDY_FIELDCALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// A call given a field, and which argument holds it.
struct FieldCall {
  const CallExpr *Call = nullptr;
  unsigned Arg = 0;
};

/// A parameter: its function's first declaration, and its index.
using ParamKey = std::pair<const FunctionDecl *, unsigned>;

/// The first call of the unit that HasRules accepts given each field as an
/// argument (`x.f` or `p->f`, alone or or'ed with other parts), or given a
/// local variable the field is assigned (`flags_ = flags;` where the same
/// function calls `open(p, flags)`); and for a parameter of a function of
/// the unit (internal linkage) that every call gives such a variable, that
/// call (`is_writable(flags)` after `open(p, flags)`). The unit is walked
/// once, at the first question.
class FieldCallIndex {
public:
  FieldCall getCall(const FieldDecl *Field, ASTContext &Context,
                    llvm::function_ref<bool(const CallExpr *)> HasRules);
  FieldCall getParamCall(const ParmVarDecl *Param, ASTContext &Context,
                         llvm::function_ref<bool(const CallExpr *)> HasRules);

private:
  void build(ASTContext &Context,
             llvm::function_ref<bool(const CallExpr *)> HasRules);

  bool Built = false;
  llvm::DenseMap<const FieldDecl *, FieldCall> Calls;
  llvm::DenseMap<ParamKey, FieldCall> ParamCalls;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
