//===--- DeprecatedFlagCheck.cpp - flagspace-deprecated-flag
//---------------===//
//
// The flagspace-deprecated-flag check: asks the engine about every macro
// expansion the preprocessor performs for user code.
//
//===----------------------------------------------------------------------===//

#include "check/DeprecatedFlagCheck.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

class SpellingCallbacks : public PPCallbacks {
public:
  SpellingCallbacks(DeprecatedFlagCheck &Check, const SourceManager &SM,
                    const Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP) {}

  void MacroExpands(const Token &MacroNameTok, const MacroDefinition &MD,
                    SourceRange, const MacroArgs *Args) override {
    bool InCondition = PP.isParsingIfOrElifDirective();
    // Most expansions neither name a deprecated flag nor stringize an
    // argument: they cost two lookups, not a walk of the source locations.
    const MacroInfo *Macro = MD.getMacroInfo();
    bool Stringizes = !InCondition && Args && stringizesParameter(Macro);
    bool MayReport = !Check.isKnownNotDeprecated(MacroNameTok);
    if (!Stringizes && !MayReport)
      return;
    SourceLocation Spelling = SM.getSpellingLoc(MacroNameTok.getLocation());
    if (Spelling.isInvalid() || SM.isInSystemHeader(Spelling))
      return;
    if (Stringizes)
      noteStringizedNames(Macro, Args);
    // A name in the user's macro is expanded each time the macro is: it is
    // checked once, where it is written, at its first expansion in code
    // (one in #if, which the engine leaves alone, does not count).
    if (!MayReport ||
        (!InCondition && !Seen.insert(Spelling.getRawEncoding()).second))
      return;
    unsigned Written = InCondition ? FS_SPELLED_IN_CONDITION : 0;
    if (Stringized.count(Spelling.getRawEncoding()))
      Written |= FS_SPELLED_STRINGIZED;
    Pending.push_back({MacroNameTok, Spelling, Macro, Written});
  }

  // Whether a row stringizes a name is known at the unit's end: strace's
  // `.flags_mask = XLAT_VAL_4` comes before `sizeof(XLAT_STR_4)`.
  void EndOfMainFile() override {
    for (const PendingSpelling &P : Pending) {
      unsigned Written = P.Written;
      if (isStringizedBeside(P.NameTok.getIdentifierInfo(), P.Spelling))
        Written |= FS_SPELLED_STRINGIZED_BESIDE;
      Check.checkSpelling(P.NameTok, P.Spelling, SM, P.Macro, Written);
    }
    Pending.clear();
  }

private:
  // Whether Macro's body stringizes one of its parameters (#x), once per
  // definition.
  bool stringizesParameter(const MacroInfo *Macro) {
    if (!Macro || !Macro->isFunctionLike())
      return false;
    auto Found = StringizesCache.find(Macro);
    if (Found != StringizesCache.end())
      return Found->second;
    bool Result = false;
    ArrayRef<Token> Body = Macro->tokens();
    for (size_t I = 0; I + 1 < Body.size() && !Result; ++I)
      Result = Body[I].is(tok::hash) && Body[I + 1].getIdentifierInfo();
    StringizesCache[Macro] = Result;
    return Result;
  }

  // Records the single-identifier arguments that Macro stringizes (#x):
  // a table entry such as FLAG(MS_MANDLOCK) names the flag, e.g. to print
  // it, and the preferred spelling would print another name.
  void noteStringizedNames(const MacroInfo *Macro, const MacroArgs *Args) {
    if (!Macro || !Args || !Macro->isFunctionLike())
      return;
    ArrayRef<Token> Body = Macro->tokens();
    for (size_t I = 0; I + 1 < Body.size(); ++I) {
      if (!Body[I].is(tok::hash) || !Body[I + 1].getIdentifierInfo())
        continue;
      unsigned Index = 0;
      for (const IdentifierInfo *Param : Macro->params()) {
        if (Param == Body[I + 1].getIdentifierInfo())
          noteArgument(Args->getUnexpArgument(Index));
        ++Index;
      }
    }
  }

  void noteArgument(const Token *Arg) {
    if (!Arg || !Arg[0].getIdentifierInfo() || !Arg[1].is(tok::eof))
      return;
    SourceLocation Loc = SM.getSpellingLoc(Arg[0].getLocation());
    Stringized.insert(Loc.getRawEncoding());
    StringizedLines[Arg[0].getIdentifierInfo()].push_back(
        {SM.getFileID(Loc), SM.getSpellingLineNumber(Loc)});
  }

