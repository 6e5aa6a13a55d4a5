//===--- BodyFilter.h - which function bodies flagspace-runner parses ----===//
//
// The AST consumer that answers clang's shouldSkipFunctionBody for one
// translation unit: it reads each body's tokens ahead (the preprocessor
// with backtracking on, so nothing is lexed twice) and keeps the body when
// it names a carrying name (KeepNames.h) or reads a field the unit gives a
// flag (FlagFields.h). A skipped body's tokens are kept: it is parsed at
// the end of the unit when a name it uses turned out to carry
// (declared after it), or when an analysis asks for it (SkippedBodies.h).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_BODYFILTER_H
#define FLAGSPACE_RUNNER_BODYFILTER_H

#include "FlagFields.h"
#include "KeepNames.h"
#include "SharedHeaders.h"
#include "TokenNames.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace clang {
struct LateParsedTemplate;
class Parser;
namespace tidy {
namespace flagspace {

/// What the unit's flagspace checks told the runner (Runner.h).
struct UnitSetup {
  Preprocessor *PP = nullptr;
  std::vector<const fs_rules *> Rules;
  /// Whether skipping may change nothing but the flagspace checks' work:
  /// C, and no other check or compiler warning reported.
  bool MaySkip = false;
};

class BodyFilter : public ASTConsumer {
public:
  /// OnGone is called from the destructor.
  BodyFilter(const UnitSetup &Setup,
             std::function<void(const BodyFilter *)> OnGone);
  ~BodyFilter() override;

  bool HandleTopLevelDecl(DeclGroupRef Group) override;
  bool shouldSkipFunctionBody(Decl *D) override;
  void HandleTranslationUnit(ASTContext &Context) override;

  /// SkippedBodies.h: parse a skipped body now.
  void parse(const FunctionDecl *Function);
  void parseIfWrapper(const FunctionDecl *Function);
  std::vector<const FunctionDecl *> parseNaming(const NamedDecl *Var);
  const std::vector<const FunctionDecl *> &parsedLate() const {
    return LateParsed;
  }

private:
  /// One function definition.
  struct Body {
    FunctionDecl *Function = nullptr;
    NameList Names;   // of its declarator and body
    NameList Returns; // of its return expressions (when it may be followed)
    NameList Members; // of its body, read or written after `.` or `->`
    bool Skipped = false;
    bool Late = false;    // skipped, then parsed
    bool Carrier = false; // its name carries
    bool Wrapper = false; // it may pass a parameter on to a known call
    std::unique_ptr<LateParsedTemplate> Tokens; // a skipped body's
  };
  /// A top-level declaration whose names did not carry (yet).
  struct Declaration {
    NameList Declared, Named;
  };
  struct Peek;
  class BodyDiagnostics;

  Parser &parser() const;
  bool peekBody(const Token &LBrace, Peek &Out);
  void endPeek(const Peek &Read, bool Skip);
  void recordBody(Body B);
  void noteDeclarations(DeclGroupRef Group, NameList Named);
  void dropFieldNames(DeclGroupRef Group, NameList &Named) const;
  void closeNames();
  void findWrappers();
  std::vector<const fs_rules *> unitRules() const;
  void parseLate(Body &B, const char *Why, const IdentifierInfo *Name);
  void log(const Body &B, const char *What, const IdentifierInfo *Name) const;
  const IdentifierInfo *findReason(const Body &B, bool Alphabetical,
                                   const char *&What);
  bool returnsFlagField(const Body &B) const;
  bool names(const Body &B, const NamedDecl *D) const;
  void shareHeaders();
  void writeNames();
  void error(const std::string &Path, const std::string &Why);
  Body *skippedBody(const FunctionDecl *Function);

  Preprocessor &PP;
  std::function<void(const BodyFilter *)> OnGone;
  KeepNames Keep;
  std::optional<TokenNames> Names;
  std::optional<FlagFields> Fields;
  bool Active = false;
  bool Parsed = false;   // the unit is parsed: late parsing may start
  bool Wrappers = false; // findWrappers done
  bool Logging = false;
  // A body read ahead did not close as it opened: the names of what came
  // after it were read with it, so they decide nothing. Every later body
  // is parsed, and every skipped one at the end.
  bool Unclosed = false;
  std::vector<Body> Bodies;
  std::vector<const FunctionDecl *> LateParsed;
  std::vector<Declaration> Pending;
  llvm::DenseMap<const FunctionDecl *, size_t> SkippedIndex;
  llvm::DenseSet<const FunctionDecl *> Asked; // by shouldSkipFunctionBody
  // Shared headers (SharedHeaders.h): the PCH the unit reads them from,
  // and the top-level declarations it parsed itself, which the checks walk.
  std::string SharedPch;
  std::vector<Decl *> OwnDecls;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
