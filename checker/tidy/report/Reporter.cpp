//===--- Reporter.cpp - the engine's findings as diagnostics -------------===//

#include "report/Reporter.h"
#include "check/CheckGroup.h"
#include "check/FlagCheckBase.h"

#include "clang/Lex/Lexer.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Two arguments can be swapped by a fix-it when both are written in the
// file, each in one piece, and every flag in them is spelled there. Adds
// the two replacements to Diag.
void addSwapFix(DiagnosticBuilder &Diag,
                const std::vector<ExtractedValue> &Values, size_t A, size_t B,
                const SourceManager &SM, const LangOptions &LangOpts) {
  if (A >= Values.size() || B >= Values.size())
    return;
  CharSourceRange Ranges[2];
  std::string Texts[2];
  for (int K = 0; K < 2; ++K) {
    const ExtractedValue &Value = Values[K ? B : A];
    if (Value.HasUnknown)
      return;
    for (const TermSite &Site : Value.Sites)
      if (Site.PassedLoc.isValid())
        return;
    Ranges[K] = getFileRange(Value, SM, LangOpts);
    if (!Ranges[K].isValid())
      return;
    Texts[K] = Lexer::getSourceText(Ranges[K], SM, LangOpts).str();
    if (Texts[K].empty())
      return;
  }
  if (Ranges[0].getEnd() == Ranges[1].getEnd())
    return;
  Diag << FixItHint::CreateReplacement(Ranges[0], Texts[1])
       << FixItHint::CreateReplacement(Ranges[1], Texts[0]);
}

// Where a finding goes: its value's term, or the value, or the site.
struct FindingPlace {
  SourceLocation Loc;
  const TermSite *Term = nullptr;
  const char *TermName = nullptr;
  // A finding about the value where it is used (a call without its mode)
  // points there, and notes where a followed flag is written.
  bool AtUse = false;
};

FindingPlace getPlace(const fs_finding &Finding,
                      const std::vector<ExtractedValue> &Values,
                      SourceLocation SiteLoc) {
  FindingPlace Place;
  Place.Loc = SiteLoc;
  if (Finding.slot != FS_WHOLE_SITE && Finding.slot < Values.size()) {
    const ExtractedValue &Value = Values[Finding.slot];
    if (Value.Loc.isValid())
      Place.Loc = Value.Loc;
    if (Finding.term != FS_WHOLE_VALUE && Finding.term < Value.Sites.size()) {
      Place.Term = &Value.Sites[Finding.term];
      Place.TermName = Value.Terms[Finding.term].name;
    }
  }
  const TermSite *Term = Place.Term;
  Place.AtUse = Finding.at_use && Term && Term->PassedLoc.isValid() &&
                Term->Loc.isValid() && Place.TermName;
  if (Place.AtUse)
    Place.Loc = Term->PassedLoc;
  else if (Term && Term->Loc.isValid())
    Place.Loc = Term->Loc;
  return Place;
}

} // namespace

SourceLocation getUserLocation(SourceLocation Loc, const SourceManager &SM) {
  while (Loc.isMacroID() && SM.isInSystemHeader(SM.getSpellingLoc(Loc)))
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  return Loc;
}

void reportFindings(const CheckGroup &Group, const fs_findings &Findings,
                    const std::vector<ExtractedValue> &Values,
                    SourceLocation SiteLoc, const SourceManager &SM,
                    const LangOptions &LangOpts) {
  for (size_t I = 0; I < Findings.count; ++I) {
    const fs_finding &Finding = Findings.items[I];
    FlagCheckBase *Reporter = Group.astMember(Finding.check);
    if (!Reporter || !Reporter->consequences().reports(Finding))
      continue;
    FindingPlace Place = getPlace(Finding, Values, SiteLoc);
    const TermSite *Term = Place.Term;
    // The builder emits when it goes out of scope, before the note.
    {
      auto Diag = Reporter->consequences().diag(
          *Reporter, getUserLocation(Place.Loc, SM), Finding);
      if (Finding.fix && Finding.fix_whole &&
          Finding.slot < Values.size()) {
        CharSourceRange Whole =
            getFileRange(Values[Finding.slot], SM, LangOpts);
        if (Whole.isValid())
          Diag << FixItHint::CreateReplacement(Whole, Finding.fix);
      } else if (Finding.fix && Term && Term->FixRange.isValid())
        Diag << FixItHint::CreateReplacement(Term->FixRange, Finding.fix);
      if (Finding.swap_slot != FS_WHOLE_SITE)
        addSwapFix(Diag, Values, Finding.slot, Finding.swap_slot, SM,
                   LangOpts);
    }
    if (Place.AtUse)
      Reporter->diag(getUserLocation(Term->Loc, SM), "%0 is set here",
                     DiagnosticIDs::Note)
          << Place.TermName;
    else if (Term && Term->PassedLoc.isValid())
      Reporter->diag(getUserLocation(Term->PassedLoc, SM), "flag passed here",
                     DiagnosticIDs::Note);
  }
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
