//===--- ShapedRecords.h - a project's copies of kernel structs ----------===//
//
// A struct of the translation unit's own, under a tag the rules do not
// know, takes a kernel struct's field rules once a call passes it where
// the kernel reads that struct and its fields are laid out the same
// (rules `layout`). Its writes seen before that call wait here.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_SHAPEDRECORDS_H
#define FLAGSPACE_TIDY_SHAPEDRECORDS_H

#include "flagspace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A field write or brace initializer of a struct that may turn out to be
/// a known one.
struct PendingWrite {
  const BinaryOperator *Assign = nullptr;
  const InitListExpr *Init = nullptr;
};

class ShapedRecords {
public:
  /// The kernel struct Record stands for, once a call confirmed it; null.
  const char *getConfirmed(const RecordDecl *Record) const;

  /// Keeps Write until a call confirms Record, when Record's layout could
  /// be one the rules know (else it is dropped: it can never be checked).
  void defer(const RecordDecl *Record, const PendingWrite &Write,
             const fs_rules *Rules, ASTContext &Context);

  /// Looks at each argument of Call (a call of Function; "syscall" with
  /// Number) that points to a struct of an unknown tag: when its layout is
  /// the one the rules give that argument, the struct stands for that
  /// kernel struct from now on. Returns the writes kept for the structs
  /// newly confirmed, to be checked now.
  std::vector<PendingWrite> notePassed(const CallExpr *Call,
                                       const char *Function,
                                       const char *Number,
                                       const fs_rules *Rules,
                                       ASTContext &Context);

private:
  struct Layout {
    bool Valid = false;
    std::vector<std::string> Names;
    std::vector<uint64_t> Sizes, Offsets;
    bool MayBeKnown = false;
  };
  const Layout &getLayout(const RecordDecl *Record, const fs_rules *Rules,
                          ASTContext &Context);

  llvm::DenseMap<const RecordDecl *, Layout> Layouts;
  llvm::DenseMap<const RecordDecl *, const char *> Confirmed;
  llvm::DenseMap<const RecordDecl *, std::vector<PendingWrite>> Pending;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
