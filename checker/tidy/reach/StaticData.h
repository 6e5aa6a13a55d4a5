//===--- StaticData.h - values a static table or global holds ------------===//
//
// Finds what a read of static data can hold: a file-scope or block-scope
// static (or namespace-scope) variable that is const, or has internal
// linkage and is never written in the translation unit, read whole or
// through fields and array elements (`ops[i].flags`).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_STATICDATA_H
#define FLAGSPACE_TIDY_STATICDATA_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A read of static data: the variable and the fields on the way from it to
/// the value read, null for an array element (any element).
struct StaticPath {
  const VarDecl *Var = nullptr;
  std::vector<const FieldDecl *> Steps;
};

/// Whether E reads a variable of static storage, through `.field` and
/// `[index]` steps (an array, not a pointer; no `mutable` field), and fills
/// Path.
bool getStaticPath(const Expr *E, StaticPath &Path);

/// The global variables of one translation unit that something other than
/// a read touches (an assignment, `++`, an address taken, a reference
/// bound, an array passed to a call), found in one walk of the unit on the
/// first question.
class GlobalWrites {
public:
  /// Whether Var (a variable of static storage) is never changed: it is
  /// const, or has internal linkage and no occurrence in the unit does more
  /// than read it (through `.field` and `[index]`) or take its size.
  bool isNeverWritten(const VarDecl *Var, ASTContext &Context);

private:
  bool Built = false;
  bool Complete = false; // the walk saw the whole unit
  llvm::DenseSet<const VarDecl *> Touched;
};

/// Appends to Leaves the expressions of Var's initializer that Path reads:
/// every element of each array on the way, the field named at each struct.
/// Returns false when the initializer is not a brace list of that shape
/// all the way down, or has more than MaxLeaves such values. An element or
/// field the list leaves out is 0 and is not listed.
bool getStaticLeaves(const StaticPath &Path,
                     std::vector<const Expr *> &Leaves);

constexpr size_t MaxStaticLeaves = 256;

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
