//===--- MacroExpansions.cpp - macros that spell a token range -----------===//
//
// Walks a token range outwards through the SourceManager's expansion entries
// to list the macros whose expansion is exactly that range.
//
// Each macro expansion has its own FileID. A macro body's entry maps back to
// where the macro was invoked; a macro argument's entry ("arg expansion")
// maps two ways: to the parameter's place in the body (outwards) and to the
// argument as written and pre-expanded at the call (its spelling side).
//
//===----------------------------------------------------------------------===//

#include "sites/MacroExpansions.h"

#include "clang/Lex/Lexer.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Macro nesting deeper than this is treated as covering nothing.
constexpr unsigned MaxDepth = 64;

class CoverFinder {
public:
  CoverFinder(const SourceManager &SM, const LangOptions &LangOpts,
              MacroSpellingCache *Cache)
      : SM(SM), LangOpts(LangOpts), Cache(Cache) {}

  std::vector<CoveringMacro> find(SourceLocation Begin, SourceLocation End,
                                  unsigned Depth);

private:
  // Whether Loc is the first token of its immediate expansion; Up is then
  // where that expansion starts in the enclosing context.
  bool isAtStart(SourceLocation Loc, SourceLocation &Up) const {
    return SM.isAtStartOfImmediateMacroExpansion(Loc, &Up);
  }

  // Whether the token starting at Loc is the last one of its immediate
  // expansion. The SourceManager wants the location just past the token,
  // as Lexer::isAtEndOfMacroExpansion passes it.
  bool isAtEnd(SourceLocation Loc, SourceLocation &Up) const {
    SourceLocation Spelling = SM.getSpellingLoc(Loc);
    unsigned Length = Cache ? Cache->tokenLength(Spelling, SM, LangOpts)
                            : Lexer::MeasureTokenLength(Spelling, SM, LangOpts);
    if (Length == 0)
      return false;
    return SM.isAtEndOfImmediateMacroExpansion(Loc.getLocWithOffset(Length),
                                               &Up);
  }

  const SrcMgr::ExpansionInfo &expansion(SourceLocation Loc) const {
    return SM.getSLocEntry(SM.getFileID(Loc)).getExpansion();
  }

  // Both locations come from the same use of one macro parameter.
  bool isSameArgument(SourceLocation Begin, SourceLocation End) const {
    const SrcMgr::ExpansionInfo &B = expansion(Begin);
    const SrcMgr::ExpansionInfo &E = expansion(End);
    return B.isMacroArgExpansion() && E.isMacroArgExpansion() &&
           B.getExpansionLocStart() == E.getExpansionLocStart();
  }

  // The entry created later is the more deeply nested one.
  bool isBeginDeeper(SourceLocation Begin, SourceLocation End) const {
    if (End.isFileID())
      return true;
    if (Begin.isFileID())
      return false;
    return SM.getSLocEntry(SM.getFileID(Begin)).getOffset() >
           SM.getSLocEntry(SM.getFileID(End)).getOffset();
  }

  std::vector<CoveringMacro> findInArgument(SourceLocation Begin,
                                            SourceLocation End, unsigned Depth);

  llvm::StringRef macroName(SourceLocation BodyLoc) const {
    return Cache ? Cache->macroName(BodyLoc, SM, LangOpts)
                 : Lexer::getImmediateMacroName(BodyLoc, SM, LangOpts);
  }

  const SourceManager &SM;
  const LangOptions &LangOpts;
  MacroSpellingCache *Cache;
};

