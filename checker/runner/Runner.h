//===--- Runner.h - flagspace-runner's side of the checks' hooks ---------===//
//
// One per process: it gathers what the flagspace checks of a translation
// unit tell it (SkippedBodies::noteUnit), puts a BodyFilter first among the
// unit's AST consumers, and passes the checks' requests for skipped bodies
// on to it. Interpose.cpp calls it from inside clang-tidy.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_RUNNER_H
#define FLAGSPACE_RUNNER_RUNNER_H

#include "BodyFilter.h"
#include "reach/SkippedBodies.h"

#include "clang/Frontend/CompilerInvocation.h"
#include <map>
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

class Runner : public SkippedBodies {
public:
  void noteUnit(const fs_rules *Rules, Preprocessor &PP,
                ClangTidyContext &Context) override;
  void parse(const FunctionDecl *Function) override;
  void parseIfWrapper(const FunctionDecl *Function) override;
  std::vector<const FunctionDecl *> parseNaming(const NamedDecl *Var) override;
  const std::vector<const FunctionDecl *> &parsedLate() const override;

  /// Before a unit is compiled: bodies may be skipped (the consumer
  /// decides), and the warnings only skipping causes are turned off, so
  /// that -Werror cannot make them errors. C units only.
  void prepare(CompilerInvocation &Invocation);
  /// The consumer to put first among the unit's: a BodyFilter when the
  /// flagspace checks set up for it, else one that keeps every body.
  std::unique_ptr<ASTConsumer> makeFilter();
  /// Called by the filter made last when it goes.
  void forget(const BodyFilter *Filter);

private:
  bool onlyFlagspaceChecks(ClangTidyContext &Context);

  UnitSetup Pending;
  bool HasPending = false;
  BodyFilter *Current = nullptr;
  std::map<std::string, bool> OnlyFlagspace; // by the Checks option
};

/// The process's runner.
Runner &theRunner();

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
