//===--- FlagFields.h - the fields of the unit's structs given flags -----===//
//
// The checks follow a field of a struct declared in the main file from the
// values the unit writes to it to where it is read (reach/FieldWrites.h):
// `cfg.flags = O_RDONLY | AT_X` in one function, `open(p, cfg.flags)` in
// another. The reading body may name no flag at all, so the runner keeps a
// body that reads such a field as a member (`x.f`, `p->f`), deciding from
// tokens: the fields of the main file's structs that some write gives a
// value naming a carrying name (KeepNames.h) or another such field. The
// writes are `x.f = V`, `p->f |= V` and designated initializers `.f = V`
// (TokenNames.h), anywhere in the unit; a brace initializer of a struct
// that names a carrying name gives all that struct's fields. A name is a
// spelling: any member of that name keeps its body, when the body comes
// after the struct (a header's inline function reading `page->flags`
// cannot read the unit's own `flags`).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_FLAGFIELDS_H
#define FLAGSPACE_RUNNER_FLAGFIELDS_H

#include "KeepNames.h"
#include "TokenNames.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

class FlagFields {
public:
  explicit FlagFields(const SourceManager &SM) : SM(SM) {}

  /// A top-level declaration: the fields of the structs it declares in the
  /// main file become candidates.
  void noteDeclared(const Decl *D);
  /// The brace initializers in D (a variable, a function parsed whole):
  /// the fields of each main-file struct initialized become flag fields
  /// when Carries (the declaration or body names a carrying name).
  void noteInitializers(const Decl *D, bool Carries);
  /// Writes read since: each gives its field a flag when its value names
  /// a carrying name or a flag field; the others wait for close().
  void noteWrites(std::vector<FieldWrite> Writes, KeepNames &Keep);
  /// The waiting writes again, once more names carry; whether a field
  /// became a flag field.
  bool close(KeepNames &Keep);

  /// A flag field of Names, or null; with Where valid, only of a struct
  /// declared before Where (a body or declaration there can name no other).
  const IdentifierInfo *find(const NameList &Names,
                             SourceLocation Where = SourceLocation()) const;

private:
  bool isInMainFile(const Decl *D) const;
  void addFields(const RecordDecl *Record, bool Flag);
  bool gives(const FieldWrite &Write, KeepNames &Keep) const;

  const SourceManager &SM;
  // The main-file fields, with where their first struct is declared.
  llvm::DenseMap<const IdentifierInfo *, SourceLocation> Candidates;
  llvm::DenseSet<const IdentifierInfo *> Flagged;
  std::vector<FieldWrite> Waiting;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
