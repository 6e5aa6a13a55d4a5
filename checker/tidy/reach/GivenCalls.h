//===--- GivenCalls.h - the call a struct is given to ---------------------===//
//
// Where the function that fills a struct gives it away: `struct open_how
// how = {...}; syscall(SYS_openat2, dfd, "/tmp/x", &how, sizeof how);`. The
// engine reads that call's arguments beside the struct (the path of a
// file= rule, fs_record.given_to).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_GIVENCALLS_H
#define FLAGSPACE_TIDY_GIVENCALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
namespace tidy {
namespace flagspace {

/// The local variable Init initializes (`struct open_how how = {...}`), or
/// null.
const VarDecl *getInitializedVar(const InitListExpr *Init,
                                 ASTContext &Context);

/// The local variable whose field Assign writes (`how.flags = ...`), or
/// null.
const VarDecl *getAssignedVar(const BinaryOperator *Assign);

/// The one call of Var's function that HasRules accepts (a call the rules
/// know: not the memset() that zeroes it) given Var's address (`&how`) as
/// an argument, Arg being which; null when there is none, or several.
const CallExpr *
getGivenCall(const VarDecl *Var,
             llvm::function_ref<bool(const CallExpr *)> HasRules,
             unsigned &Arg);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
