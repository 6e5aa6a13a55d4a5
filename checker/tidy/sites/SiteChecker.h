//===--- SiteChecker.h - the sites of one translation unit ---------------===//
//
// Each kind of site the checks match, turned from the AST into the engine's
// facts, checked, and its findings reported: one file per kind of site
// (sites/<Kind>Site.cpp), sharing what the unit's sites have followed.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_SITECHECKER_H
#define FLAGSPACE_TIDY_SITECHECKER_H

#include "flagspace.h"
#include "reach/Fallbacks.h"
#include "reach/FieldCalls.h"
#include "reach/FieldParams.h"
#include "reach/FollowCache.h"
#include "reach/OutcomeTests.h"
#include "reach/ShapedRecords.h"
#include "reach/Wrappers.h"
#include "sites/FlagTerms.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

class CheckGroup;

/// One slot a wrapper's call gives, and where the wrapper passes it on
/// (WrapperSite.cpp).
struct WrapperSlot;

/// The sites of one translation unit, checked by the group's matching
/// check (FlagCheckBase.h says which sites are matched). Every finding is
/// reported through the group's check of its id (report/Reporter.h).
class SiteChecker {
public:
  /// Check: the matching check's id, named in the facts' dump.
  SiteChecker(fs_check Check, const CheckGroup &Group)
      : CheckId(Check), Group(Group) {}

  /// Set when matching starts: the unit's rules, its target triple and
  /// what its program runs on (its glibc, flagspace.MinimumKernel).
  void startUnit(const fs_rules *UnitRules, std::string UnitTarget,
                 fs_platform UnitPlatform) {
    Rules = UnitRules;
    Target = std::move(UnitTarget);
    Platform = UnitPlatform;
  }
  /// Forgets what pointed into the unit's AST.
  void endUnit() { Compared.clear(); }
  /// What the unit's sites share.
  FollowCache &follow() { return Follow; }

