//===--- Consequences.cpp - which findings a check reports, and how ------===//

#include "report/Consequences.h"

#include <cstdlib>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const char ConsequencesOption[] = "flagspace.Consequences";
const char AsErrorsOption[] = "flagspace.ConsequencesAsErrors";

// Reads one option's list into Set; a bad word is reported and Set kept.
void readSet(ClangTidyCheck &Check, const char *Option,
             const std::string &Text, unsigned &Set) {
  const char *Bad = nullptr;
  size_t BadLen = 0;
  unsigned Read = 0;
  if (fs_consequences_parse(Text.c_str(), &Read, &Bad, &BadLen) == 0) {
    Set = Read;
    return;
  }
  Check.configurationDiag(
      "invalid value '%0' for %1: '%2' is not one of fails, misbehaves, "
      "ignored, same-value, deprecated, all, none")
      << Text << Option << std::string(Bad, BadLen);
}

} // namespace

ConsequenceOptions::ConsequenceOptions(ClangTidyCheck &Check,
                                       ClangTidyCheck::OptionsView &Options)
    : ReportedText(Options.getLocalOrGlobal(ConsequencesOption, "all")),
      AsErrorsText(Options.getLocalOrGlobal(AsErrorsOption, "")) {
  readSet(Check, ConsequencesOption, ReportedText, Reported);
  readSet(Check, AsErrorsOption, AsErrorsText, AsErrors);
  const char *All = std::getenv("FLAGSPACE_ALL_CONSEQUENCES");
  if (All && *All) {
    Reported = FS_CONSEQUENCES_ALL;
    AsErrors = 0;
  }
}

void ConsequenceOptions::store(ClangTidyCheck::OptionsView &Options,
                               ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, ConsequencesOption, ReportedText);
  Options.store(Opts, AsErrorsOption, AsErrorsText);
}

std::string ConsequenceOptions::format(const char *Message,
                                       fs_consequence C) {
  std::string Format;
  for (const char *P = Message; *P; ++P) {
    if (*P == '%')
      Format += '%';
    Format += *P;
  }
  const char *Name = fs_consequence_name(C);
  Format += " [";
  Format += Name ? Name : "fails";
  Format += ']';
  return Format;
}

DiagnosticBuilder ConsequenceOptions::diag(ClangTidyCheck &Check,
                                           SourceLocation Loc,
                                           const fs_finding &Finding) const {
  // Passing the message as the format, not as "%0"'s argument, saves an
  // escape of each character, in clang-tidy and again in clangd.
  return Check.diag(Loc, format(Finding.message, Finding.consequence),
                    level(Finding.consequence));
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
