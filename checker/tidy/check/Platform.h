//===--- Platform.h - what a unit's program runs on ----------------------===//
//
// The option flagspace.MinimumKernel and the unit's glibc (__GLIBC__,
// __GLIBC_MINOR__), as the engine's fs_platform: lower bounds of the
// systems the program runs on (flagspace.h).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_PLATFORM_H
#define FLAGSPACE_TIDY_PLATFORM_H

#include "flagspace.h"

#include "ClangTidyCheck.h"
#include <string>

namespace clang {
class Preprocessor;
namespace tidy {
namespace flagspace {

class PlatformOptions {
public:
  /// Reads flagspace.MinimumKernel (getLocalOrGlobal). A value that is no
  /// version is reported through Check.configurationDiag and read as not
  /// set.
  PlatformOptions(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options);
  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;
  /// The unit's glibc as its macros stand now (0 without them), and the
  /// option's kernel.
  fs_platform unitPlatform(Preprocessor *PP) const;

private:
  std::string KernelText;
  uint32_t Kernel = 0; // FS_VERSION_OF; 0: not set
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