std::vector<CoveringMacro>
CoverFinder::find(SourceLocation Begin, SourceLocation End, unsigned Depth) {
  while (Depth <= MaxDepth && Begin.isValid() && End.isValid()) {
    if (Begin.isFileID() && End.isFileID())
      return {};
    if (Begin.isMacroID() && End.isMacroID()) {
      if (isSameArgument(Begin, End))
        return findInArgument(Begin, End, Depth);
      if (SM.getFileID(Begin) == SM.getFileID(End)) {
        // Both ends are in one macro body: the range is that macro's whole
        // result, or part of it and then no macro matches it exactly.
        SourceLocation UpBegin, UpEnd;
        if (!isAtStart(Begin, UpBegin) || !isAtEnd(End, UpEnd))
          return {};
        std::vector<CoveringMacro> Result = find(UpBegin, UpEnd, Depth + 1);
        Result.push_back({macroName(Begin).str(), UpBegin, UpEnd});
        return Result;
      }
    }
    // The ends are in different expansions: step the deeper one out to the
    // enclosing context, which is possible only from the first token (for
    // Begin) or the last token (for End) of its expansion.
    SourceLocation Up;
    if (isBeginDeeper(Begin, End)) {
      if (!isAtStart(Begin, Up))
        return {};
      Begin = Up;
    } else {
      if (!isAtEnd(End, Up))
        return {};
      End = Up;
    }
    ++Depth;
  }
  return {};
}

// Begin and End are in one macro argument. Macros that the whole argument
// makes up (F(x) defined as x) enclose those the user wrote inside the
// argument, so they come first.
std::vector<CoveringMacro> CoverFinder::findInArgument(SourceLocation Begin,
                                                       SourceLocation End,
                                                       unsigned Depth) {
  std::vector<CoveringMacro> Result;
  SourceLocation UpBegin, UpEnd;
  if (isAtStart(Begin, UpBegin) && isAtEnd(End, UpEnd))
    Result = find(UpBegin, UpEnd, Depth + 1);
  std::vector<CoveringMacro> Inner =
      find(SM.getImmediateSpellingLoc(Begin), SM.getImmediateSpellingLoc(End),
           Depth + 1);
  Result.insert(Result.end(), Inner.begin(), Inner.end());
  return Result;
}

// Whether Text is a name as the lexer reads it anyway: no line splice
// (backslash-newline, or the trigraph ??/) inside, which a use elsewhere may
// spell differently.
bool isPlainName(llvm::StringRef Text) {
  return !Text.empty() && Text.find_first_of("\\?") == llvm::StringRef::npos;
}

} // namespace

unsigned MacroSpellingCache::tokenLength(SourceLocation SpellingLoc,
                                         const SourceManager &SM,
                                         const LangOptions &LangOpts) {
  auto Found = Lengths.find(SpellingLoc.getRawEncoding());
  if (Found != Lengths.end())
    return Found->second;
  unsigned Length = Lexer::MeasureTokenLength(SpellingLoc, SM, LangOpts);
  Lengths[SpellingLoc.getRawEncoding()] = Length;
  return Length;
}

// Every expansion of one definition starts its body at the same spelling
// location: that names the macro. A name spelled with a line splice is not
// kept, so the name never depends on which use came first.
llvm::StringRef MacroSpellingCache::macroName(SourceLocation BodyLoc,
                                              const SourceManager &SM,
                                              const LangOptions &LangOpts) {
  const SrcMgr::SLocEntry &Entry = SM.getSLocEntry(SM.getFileID(BodyLoc));
  if (!Entry.isExpansion() || Entry.getExpansion().isMacroArgExpansion())
    return Lexer::getImmediateMacroName(BodyLoc, SM, LangOpts);
  unsigned Key = Entry.getExpansion().getSpellingLoc().getRawEncoding();
  auto Found = Names.find(Key);
  if (Found != Names.end())
    return Found->second;
  llvm::StringRef Name = Lexer::getImmediateMacroName(BodyLoc, SM, LangOpts);
  if (isPlainName(Name))
    Names[Key] = Name;
  return Name;
}

std::vector<CoveringMacro> getCoveringMacros(SourceLocation Begin,
                                             SourceLocation End,
                                             const SourceManager &SM,
                                             const LangOptions &LangOpts,
                                             MacroSpellingCache *Cache) {
  return CoverFinder(SM, LangOpts, Cache).find(Begin, End, 0);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
