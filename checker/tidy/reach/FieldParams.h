//===--- FieldParams.h - parameters a function writes into fields --------===//
//
// Finds where a function of the translation unit writes one of its
// parameters into a field (`how->flags = flags;`, `how.resolve = resolve |
// RESOLVE_NO_XDEV;`), so that a call of that builder can be checked as the
// writes of those fields: `make_how(&how, RESOLVE_BENEATH, O_RDONLY)` with
// its arguments swapped.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FIELDPARAMS_H
#define FLAGSPACE_TIDY_FIELDPARAMS_H

#include "reach/LocalFlow.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <utility>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// One write of a parameter into a field: Assign is `M = V` or `M |= V`,
/// its left side a field of a struct, V the parameter unchanged or OR-ed
/// with constants.
struct FieldParamWrite {
  const BinaryOperator *Assign;
  const FieldDecl *Field;
};

/// A struct a function fills whole: zeroed first (`memset(how, 0, ...)` of
/// a pointer parameter or of a local's address, or a local initialized
/// `= {0}`), then each field written at most once, by statements of the
/// body itself, not under a condition. Fields and Assigns are parallel:
/// each field written and its `=`. Record is null when the function fills
/// no struct so.
struct FilledRecord {
  const RecordDecl *Record = nullptr;
  std::vector<const FieldDecl *> Fields;
  std::vector<const BinaryOperator *> Assigns;
};

/// The writes of each parameter of the unit's functions into fields, each
/// function walked once.
class FieldParamIndex {
public:
  explicit FieldParamIndex(LocalIndex &Locals) : Locals(Locals) {}

  /// The writes of Definition's parameter Index (an integer the body only
  /// reads) into fields; empty for any other parameter.
  const std::vector<FieldParamWrite> &getWrites(const FunctionDecl *Definition,
                                                unsigned Index);

  /// The struct Definition fills whole, if any (Record null otherwise):
  /// the first it zeroes.
  const FilledRecord &getFilled(const FunctionDecl *Definition);
  /// Each struct Definition zeroes, in order, and how it fills it (Record
  /// null where it does not fill it whole).
  const std::vector<FilledRecord> &
  getFilledAll(const FunctionDecl *Definition);

private:
  using Key = std::pair<const FunctionDecl *, unsigned>;
  LocalIndex &Locals;
  std::map<Key, std::vector<FieldParamWrite>> Writes;
  std::map<const FunctionDecl *, std::vector<FilledRecord>> Filled;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
