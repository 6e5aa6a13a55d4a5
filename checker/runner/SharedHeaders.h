//===--- SharedHeaders.h - units that read their headers from a PCH -------===//
//
// `flagspace audit` puts the headers many units include into a precompiled
// header (PCH) and analyses them once (checker/docs/runner.md, "Shared
// headers"). Two runs of the runner take part:
//  - the headers' own run (--flagspace-write-names=FILE) writes the names
//    its headers make carry (KeepNames.h): a body of a unit naming one of
//    them must be parsed, and the unit no longer reads their declarations;
//  - each unit's run (--flagspace-shared-headers, the PCH given by
//    -include-pch) reads those names from <the PCH>.names, and the checks
//    walk only the declarations the unit parsed itself: what the PCH holds
//    was analysed by the headers' run, and walking it would load all of it.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_SHAREDHEADERS_H
#define FLAGSPACE_RUNNER_SHAREDHEADERS_H

#include "KeepNames.h"

#include "clang/Lex/Preprocessor.h"
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

/// The runner's own options, taken out of the command line before
/// clang-tidy reads it.
struct SharedHeaderOptions {
  bool Shared = false;    // --flagspace-shared-headers
  std::string WriteNames; // --flagspace-write-names=FILE
};
SharedHeaderOptions &sharedHeaderOptions();
/// Removes the runner's options from Args (argv without its null), into
/// sharedHeaderOptions(). Returns false, with Error set, on a bad one.
bool takeSharedHeaderOptions(std::vector<const char *> &Args,
                             std::string &Error);

/// The PCH a unit reads its shared headers from, or "" when it reads them
/// itself (no --flagspace-shared-headers, or no -include-pch).
std::string sharedPCH(const Preprocessor &PP);
/// The names file of a PCH.
std::string namesFileOf(const std::string &Pch);
/// Adds the names of namesFileOf(Pch) to Keep. Returns false, with Error
/// (what went wrong, not the path) set, when the file cannot be read or is
/// not a names file.
bool readSharedNames(const std::string &Pch, KeepNames &Keep,
                     std::string &Error);
/// Writes the names joined in Keep, sorted, one a line, to Path (replaced
/// whole). Returns false, with Error (not the path) set, when it cannot.
bool writeSharedNames(const std::string &Path, const KeepNames &Keep,
                      std::string &Error);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