  // Whether Name is stringized on the line of Loc (a file location), or
  // on the line before or after: a row of a table of names spread over
  // lines (strace's `#define XLAT_VAL_4 ((unsigned) (LOCK_MAND))` above
  // `#define XLAT_STR_4 STRINGIFY(LOCK_MAND)`).
  bool isStringizedBeside(const IdentifierInfo *Name, SourceLocation Loc) {
    auto Found = StringizedLines.find(Name);
    if (Found == StringizedLines.end() || !Loc.isFileID())
      return false;
    FileID File = SM.getFileID(Loc);
    unsigned Line = SM.getSpellingLineNumber(Loc);
    for (const auto &Other : Found->second)
      if (Other.first == File && Other.second + 1 >= Line &&
          Other.second <= Line + 1)
        return true;
    return false;
  }

  // A spelling checked when the unit ends.
  struct PendingSpelling {
    Token NameTok;
    SourceLocation Spelling;
    const MacroInfo *Macro;
    unsigned Written;
  };

  DeprecatedFlagCheck &Check;
  const SourceManager &SM;
  const Preprocessor &PP;
  llvm::DenseSet<unsigned> Seen;
  llvm::DenseSet<unsigned> Stringized;
  // Where each name is stringized: file and line.
  llvm::DenseMap<const IdentifierInfo *,
                 std::vector<std::pair<FileID, unsigned>>>
      StringizedLines;
  std::vector<PendingSpelling> Pending;
  llvm::DenseMap<const MacroInfo *, bool> StringizesCache;
};

// The text of the file Loc (a file location) is in, and Loc's offset
// there; an empty text when the file cannot be read.
StringRef textAround(SourceLocation Loc, const SourceManager &SM,
                     size_t &Offset) {
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  Offset = Invalid ? 0 : SM.getFileOffset(Loc);
  return Invalid ? StringRef() : Buffer;
}

// Whether the line of Loc (a file location) also holds the string "Name":
// a table row or a call that names the flag ({MS_X, "MS_X"},
// AddIntConstant(m, "MS_X", MS_X)) rather than using it.
bool isNamedOnItsLine(SourceLocation Loc, StringRef Name,
                      const SourceManager &SM) {
  size_t Offset;
  StringRef Buffer = textAround(Loc, SM, Offset);
  if (Buffer.empty())
    return false;
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  StringRef Line = Buffer.slice(Begin, End);
  return Line.contains(("\"" + Name + "\"").str());
}

// Whether Loc (a file location) is inside the parentheses of
// static_assert or _Static_assert in the same statement: the assertion
// asks what the platform defines (strace's `static_assert((LOCK_MAND) ==
// (32), "LOCK_MAND != 32")`), as #if does.
bool isInStaticAssertion(SourceLocation Loc, const SourceManager &SM) {
  size_t At;
  StringRef Buffer = textAround(Loc, SM, At);
  if (Buffer.empty())
    return false;
  size_t Floor = At > 4096 ? At - 4096 : 0;
  int Depth = 0;
  while (At > Floor) {
    char C = Buffer[--At];
    if (C == ';' || C == '{' || C == '}')
      return false;
    if (C == ')')
      ++Depth;
    else if (C == '(' && Depth > 0)
      --Depth;
    else if (C == '(') {
      StringRef Before = Buffer.slice(Floor, At).rtrim();
      for (StringRef Keyword : {"static_assert", "_Static_assert"})
        if (Before.size() >= Keyword.size() &&
            Before.substr(Before.size() - Keyword.size()) == Keyword)
          return true;
    }
  }
  return false;
}

// Whether the name at Loc (a file location), parentheses around it or not,
// is an operand of == or != (`(flags & MS_MGC_MSK) == MS_MGC_VAL`).
bool isComparedAt(SourceLocation Loc, StringRef Name,
                  const SourceManager &SM) {
  size_t Begin;
  StringRef Buffer = textAround(Loc, SM, Begin);
  if (Buffer.empty())
    return false;
  StringRef Before = Buffer.slice(0, Begin).rtrim(" \t\n(");
  StringRef After = Buffer.substr(Begin + Name.size()).ltrim(" \t\n)");
  auto IsComparison = [](StringRef Op) {
    return Op == "==" || Op == "!=";
  };
  return (Before.size() >= 2 &&
          IsComparison(Before.substr(Before.size() - 2))) ||
         IsComparison(After.substr(0, 2));
}

