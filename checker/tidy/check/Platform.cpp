//===--- Platform.cpp - what a unit's program runs on --------------------===//

#include "check/Platform.h"

#include "clang/Lex/Preprocessor.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const char MinimumKernelOption[] = "flagspace.MinimumKernel";

// The number a macro of the unit is defined as (__GLIBC_MINOR__), or 0.
uint32_t macroNumber(Preprocessor &PP, const char *Name) {
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Name));
  if (!MI || MI->getNumTokens() != 1 ||
      !MI->getReplacementToken(0).is(tok::numeric_constant))
    return 0;
  unsigned long long Value = 0;
  if (StringRef(PP.getSpelling(MI->getReplacementToken(0)))
          .getAsInteger(10, Value) ||
      Value >= 1000)
    return 0;
  return static_cast<uint32_t>(Value);
}

} // namespace

PlatformOptions::PlatformOptions(ClangTidyCheck &Check,
                                 ClangTidyCheck::OptionsView &Options)
    : KernelText(Options.getLocalOrGlobal(MinimumKernelOption, "")) {
  if (!KernelText.empty() &&
      fs_version_parse(KernelText.data(), KernelText.size(), &Kernel) != 0) {
    Check.configurationDiag("invalid value '%0' for %1: expected a kernel "
                            "version such as 5.10 or 6.1.30")
        << KernelText << MinimumKernelOption;
    Kernel = 0;
  }
}

void PlatformOptions::store(ClangTidyCheck::OptionsView &Options,
                            ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, MinimumKernelOption, KernelText);
}

fs_platform PlatformOptions::unitPlatform(Preprocessor *PP) const {
  uint32_t Major = PP ? macroNumber(*PP, "__GLIBC__") : 0;
  fs_platform P = {0, Kernel};
  if (Major)
    P.glibc = FS_VERSION_OF(Major, macroNumber(*PP, "__GLIBC_MINOR__"), 0);
  return P;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