  /// CallSite.cpp: a call of Callee (null: not known), a C library
  /// function the rules know or a wrapper of one (WrapperSite.cpp).
  void checkCall(const CallExpr *Call, const FunctionDecl *Callee,
                 ASTContext &Context);
  /// TestedValueSite.cpp: `X & MASK` and `X &= MASK`, `X == V`,
  /// `X != V`, and the case values of `switch (X)`.
  void checkTest(const BinaryOperator *Test, ASTContext &Context);
  void checkCompare(const BinaryOperator *Compare, ASTContext &Context);
  void checkSwitch(const SwitchStmt *Switch, ASTContext &Context);
  /// RecordSite.cpp: a brace initializer of a struct, and an assignment
  /// to a field (=, |=, &=, ^=).
  void checkInitializer(const InitListExpr *Init, ASTContext &Context);
  void checkAssignment(const BinaryOperator *Assign, ASTContext &Context);

private:
  // CallSite.cpp
  void checkResultsInto(const fs_call &Outer, unsigned Arg,
                        const Expr *Written, TermExtractor &Extractor,
                        ASTContext &Context);
  // A call whose result reaches a value, and where to point at it.
  using ResultCall = std::pair<const CallExpr *, SourceLocation>;
  void collectResultCalls(const Expr *E, std::vector<ResultCall> &Calls,
                          SourceLocation At, unsigned Depth,
                          ASTContext &Context);
  const Expr *getStoredValue(const Expr *E);
  bool findStoredWrites(const Expr *E, ReachingWrites &Reach);
  bool getStoredValues(const Expr *E, std::vector<const Expr *> &Values);
  bool getFieldValue(const Expr *E, ASTContext &Context,
                     std::vector<const Expr *> &Values);
  void checkShapedArguments(const CallExpr *Call, const std::string &Name,
                            const std::vector<ExtractedValue> &Values,
                            ASTContext &Context);
  // WrapperSite.cpp
  using AlsoGiven =
      std::vector<std::pair<const NamedDecl *, const ExtractedValue *>>;
  void checkWrapperCall(const CallExpr *Call, const FunctionDecl *Callee,
                        ASTContext &Context);
  bool checkWrapperSlot(const CallExpr *Call, const FunctionDecl *Definition,
                        const WrapperSlot &Slot,
                        const std::vector<WrapperSlot> &Slots,
                        TermExtractor &Extractor, ASTContext &Context);
  std::vector<ExtractedValue>
  extractSlotFlow(const ParamFlow &Into, const FunctionDecl *Definition,
                  const WrapperSlot &Slot,
                  const std::vector<WrapperSlot> &Slots,
                  const ExtractedValue &Outer, TermExtractor &Extractor,
                  ExtractedValue &AsWritten);
  std::vector<ExtractedValue> extractFlow(const ParamFlow &Flow,
                                          const ExtractedValue &Outer,
                                          const AlsoGiven &Also,
                                          TermExtractor &Extractor);
  bool checkFilledRecord(
      const CallExpr *Call, const FunctionDecl *Definition,
      const std::vector<std::pair<unsigned, const Expr *>> &Given,
      TermExtractor &Extractor, ASTContext &Context);
  void checkFieldSlot(const CallExpr *Call, const FunctionDecl *Definition,
                      unsigned Index, const Expr *Given,
                      TermExtractor &Extractor, ASTContext &Context);
  // RetrySite.cpp: the calls where a test of a checked call's outcome
  // leads, as the engine's retries.
  static bool hasCheck(const fs_findings &Findings, fs_check Check);
  bool addRulesRetry(const RetryCall &Retry, TermExtractor &Extractor,
                     ASTContext &Context, OutcomeFacts &Into);
  void addRetries(const CallExpr *Failing, TermExtractor &Extractor,
                  ASTContext &Context, OutcomeFacts &Into);
  void addTestedErrnos(const CallExpr *Failing, const FunctionDecl *Owner,
                       ASTContext &Context, OutcomeFacts &Into);
  // The calls on a wrapper flow's way, and what each level gets.
  struct FlowLevels {
    const CallExpr *Outer;
    unsigned Slot;
    const ParamFlow &Flow;
    std::deque<ExtractedValue> Passed;
  };
  void addFlowRetries(const CallExpr *Outer, unsigned Slot,
                      const ParamFlow &Flow, const ExtractedValue &Given,
                      TermExtractor &Extractor, ASTContext &Context,
                      OutcomeFacts &Into);
  void addLevelRetries(const FlowLevels &Levels, size_t K,
                       TermExtractor &Extractor, ASTContext &Context,
                       OutcomeFacts &Into);
  void addCarriedRetry(const FlowLevels &Levels, size_t K,
                       ExtractedValue Value, const RetryCall &Retry,
                       TermExtractor &Extractor, OutcomeFacts &Into);
  // BitTestSite.cpp
  void checkBitTest(const BinaryOperator *Test, ASTContext &Context);
  // TestedValueSite.cpp
  bool checkTestedValue(const Expr *Tested, const Expr *Mask,
                        ASTContext &Context);
  // RecordSite.cpp
  // checkRecord's Compound: 0 for `=`, 1 for `|=` and `&=`, this for `^=`.
  static constexpr int CompoundToggle = 2;
  // checkRecord's Compound for an assignment operator: -1 for one that
  // writes no field (`+=`, `<<=` ...).
  static int compoundOf(BinaryOperatorKind Op);
  std::string getRulesRecord(const RecordDecl *Record) const;
  bool checkFilledAssignment(const BinaryOperator *Assign,
                             const std::string &Record, ASTContext &Context);
  void checkRecord(const char *Record, const std::vector<std::string> &Fields,
                   const std::vector<ExtractedValue> &Values,
                   const std::vector<int> &Compound, bool IsInitializer,
                   SourceLocation SiteLoc, ASTContext &Context,
                   bool IsRead = false, const InitListExpr *Init = nullptr,
                   const VarDecl *Given = nullptr);
  // Reports the engine's findings of a site (report/Reporter.h).
  void report(const fs_findings &Findings,
              const std::vector<ExtractedValue> &Values, SourceLocation SiteLoc,
              const ASTContext &Context) const;

  const fs_check CheckId;
  const CheckGroup &Group;
  const fs_rules *Rules = nullptr;
  /// The translation unit's target triple, as clang has it.
  std::string Target;
  /// What the unit's program runs on (the unit's glibc, MinimumKernel).
  fs_platform Platform = {};
  // Each `a & b` that is an operand of == or !=, with that comparison:
  // matched before its operands, taken out by checkBitTest.
  llvm::DenseMap<const BinaryOperator *, const BinaryOperator *> Compared;
  // What one translation unit's sites share (checks are made per unit).
  FollowCache Follow;
  WrapperIndex Wrappers{Follow.Locals};
  FieldParamIndex FieldParams{Follow.Locals};
  FieldCallIndex FieldCalls;
  ShapedRecords Shapes;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
