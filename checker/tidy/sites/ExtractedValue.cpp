//===--- ExtractedValue.cpp - one value as the engine's terms ------------===//
//
// Builds the tree and terms of an extracted value, and reads an integer
// constant's value.
//
//===----------------------------------------------------------------------===//

#include "sites/ExtractedValue.h"

#include "clang/Lex/Lexer.h"

namespace clang {
namespace tidy {
namespace flagspace {

void addNode(ExtractedValue &Value, fs_op Op, size_t Term) {
  fs_node Node = {};
  Node.op = Op;
  Node.term = Term;
  Value.Nodes.push_back(Node);
}

void addUnknown(ExtractedValue &Value) {
  addNode(Value, FS_OP_UNKNOWN);
  Value.HasUnknown = true;
}

CharSourceRange getFileRange(const ExtractedValue &Value,
                             const SourceManager &SM,
                             const LangOptions &LangOpts) {
  if (!Value.Written)
    return CharSourceRange();
  return Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Value.Written->getSourceRange()), SM,
      LangOpts);
}

void appendPassed(ExtractedValue &Value, const ExtractedValue &From,
                  SourceLocation PassedLoc) {
  size_t Base = Value.Terms.size();
  for (fs_node Node : From.Nodes) {
    if (Node.op == FS_OP_TERM)
      Node.term += Base;
    Value.Nodes.push_back(Node);
  }
  if (From.Nodes.empty())
    addUnknown(Value);
  for (size_t I = 0; I < From.Terms.size(); ++I) {
    fs_term Term = From.Terms[I];
    Term.flags &= ~static_cast<unsigned>(FS_TERM_FIXABLE);
    TermSite Site = From.Sites[I];
    Site.FixRange = CharSourceRange();
    Site.PassedLoc = PassedLoc;
    Value.Terms.push_back(Term);
    Value.Sites.push_back(Site);
  }
  if (From.HasUnknown)
    Value.HasUnknown = true;
}

bool evaluateInteger(const Expr *E, const ASTContext &Context,
                     int64_t &Result) {
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      break;
    E = Cast->getSubExpr();
  }
  if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors() ||
      !E->getType()->isIntegralOrEnumerationType())
    return false;
  llvm::APSInt Int;
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E)) {
    // Most flags are a literal: its value, as the evaluator would give it.
    Int = llvm::APSInt(Literal->getValue(),
                       E->getType()->isUnsignedIntegerOrEnumerationType());
  } else {
    Expr::EvalResult Eval;
    if (!E->EvaluateAsInt(Eval, Context) || !Eval.Val.isInt())
      return false;
    Int = Eval.Val.getInt();
  }
  if (Int.isSigned() ? !Int.isSignedIntN(64) : !Int.isIntN(64))
    return false;
  Result = Int.isSigned() ? Int.getSExtValue()
                          : static_cast<int64_t>(Int.getZExtValue());
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
