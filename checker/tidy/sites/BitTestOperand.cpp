//===--- BitTestOperand.cpp - what the operand of a bit test holds -------===//

#include "sites/BitTestOperand.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Parents are walked this far at most (parentheses, casts, a function).
constexpr unsigned MaxDepth = 64;

const Stmt *firstParent(ASTContext &Context, const DynTypedNode &Node,
                        DynTypedNode &Parent) {
  DynTypedNodeList Parents = Context.getParents(Node);
  if (Parents.empty())
    return nullptr;
  Parent = Parents[0];
  return Parent.get<Stmt>();
}

// The first parent of E that is not a parenthesis or an implicit cast,
// and the child of it on the way (E or one of those).
const Stmt *getContext(ASTContext &Context, const Expr *E, const Stmt *&Child) {
  DynTypedNode Node = DynTypedNode::create(*E), Parent;
  Child = E;
  for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
    const Stmt *S = firstParent(Context, Node, Parent);
    if (!S || !(isa<ParenExpr>(S) || isa<ImplicitCastExpr>(S)))
      return S;
    Child = S;
    Node = Parent;
  }
  return nullptr;
}

// Whether Child is the condition of S, one of the Nodes (each with a
// getCond()).
template <typename... Nodes>
bool isConditionOf(const Stmt *S, const Stmt *Child) {
  return ((isa_and_nonnull<Nodes>(S) && cast<Nodes>(S)->getCond() == Child) ||
          ...);
}

// Whether Child, an operand of S, is read as true or false there.
bool isReadAsTruth(const Stmt *S, const Stmt *Child) {
  if (isConditionOf<IfStmt, WhileStmt, DoStmt, ForStmt, ConditionalOperator>(
          S, Child))
    return true;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(S))
    return Unary->getOpcode() == UO_LNot;
  if (const auto *Binary = dyn_cast_or_null<BinaryOperator>(S))
    return Binary->isLogicalOp();
  return false;
}

// A comparison stands where its value, 0 or 1, is taken whole: as a
// truth, returned, stored, or inside parentheses.
bool takesComparison(const Stmt *S, const Stmt *Child, const Expr *Compare) {
  if (Child != Compare && isa<ParenExpr>(Child))
    return true;
  if (isReadAsTruth(S, Child) || isa_and_nonnull<ReturnStmt>(S))
    return true;
  const auto *Binary = dyn_cast_or_null<BinaryOperator>(S);
  return Binary && Binary->getOpcode() == BO_Assign &&
         Binary->getRHS() == Child;
}

// Whether E can be replaced as a whole: it begins in the file, and its
// end (a flag's macro, say) maps back to the file too.
bool isWrittenInFile(const Expr *E, const ASTContext &Context) {
  return E->getBeginLoc().isFileID() &&
         Lexer::makeFileCharRange(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Context.getSourceManager(), Context.getLangOpts())
             .isValid();
}

bool isPrimary(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr>(E) || isa<MemberExpr>(E) || isa<CallExpr>(E) ||
         isa<ArraySubscriptExpr>(E) || isa<ParenExpr>(E);
}

// Whether the whole test can be rewritten: see BitTestOperand::Fixable.
bool isFixable(const BinaryOperator *Test, const BinaryOperator *Compare,
               const Expr *Operand, ASTContext &Context) {
  const Expr *Replaced = Compare ? static_cast<const Expr *>(Compare) : Test;
  const Stmt *Child = nullptr;
  if (Test->getOpcode() != BO_And || !isPrimary(Operand) ||
      !isWrittenInFile(Replaced, Context) ||
      (Compare && !isWrittenInFile(Test, Context)))
    return false;
  const Stmt *S = getContext(Context, Replaced, Child);
  // A declaration's initializer has a Decl as its parent.
  if (!S && Compare)
    return true;
  return Compare ? takesComparison(S, Child, Compare)
                 : isReadAsTruth(S, Child);
}

const FunctionDecl *getEnclosingFunction(ASTContext &Context, const Expr *E) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
    DynTypedNodeList Parents = Context.getParents(Node);
    if (Parents.empty())
      return nullptr;
    if (const auto *Function = Parents[0].get<FunctionDecl>())
      return Function;
    Node = Parents[0];
  }
  return nullptr;
}

