//===--- FieldCalls.h - the calls a field is given to ---------------------===//
//
// Where the unit gives a field of a struct to a call the rules know
// (`open(path, s->oflags, 0644)` in one function), so that a test of the
// same field elsewhere (`if (s->oflags & O_WRONLY)` in another) knows what
// the field holds: the call's argument says so.
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

/// The first call of the unit that HasRules accepts given each field as an
/// argument (`x.f` or `p->f`, alone or or'ed with other parts); the unit
/// is walked once, at the first question.
class FieldCallIndex {
public:
  FieldCall getCall(const FieldDecl *Field, ASTContext &Context,
                    llvm::function_ref<bool(const CallExpr *)> HasRules);

private:
  bool Built = false;
  llvm::DenseMap<const FieldDecl *, FieldCall> Calls;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
