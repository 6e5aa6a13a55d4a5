//===--- DeprecatedFlagCheck.cpp - flagspace-deprecated-flag
//---------------===//
//
// The flagspace-deprecated-flag check: asks the engine about every macro
// expansion the preprocessor performs for user code.
//
//===----------------------------------------------------------------------===//

#include "DeprecatedFlagCheck.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

class SpellingCallbacks : public PPCallbacks {
public:
  SpellingCallbacks(DeprecatedFlagCheck &Check, const SourceManager &SM)
      : Check(Check), SM(SM) {}

  void MacroExpands(const Token &MacroNameTok, const MacroDefinition &,
                    SourceRange, const MacroArgs *) override {
    SourceLocation Spelling = SM.getSpellingLoc(MacroNameTok.getLocation());
    if (Spelling.isInvalid() || SM.isInSystemHeader(Spelling))
      return;
    // A name in the user's macro is expanded each time the macro is: report
    // it once, where it is written.
    if (!Seen.insert(Spelling.getRawEncoding()).second)
      return;
    Check.checkSpelling(MacroNameTok, Spelling, SM);
  }

private:
  DeprecatedFlagCheck &Check;
  const SourceManager &SM;
  llvm::DenseSet<unsigned> Seen;
};

} // namespace

DeprecatedFlagCheck::DeprecatedFlagCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_DEPRECATED_FLAG,
                    /*MatchesAst=*/false) {}

void DeprecatedFlagCheck::registerPPCallbacks(const SourceManager &SM,
                                              Preprocessor *PP,
                                              Preprocessor *) {
  if (!rules())
    return;
  PP->addPPCallbacks(std::make_unique<SpellingCallbacks>(*this, SM));
}

void DeprecatedFlagCheck::checkSpelling(const Token &NameTok,
                                        SourceLocation SpellingLoc,
                                        const SourceManager &SM) {
  const IdentifierInfo *Identifier = NameTok.getIdentifierInfo();
  if (!Identifier)
    return;
  std::string Name = Identifier->getName().str();
  fs_findings Findings = {};
  if (fs_check_spelling(rules(), Name.c_str(), &Findings) != 1) {
    fs_findings_free(&Findings);
    return;
  }
  // A name made by ## lives in scratch space: report it where it was
  // expanded, without a fix.
  bool IsWritten =
      SpellingLoc.isFileID() && !SM.isWrittenInScratchSpace(SpellingLoc);
  SourceLocation Loc =
      IsWritten ? SpellingLoc : SM.getExpansionLoc(NameTok.getLocation());
  for (size_t I = 0; I < Findings.count; ++I) {
    const fs_finding &Finding = Findings.items[I];
    if (Finding.check != CheckId || !Finding.message)
      continue;
    auto Diag = diag(Loc, "%0") << Finding.message;
    if (Finding.fix && IsWritten)
      Diag << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(SpellingLoc), Finding.fix);
  }
  fs_findings_free(&Findings);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
