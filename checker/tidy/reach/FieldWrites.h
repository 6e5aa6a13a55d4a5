//===--- FieldWrites.h - the values a struct field is given in a unit ----===//
//
// A field of the user's own struct written in one function and read in
// another (a config record, a C++ member set by a constructor or a default
// member initializer): the values the translation unit gives it, where
// each is a plain write (`c.f = V`, `p->f = V`, a brace initializer's
// `.f = V`, a constructor's `f(V)`, `int f = V;` in the class). A field
// also changed otherwise (`|=`, `++`, its address taken) is not followed,
// nor one that the initializers of two or more tables give values (a
// pointer walking one table sees that table's values only: the kernel's
// fs_opts holds SB_ flags and mnt_opts MNT_ flags in one struct's field),
// nor a field of a struct whose bytes are handed out as other than the
// struct (`read(fd, &cfg, sizeof cfg)`, a cast to another pointer type: its
// fields may hold anything; a memset or bzero to 0 only writes the 0 no
// write is counted as), nor a union's.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_FIELDWRITES_H
#define FLAGSPACE_TIDY_FIELDWRITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// Whether nothing outside the unit can write Record's fields: it is
/// declared in the main file (no other unit names it), and each of its
/// member functions is defined here.
bool isClosedRecord(const RecordDecl *Record, const SourceManager &SM);

class FieldWrites {
public:
  /// Fills Values with the values the unit gives Field (its canonical
  /// declaration); false when it is changed otherwise, given more than
  /// MaxFieldWrites values, or given none.
  bool getWrites(const FieldDecl *Field, ASTContext &Context,
                 std::vector<const Expr *> &Values);

  static constexpr size_t MaxFieldWrites = 32;

private:
  void walk(Decl *D, ASTContext &Context);
  void needBodies(const FieldDecl *Field, ASTContext &Context);
  bool Built = false;
  llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> Writes;
  llvm::DenseSet<const FieldDecl *> Changed;
  llvm::DenseSet<const RecordDecl *> Opaque; // bytes handed out
  llvm::DenseSet<const RecordDecl *> Asked;  // needBodies done
  size_t Walked = 0; // of bodiesParsedLate(), walked
  // The first static table whose initializer gives a field values, and the
  // fields that two or more tables give values.
  llvm::DenseMap<const FieldDecl *, const VarDecl *> Table;
  llvm::DenseSet<const FieldDecl *> ManyTables;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
