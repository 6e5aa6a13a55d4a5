//===--- BranchWrites.cpp - what one statement writes to a variable ------===//
//
// Walks the paths of one statement (its branches, its switch groups) and
// lists the write each path ends with. A write the walk does not account
// for (inside a loop, nested deeper than a branch's own statements) makes
// the answer unknown.
//
//===----------------------------------------------------------------------===//

#include "reach/BranchWrites.h"

#include "clang/AST/Decl.h"
#include <algorithm>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Statements one answer may look at: each variable written in a statement
// walks it, so a larger one is unknown and the cost stays linear.
constexpr unsigned MaxStatements = 512;

// Whether control never goes past S to the statement after it.
bool leaves(const Stmt *S) {
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    return true;
  const auto *E = dyn_cast<Expr>(S);
  const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreParenCasts()) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->isNoReturn();
}

class PathWalk {
public:
  explicit PathWalk(const std::vector<const BinaryOperator *> &Writes)
      : Writes(Writes) {}

  // The writes that reach the end of the statement, one per path.
  std::vector<const BinaryOperator *> Taken;
  // The writes met, on any path.
  std::vector<const BinaryOperator *> Accounted;
  // Some path reaches the end without a write.
  bool KeepsValue = false;

  bool statement(const Stmt *S) {
    bool Ok = isa<SwitchStmt>(S) ? switchGroups(cast<SwitchStmt>(S))
                                 : branch(S);
    return Ok && Seen <= MaxStatements;
  }

private:
  // S when it is one of Writes as a statement of its own, else null.
  const BinaryOperator *asWrite(const Stmt *S) {
    ++Seen;
    const auto *E = dyn_cast<Expr>(S);
    const auto *Write =
        E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
    if (!Write || std::find(Writes.begin(), Writes.end(), Write) == Writes.end())
      return nullptr;
    Accounted.push_back(Write);
    return Write;
  }

  // One path (a branch of an if, or the whole statement).
  bool branch(const Stmt *S) {
    if (Seen > MaxStatements)
      return false;
    if (!S) {
      KeepsValue = true;
      return true;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable())
        return false;
      return branch(If->getThen()) && branch(If->getElse());
    }
    if (const BinaryOperator *Write = asWrite(S)) {
      Taken.push_back(Write);
      return true;
    }
    if (leaves(S))
      return true;
    const auto *Block = dyn_cast<CompoundStmt>(S);
    if (!Block) {
      KeepsValue = true; // a write inside it is not accounted for
      return true;
    }
    const BinaryOperator *Found = nullptr;
    bool Left = false;
    for (const Stmt *Child : Block->body()) {
      if (Seen > MaxStatements)
        return false;
      if (const BinaryOperator *Write = asWrite(Child)) {
        if (Found)
          return false;
        Found = Write;
      } else if (leaves(Child)) {
        Left = true;
      }
    }
    if (Left)
      return true; // what it wrote does not reach past the statement
    if (Found)
      Taken.push_back(Found);
    else
      KeepsValue = true;
    return true;
  }

  // A switch of groups: labels, then statements up to a break or return.
  bool switchGroups(const SwitchStmt *Switch) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
    if (Switch->getInit() || Switch->getConditionVariable() || !Body)
      return false;
    bool HasDefault = false, InGroup = false, Ended = false, Busy = false;
    const BinaryOperator *GroupWrite = nullptr;
    for (const Stmt *S : Body->body()) {
      if (Seen > MaxStatements)
        return false;
      if (isa<SwitchCase>(S)) {
        if (InGroup && !Ended && Busy)
          return false; // falls into the next group
        if (!InGroup || Ended) {
          InGroup = true;
          Ended = Busy = false;
          GroupWrite = nullptr;
        }
        while (const auto *Case = dyn_cast<SwitchCase>(S)) {
          HasDefault |= isa<DefaultStmt>(Case);
          S = Case->getSubStmt();
        }
      } else if (!InGroup || Ended) {
        return false; // not reached from a label
      }
      Busy = true;
      if (const BinaryOperator *Write = asWrite(S)) {
        if (GroupWrite)
          return false;
        GroupWrite = Write;
      } else if (isa<BreakStmt>(S)) {
        Ended = true;
        endGroup(GroupWrite);
      } else if (leaves(S)) {
        Ended = true;
      } else if (!isa<NullStmt>(S) &&
                 !(isa<Expr>(S) && !isa<StmtExpr>(cast<Expr>(S)->IgnoreParens()))) {
        return false;
      }
    }
    if (InGroup && !Ended)
      endGroup(GroupWrite);
    if (!HasDefault)
      KeepsValue = true;
    return true;
  }

  void endGroup(const BinaryOperator *GroupWrite) {
    if (GroupWrite)
      Taken.push_back(GroupWrite);
    else
      KeepsValue = true;
  }

  const std::vector<const BinaryOperator *> &Writes;
  unsigned Seen = 0;
};

} // namespace

bool getStatementWrite(const Stmt *Statement,
                       const std::vector<const BinaryOperator *> &Writes,
                       VarWrite &Out) {
  if (Writes.empty())
    return false;
  PathWalk Walk(Writes);
  if (!Walk.statement(Statement) || Walk.Accounted.size() != Writes.size())
    return false;
  BinaryOperatorKind Op = Writes.front()->getOpcode();
  for (const BinaryOperator *Write : Writes)
    if (Write->getOpcode() != Op)
      return false;
  Out.Kind = Op == BO_Assign     ? VarWrite::Assign
             : Op == BO_OrAssign ? VarWrite::Or
                                 : VarWrite::And;
  Out.Values.clear();
  for (const BinaryOperator *Write : Walk.Taken)
    Out.Values.push_back(Write->getRHS());
  Out.Conditional = Walk.KeepsValue;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