// Whether the name at Loc (a file location) is written under ~, parentheses
// between or not (`~MS_MANDLOCK`, `~(MS_MANDLOCK)`): the code clears the
// flag rather than asks for it.
bool isClearedAt(SourceLocation Loc, const SourceManager &SM) {
  size_t At;
  StringRef Buffer = textAround(Loc, SM, At);
  if (Buffer.empty())
    return false;
  while (At > 0 && (isWhitespace(Buffer[At - 1]) || Buffer[At - 1] == '('))
    --At;
  return At > 0 && Buffer[At - 1] == '~';
}

} // namespace

DeprecatedFlagCheck::DeprecatedFlagCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : FlagCheckBase(Name, Context, FS_CHECK_DEPRECATED_FLAG,
                    /*MatchesAst=*/false) {}

void DeprecatedFlagCheck::registerPPCallbacks(const SourceManager &SM,
                                              Preprocessor *PP,
                                              Preprocessor *ModuleExpanderPP) {
  FlagCheckBase::registerPPCallbacks(SM, PP, ModuleExpanderPP);
  if (!rules())
    return;
  PP->addPPCallbacks(std::make_unique<SpellingCallbacks>(*this, SM, *PP));
}

// How Macro is defined, for the engine to say whether it can be a flag.
static fs_macro_def describeDefinition(const MacroInfo *Macro,
                                       const SourceManager &SM) {
  fs_macro_def Def = {0, 0, 0};
  if (!Macro)
    return Def;
  SourceLocation Loc = Macro->getDefinitionLoc();
  // The command line's -D is the user's too (mdadm's -DMAP_FILE=\"map\").
  Def.in_user_code = Loc.isValid() && !SM.isInSystemHeader(Loc);
  Def.is_function_like = Macro->isFunctionLike();
  for (const Token &T : Macro->tokens())
    Def.has_string |= tok::isStringLiteral(T.getKind());
  return Def;
}

void DeprecatedFlagCheck::checkSpelling(const Token &NameTok,
                                        SourceLocation SpellingLoc,
                                        const SourceManager &SM,
                                        const MacroInfo *Macro,
                                        unsigned Written) {
  const IdentifierInfo *Identifier = NameTok.getIdentifierInfo();
  if (!Identifier || isKnownNotDeprecated(NameTok))
    return;
  std::string Name = Identifier->getName().str();
  fs_findings Findings = {};
  // The base rules first: most names are not deprecated, and asking the
  // unit's profile costs a macro lookup.
  int Deprecated = fs_check_spelling(rules(), Name.c_str(), &Findings);
  if (Deprecated != 1) {
    fs_findings_free(&Findings);
    if (Deprecated == 0)
      NotDeprecated.insert(Identifier);
    return;
  }
  fs_findings_clear(&Findings);
  // A name made by ## lives in scratch space: report it where it was
  // expanded, without a fix.
  bool IsWritten =
      SpellingLoc.isFileID() && !SM.isWrittenInScratchSpace(SpellingLoc);
  if (IsWritten && isNamedOnItsLine(SpellingLoc, Name, SM))
    Written |= FS_SPELLED_NAMED_ON_LINE;
  if (IsWritten && isInStaticAssertion(SpellingLoc, SM))
    Written |= FS_SPELLED_IN_ASSERTION;
  if (IsWritten && isComparedAt(SpellingLoc, Name, SM))
    Written |= FS_SPELLED_COMPARED;
  // The values that decide what the spelling does are the target's.
  std::string Target = unitTarget();
  fs_macro_def Definition = describeDefinition(Macro, SM);
  fs_spelling Use = {Name.c_str(), Target.c_str(),
                     IsWritten && isClearedAt(SpellingLoc, SM), Written,
                     &Definition};
  if (fs_check_spelling_at(unitRules(), &Use, &Findings) != 1) {
    fs_findings_free(&Findings);
    return;
  }
  SourceLocation Loc =
      IsWritten ? SpellingLoc : SM.getExpansionLoc(NameTok.getLocation());
  for (size_t I = 0; I < Findings.count; ++I) {
    const fs_finding &Finding = Findings.items[I];
    if (Finding.check != CheckId || !Consequences.reports(Finding))
      continue;
    auto Diag = Consequences.diag(*this, Loc, Finding);
    if (Finding.fix && IsWritten)
      Diag << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(SpellingLoc), Finding.fix);
  }
  fs_findings_free(&Findings);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
