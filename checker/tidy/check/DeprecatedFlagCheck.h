//===--- DeprecatedFlagCheck.h - flagspace-deprecated-flag
//-----------------===//
//
// Reports legacy spellings of flags (O_NDELAY, S_IREAD, STATX_ALL) wherever
// the user wrote them, and replaces them with the preferred spelling.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_DEPRECATEDFLAGCHECK_H
#define FLAGSPACE_TIDY_DEPRECATEDFLAGCHECK_H

#include "check/FlagCheckBase.h"

#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class MacroInfo;
namespace tidy {
namespace flagspace {

/// Reports legacy spellings of flags wherever they are expanded outside
/// system headers: in code and in the user's own macros (once, where the
/// macro defines them). The engine words the message and gives the
/// replacement, and leaves alone a name the code only mentions (in an #if
/// condition, stringized, beside its name as a string: fs_spelling). A
/// name only tested with #ifdef or defined() is not an expansion and is
/// not reported.
class DeprecatedFlagCheck : public FlagCheckBase {
public:
  DeprecatedFlagCheck(StringRef Name, ClangTidyContext *Context);

  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

  /// Reports the macro named by NameTok if it is a deprecated spelling.
  /// SpellingLoc is where the user wrote the name (a file location);
  /// Written, what the preprocessor knows of where (FS_SPELLED_*).
  void checkSpelling(const Token &NameTok, SourceLocation SpellingLoc,
                     const SourceManager &SM, const MacroInfo *Macro,
                     unsigned Written);

  /// Whether NameTok names a macro the base rules are known not to
  /// deprecate (asked before: checkSpelling need not be called).
  bool isKnownNotDeprecated(const Token &NameTok) const {
    const IdentifierInfo *Identifier = NameTok.getIdentifierInfo();
    return !Identifier || NotDeprecated.count(Identifier);
  }

private:
  /// Names the base rules do not deprecate: most of the macros a unit
  /// expands, each asked of the engine once.
  llvm::DenseSet<const IdentifierInfo *> NotDeprecated;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
