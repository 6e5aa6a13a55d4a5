//===--- SkippedBodies.h - function bodies parsed when an analysis asks --===//
//
// flagspace-runner (checker/runner/) skips the function bodies that cannot
// hold a finding. An analysis that reads another function's body (a
// wrapper's, a helper's returns, the writes to a static variable) asks here
// first, and the runner parses that body then. In clang-tidy and clangd
// every body is parsed and nothing is set: each call below does nothing.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_SKIPPEDBODIES_H
#define FLAGSPACE_TIDY_SKIPPEDBODIES_H

#include "flagspace.h"

#include "clang/AST/Decl.h"
#include <vector>

namespace clang {
class Preprocessor;
namespace tidy {
class ClangTidyContext;
namespace flagspace {

/// What a tool that skips bodies implements (flagspace-runner's BodyFilter).
class SkippedBodies {
public:
  virtual ~SkippedBodies();
  /// A flagspace check of the translation unit about to be parsed sets up,
  /// with the rules it checks against (called once per check).
  virtual void noteUnit(const fs_rules *Rules, Preprocessor &PP,
                        ClangTidyContext &Context) = 0;
  /// Parses Function's body now when it was skipped.
  virtual void parse(const FunctionDecl *Function) = 0;
  /// Like parse, for a function called where a wrapper may be: only when
  /// its body may pass a parameter on to a call the rules know.
  virtual void parseIfWrapper(const FunctionDecl *Function) = 0;
  /// Parses every skipped body that names Var (a variable, a field);
  /// returns those functions.
  virtual std::vector<const FunctionDecl *>
  parseNaming(const NamedDecl *Var) = 0;
  /// The functions whose skipped bodies were parsed so far, in order.
  virtual const std::vector<const FunctionDecl *> &parsedLate() const = 0;
};

/// The runner's, for the whole process; null in clang-tidy and clangd.
extern SkippedBodies *ActiveSkippedBodies;

/// Makes Function's body available if a tool skipped it.
inline void needBody(const FunctionDecl *Function) {
  if (ActiveSkippedBodies && Function)
    ActiveSkippedBodies->parse(Function);
}

/// Makes Function's body available if it may be a wrapper's.
inline void needWrapperBody(const FunctionDecl *Function) {
  if (ActiveSkippedBodies && Function)
    ActiveSkippedBodies->parseIfWrapper(Function);
}

/// Makes every body that names Var available; returns the functions whose
/// bodies were parsed now (to be walked by an analysis that walked the
/// unit before).
inline std::vector<const FunctionDecl *>
needBodiesNaming(const NamedDecl *Var) {
  if (!ActiveSkippedBodies)
    return {};
  return ActiveSkippedBodies->parseNaming(Var);
}

/// Every function whose skipped body was parsed so far, for whatever
/// reason, in order (an analysis that walked the unit walks those parsed
/// since); empty in clang-tidy and clangd.
inline const std::vector<const FunctionDecl *> &bodiesParsedLate() {
  static const std::vector<const FunctionDecl *> None;
  return ActiveSkippedBodies ? ActiveSkippedBodies->parsedLate() : None;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
