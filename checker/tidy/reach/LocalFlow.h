//===--- LocalFlow.h - the values a local variable can hold --------------===//
//
// Finds, without guessing, which writes of a local variable (or of an integer
// field of a local struct) reach one of its uses. (The constants a small
// static function returns: ConstantReturns.h.)
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_LOCALFLOW_H
#define FLAGSPACE_TIDY_LOCALFLOW_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// One write of a local variable, in program order. A statement that writes
/// the variable once on each of its paths (`if (c) v = A; else v = B;`, a
/// `switch` whose cases each assign it) is one write of several Values, one
/// of which is taken.
struct VarWrite {
  enum WriteKind { Init, Assign, Or, And } Kind;
  /// One of them is written; null stands for a value that is not known
  /// (an initializer that is not a brace list).
  std::vector<const Expr *> Values;
  /// The write happens on some paths only (`if (c) v |= X;`, a `switch`
  /// without `default`): on the others the value stays as it was.
  bool Conditional;
};

/// The straight-line history of one local variable (or one field of a local
/// struct): its initializer, then its writes in the block that declares it,
/// in program order.
struct VarHistory {
  std::vector<VarWrite> Writes;
  /// The statement of the declaring block that holds each write.
  std::vector<size_t> Tops;
  /// The first write (index in Writes) whose place is not certain, or
  /// Writes.size(): no use after it can be followed.
  size_t FirstUnclear = 0;
  /// The index of the declaration in its block.
  size_t DeclIndex = 0;
};

/// What reaches one use of a variable: Writes[0, Count) of History.
struct ReachingWrites {
  const VarHistory *History = nullptr;
  size_t Count = 0;
};

struct LocalFunctionInfo;

/// The occurrences of every variable of a function, found in one walk of
/// its body on the first question about that function and kept, so that
/// each read costs no walk. The answers concern the function's own body;
/// a FunctionDecl and its variables must outlive the index.
class LocalIndex {
public:
  LocalIndex();
  ~LocalIndex();

  /// Sets Reach to the writes of Var that reach Use, the initializer first
  /// when there is one. Returns false when that is not certain: Var is not
  /// a plain local integer (or function pointer), its address is taken or it is bound to a
  /// reference, the function has labels or gotos, a write is inside a loop
  /// or a branch other than `if (c) v |= X;`, an if-else or a `switch`
  /// that writes it once on every path (branchWrites in LocalFlow.cpp), or
  /// a write is in the statement of Use. A missing initializer is not
  /// reported here: the writes then start with an assignment or the caller
  /// treats the start as unknown.
  ///
  /// With Field, the same for `Var.Field` (Use is the reference to Var in
  /// it): Var must be a local struct (not a union) used only as `Var.F`
  /// reads and writes of integer fields (also `P->F` through a local
  /// pointer initialized with `&Var` and used only so), or read whole; its
  /// initializer's brace list gives the field's first value, and a field it
  /// leaves out is 0.
  bool findReachingWrites(const DeclRefExpr *Use, const VarDecl *Var,
                          ReachingWrites &Reach,
                          const FieldDecl *Field = nullptr);

  /// The local struct S when Ptr is a local pointer initialized with `&S`:
  /// `Ptr->F` is then an occurrence of `S.F` (findReachingWrites with S,
  /// F and the reference to Ptr), certain only while Ptr is used as
  /// `Ptr->F` alone. Null otherwise.
  const VarDecl *getAliasedStruct(const VarDecl *Ptr);

  /// Whether every occurrence of Var (a local or a parameter) in the body
  /// of its function only reads it; false also when the function has
  /// jumps, lambdas or blocks, or statements nested too deep to walk.
  bool isOnlyRead(const VarDecl *Var);

private:
  LocalFunctionInfo *getFunction(const VarDecl *Var);
  std::map<const FunctionDecl *, std::unique_ptr<LocalFunctionInfo>> Functions;
};

/// The initializer of each field of Record (not a union) in List, the
/// semantic form of a brace list of that struct, in order; the fields past
/// the list's end and unnamed bit-fields are left out.
std::vector<std::pair<const FieldDecl *, const Expr *>>
getFieldInitializers(const InitListExpr *List, const RecordDecl *Record);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
