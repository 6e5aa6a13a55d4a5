//===--- ConstantReturns.h - the constants a static function returns -----===//
//
// Finds, without guessing, the values a small static function can return:
// every return is a constant, or an expression of constants, calls,
// conditions and its own variables that hold constants;
// and the values a helper returns that are not constants.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_CONSTANTRETURNS_H
#define FLAGSPACE_TIDY_CONSTANTRETURNS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// Fills Returns with what Function returns that is not a constant (a
/// call, a variable) when it has a body in the unit, is neither virtual
/// nor variadic, and has at least one such return: the helper
/// `int getfl(int fd) { return fcntl(fd, F_GETFL); }`, whose constant
/// returns (-1) are errors. Returns false otherwise.
bool getValueReturns(const FunctionDecl *Function, const ASTContext &Context,
                     std::vector<const Expr *> &Returns);

/// Fills Returns with the returned expressions of Function when it has
/// internal linkage or is inline (not weak, not virtual), a body, and every
/// return returns a constant or an
/// expression of constants, calls, conditions and the function's own
/// integer variables (the caller checks that the calls return constants,
/// and follows the variables where they are returned). ByArguments is set
/// when it has parameters and several returns, a condition or a variable:
/// which value is returned may depend on the arguments. Returns false
/// otherwise.
bool getConstantReturns(const FunctionDecl *Function, const ASTContext &Context,
                        std::vector<const Expr *> &Returns, bool &ByArguments);

/// The one expression Function returns when its body is that return alone
/// and the expression combines its parameters (integers or enumerations
/// taken by value) and constants with operators and casts only, no call, no
/// write: `OpenFlags operator|(OpenFlags a, OpenFlags b) { return
/// static_cast<OpenFlags>(static_cast<int>(a) | static_cast<int>(b)); }`.
/// Its value at a call is that expression with the arguments in place of
/// the parameters. Function must not be virtual or variadic, and its
/// definition must be the one every call runs: internal linkage, or inline
/// (the same in every unit). Null otherwise.
const Expr *getCombinedReturn(const FunctionDecl *Function,
                              const ASTContext &Context);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
