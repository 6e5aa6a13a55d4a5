//===--- Consequences.h - which findings a check reports, and how --------===//
//
// The options flagspace.Consequences (the classes a check reports) and
// flagspace.ConsequencesAsErrors (those it reports as errors), and the
// class's place in the message: at its end, "... [fails]", where clang-tidy
// prints the check's name after it and the command line reads it back
// (fs_consequence_unmark; checker/docs/cli.md).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_CONSEQUENCES_H
#define FLAGSPACE_TIDY_CONSEQUENCES_H

#include "flagspace.h"

#include "ClangTidyCheck.h"
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

class ConsequenceOptions {
public:
  /// Reads the options of Check (getLocalOrGlobal). A value that names no
  /// class is reported through Check.configurationDiag and its default is
  /// kept. With $FLAGSPACE_ALL_CONSEQUENCES set (the audit sets it for its
  /// clang-tidy runs), every class is reported, as a warning.
  ConsequenceOptions(ClangTidyCheck &Check,
                     ClangTidyCheck::OptionsView &Options);

  bool reports(fs_consequence C) const { return (Reported >> C) & 1u; }
  /// Whether Finding is reported: it has a message, of a class reported.
  bool reports(const fs_finding &Finding) const {
    return Finding.message && reports(Finding.consequence);
  }
  DiagnosticIDs::Level level(fs_consequence C) const {
    return (AsErrors >> C) & 1u ? DiagnosticIDs::Error : DiagnosticIDs::Warning;
  }
  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Message as a diagnostic format (only '%' is special there), with the
  /// class after it: "<message> [fails]".
  static std::string format(const char *Message, fs_consequence C);

  /// Check's diagnostic of Finding at Loc: its message with its class, at
  /// the class's level.
  DiagnosticBuilder diag(ClangTidyCheck &Check, SourceLocation Loc,
                         const fs_finding &Finding) const;

private:
  std::string ReportedText, AsErrorsText;
  unsigned Reported = FS_CONSEQUENCES_ALL;
  unsigned AsErrors = 0;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
