//===--- ConstructorCalls.h - what a constructor's parameter is given ----===//
//
// A C++ member given a constructor's parameter (`File(int fl) :
// flags_(fl) {}`) holds what each construction of the unit gives that
// parameter (`File f(O_RDONLY)`): the values FieldWrites finds for a field
// are expanded into those arguments, when every construction is in the
// unit.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_CONSTRUCTORCALLS_H
#define FLAGSPACE_TIDY_CONSTRUCTORCALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

class ConstructorCalls {
public:
  /// Replaces each of Values that reads a parameter of a constructor as it
  /// is (an integer or enumeration taken by value, which the constructor
  /// only reads) by the argument each construction of the unit gives it
  /// (also through a derived class's constructor passing its own parameter
  /// on, or an inherited constructor), each followed where it is written.
  /// False when one cannot be: the constructor's class may be built in
  /// another unit (FieldWrites' isClosedRecord), it is never called here,
  /// or the values come to more than FieldWrites::MaxFieldWrites.
  bool expand(std::vector<const Expr *> &Values, ASTContext &Context);

private:
  bool expandOne(const Expr *Value, std::vector<const Expr *> &Out,
                 ASTContext &Context, unsigned Depth);
  void build(ASTContext &Context);

  bool Built = false;
  // Each constructor's calls, an inherited one's under the base's.
  llvm::DenseMap<const CXXConstructorDecl *,
                 std::vector<const CXXConstructExpr *>>
      Calls;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
