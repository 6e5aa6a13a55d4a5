//===--- MacroExpansions.h - macros that spell a token range -------------===//
//
// Finds the macro expansions whose result is exactly a given token range,
// e.g. the literal 0x100 that the user wrote as MY_NOFOLLOW, itself defined
// as AT_SYMLINK_NOFOLLOW.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_MACROEXPANSIONS_H
#define FLAGSPACE_TIDY_MACROEXPANSIONS_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// One macro whose expansion is exactly the range asked about.
struct CoveringMacro {
  std::string Name;
  /// The macro's invocation (its name, up to the ')' of a function-like
  /// macro) in the context that expanded it: a file location when the user
  /// wrote it there, a macro location when it sits in another macro's body.
  SourceLocation InvocationBegin;
  SourceLocation InvocationEnd;
};

/// What the macro walk keeps for one translation unit, so that each use of a
/// macro does not lex its body and its name again: token lengths by spelling
/// location (a macro's body is spelled once, in its definition, however often
/// it expands) and macro names by definition. Locations are keys: it must not
/// outlive the SourceManager.
class MacroSpellingCache {
public:
  /// Lexer::MeasureTokenLength of the token spelled at SpellingLoc.
  unsigned tokenLength(SourceLocation SpellingLoc, const SourceManager &SM,
                       const LangOptions &LangOpts);
  /// Lexer::getImmediateMacroName of BodyLoc, a location in a macro's body
  /// (not in an argument).
  llvm::StringRef macroName(SourceLocation BodyLoc, const SourceManager &SM,
                            const LangOptions &LangOpts);

private:
  llvm::DenseMap<unsigned, unsigned> Lengths;
  llvm::DenseMap<unsigned, llvm::StringRef> Names;
};

/// Returns the macros whose expansion is exactly the tokens Begin..End (the
/// begin locations of the first and last token of an AST node), outermost
/// first. A function-like macro counts when the range is its whole result
/// (F(x) defined as x); macro arguments are followed to where they were
/// written, so TEMP_FAILURE_RETRY(open(p, O_RDONLY)) finds O_RDONLY.
/// Returns an empty list when no macro expansion matches the range exactly.
/// Cache, when given, keeps what was lexed for the next ranges of the unit.
std::vector<CoveringMacro> getCoveringMacros(SourceLocation Begin,
                                             SourceLocation End,
                                             const SourceManager &SM,
                                             const LangOptions &LangOpts,
                                             MacroSpellingCache *Cache = nullptr);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