// Whether E is the variable, alone or or'ed with other parts.
bool holdsVariable(const Expr *E, const ValueDecl *Var, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl() == Var;
  const auto *Or = dyn_cast<BinaryOperator>(E);
  return Or && Or->getOpcode() == BO_Or && Depth < 8 &&
         (holdsVariable(Or->getLHS(), Var, Depth + 1) ||
          holdsVariable(Or->getRHS(), Var, Depth + 1));
}

// Whether two operands are the same variable, or the same field of the
// same variable.
bool isSameOperand(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  const auto *RefA = dyn_cast<DeclRefExpr>(A);
  const auto *RefB = dyn_cast<DeclRefExpr>(B);
  if (RefA && RefB)
    return RefA->getDecl() == RefB->getDecl();
  const auto *MemA = dyn_cast<MemberExpr>(A);
  const auto *MemB = dyn_cast<MemberExpr>(B);
  return MemA && MemB && MemA->getMemberDecl() == MemB->getMemberDecl() &&
         isSameOperand(MemA->getBase(), MemB->getBase());
}

// One walk of the function: the calls given the variable, and the other
// tests of the operand.
class OperandUses : public RecursiveASTVisitor<OperandUses> {
public:
  OperandUses(const Expr *Operand,
              llvm::function_ref<bool(const CallExpr *)> HasRules,
              llvm::function_ref<void(const Expr *, std::vector<std::string> &)>
                  Names,
              BitTestOperand &Out)
      : Operand(Operand), HasRules(HasRules), Names(Names), Out(Out) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Operand->IgnoreParenImpCasts()))
      Var = Ref->getDecl();
  }

  bool VisitCallExpr(const CallExpr *Call) {
    if (!Var || Out.HolderCall || !HasRules(Call))
      return true;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (holdsVariable(Call->getArg(I), Var)) {
        Out.HolderCall = Call;
        Out.HolderArg = I;
        break;
      }
    return true;
  }

  bool VisitBinaryOperator(const BinaryOperator *Op) {
    BinaryOperatorKind K = Op->getOpcode();
    if (K != BO_And && K != BO_EQ && K != BO_NE)
      return true;
    if (isSameOperand(Op->getLHS(), Operand))
      Names(Op->getRHS(), Out.TestedWith);
    else if (isSameOperand(Op->getRHS(), Operand))
      Names(Op->getLHS(), Out.TestedWith);
    return true;
  }

  bool VisitSwitchStmt(const SwitchStmt *Switch) {
    if (Switch->getCond() && isSameOperand(Switch->getCond(), Operand))
      for (const SwitchCase *Case = Switch->getSwitchCaseList(); Case;
           Case = Case->getNextSwitchCase())
        if (const auto *Value = dyn_cast<CaseStmt>(Case))
          Names(Value->getLHS(), Out.TestedWith);
    return true;
  }

private:
  const Expr *Operand;
  const ValueDecl *Var = nullptr;
  llvm::function_ref<bool(const CallExpr *)> HasRules;
  llvm::function_ref<void(const Expr *, std::vector<std::string> &)> Names;
  BitTestOperand &Out;
};

} // namespace

void describeBitTestOperand(
    const BinaryOperator *Test, const BinaryOperator *Compare,
    ASTContext &Context, llvm::function_ref<bool(const CallExpr *)> HasRules,
    llvm::function_ref<void(const Expr *, std::vector<std::string> &)> Names,
    BitTestOperand &Out) {
  const Expr *L = Test->getLHS(), *R = Test->getRHS();
  bool LConst = !L->isValueDependent() && L->isIntegerConstantExpr(Context);
  bool RConst = !R->isValueDependent() && R->isIntegerConstantExpr(Context);
  if (LConst == RConst)
    return;
  Out.Operand = LConst ? R : L;
  Out.Replaced = Compare ? static_cast<const Expr *>(Compare) : Test;
  Out.Fixable = isFixable(Test, Compare, Out.Operand, Context);
  if (const FunctionDecl *Function = getEnclosingFunction(Context, Test))
    if (Function->hasBody())
      OperandUses(Out.Operand, HasRules, Names, Out)
          .TraverseStmt(Function->getBody());
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
