//===--- ConstructorCalls.cpp - what a constructor's parameter is given --===//

#include "reach/ConstructorCalls.h"
#include "reach/FieldWrites.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Constructors passing a parameter on to another's (a base's, a delegated
// one) are followed this deep.
constexpr unsigned MaxDepth = 4;

// Every construction of the unit, in templates' instantiations too (a
// std::make_unique<File>(x) constructs in the library's template).
class ConstructWalk : public RecursiveASTVisitor<ConstructWalk> {
public:
  explicit ConstructWalk(
      llvm::DenseMap<const CXXConstructorDecl *,
                     std::vector<const CXXConstructExpr *>> &Calls)
      : Calls(Calls) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor)
      return true;
    Calls[Ctor->getCanonicalDecl()].push_back(Construct);
    // `using Base::Base;`: the derived class's constructor passes its
    // arguments on to the base's, in the same order.
    if (Ctor->isInheritingConstructor())
      if (const CXXConstructorDecl *Base =
              Ctor->getInheritedConstructor().getConstructor())
        Calls[Base->getCanonicalDecl()].push_back(Construct);
    return true;
  }

private:
  llvm::DenseMap<const CXXConstructorDecl *,
                 std::vector<const CXXConstructExpr *>> &Calls;
};

// Counts the occurrences of a parameter in its constructor (member
// initializers and body), and those that only read its value.
class ParamUses : public RecursiveASTVisitor<ParamUses> {
public:
  explicit ParamUses(const ParmVarDecl *Param) : Param(Param) {}

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Uses += Ref->getDecl() == Param;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens());
    Reads += Cast->getCastKind() == CK_LValueToRValue && Ref &&
             Ref->getDecl() == Param;
    return true;
  }

  const ParmVarDecl *Param;
  unsigned Uses = 0;
  unsigned Reads = 0;
};

// Whether Ctor only reads Param's value: no write, no address taken, no
// reference bound to it.
bool isOnlyRead(const ParmVarDecl *Param, const CXXConstructorDecl *Ctor) {
  const FunctionDecl *Definition = nullptr;
  if (!Ctor->hasBody(Definition) || Definition != Ctor)
    return false;
  ParamUses Walk(Param);
  Walk.TraverseDecl(const_cast<CXXConstructorDecl *>(Ctor));
  return Walk.Uses == Walk.Reads;
}

// The parameter of a constructor that Value reads as it is, or null.
const ParmVarDecl *getConstructorParam(const Expr *Value) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || !isa<CXXConstructorDecl>(Param->getDeclContext()))
    return nullptr;
  QualType Type = Param->getType();
  if (!Type->isIntegralOrEnumerationType() || Type.isVolatileQualified())
    return nullptr;
  return Param;
}

} // namespace

void ConstructorCalls::build(ASTContext &Context) {
  Built = true;
  ConstructWalk Walk(Calls);
  Walk.TraverseDecl(Context.getTranslationUnitDecl());
}

// Appends what Value is to Out: itself, or the arguments its constructor's
// calls give the parameter it reads.
bool ConstructorCalls::expandOne(const Expr *Value,
                                 std::vector<const Expr *> &Out,
                                 ASTContext &Context, unsigned Depth) {
  const ParmVarDecl *Param = getConstructorParam(Value);
  if (!Param) {
    Out.push_back(Value);
    return true;
  }
  const auto *Ctor = cast<CXXConstructorDecl>(Param->getDeclContext());
  if (Depth >= MaxDepth ||
      !isClosedRecord(Ctor->getParent(), Context.getSourceManager()) ||
      !isOnlyRead(Param, Ctor))
    return false;
  if (!Built)
    build(Context);
  auto Found = Calls.find(Ctor->getCanonicalDecl());
  if (Found == Calls.end() || Found->second.empty())
    return false;
  unsigned Index = Param->getFunctionScopeIndex();
  for (const CXXConstructExpr *Call : Found->second) {
    if (Index >= Call->getNumArgs() ||
        !expandOne(Call->getArg(Index), Out, Context, Depth + 1) ||
        Out.size() > FieldWrites::MaxFieldWrites)
      return false;
  }
  return true;
}

bool ConstructorCalls::expand(std::vector<const Expr *> &Values,
                              ASTContext &Context) {
  std::vector<const Expr *> Out;
  for (const Expr *Value : Values)
    if (!expandOne(Value, Out, Context, 0))
      return false;
  Values = std::move(Out);
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
