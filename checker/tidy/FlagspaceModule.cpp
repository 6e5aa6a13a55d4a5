//===--- FlagspaceModule.cpp - the flagspace clang-tidy module -----------===//
//
// Registers the flagspace-* checks with clang-tidy; each check lives in its
// own file and the rules engine decides what they report.
//
//===----------------------------------------------------------------------===//

#include "DeprecatedFlagCheck.h"
#include "MissingModeCheck.h"
#include "SwappedArgumentsCheck.h"
#include "UnsupportedFlagCheck.h"
#include "WrongFieldCheck.h"
#include "WrongNamespaceCheck.h"

#include "ClangTidyModule.h"
#include "clang/Basic/Version.h"
// LLVM 22 moved the registry into ClangTidyModule.h and deprecated this
// header with a #warning.
#if CLANG_VERSION_MAJOR < 22
#include "ClangTidyModuleRegistry.h"
#endif

// The guard (VersionGuard.cpp) compares the host's LLVM with this number.
static_assert(FLAGSPACE_LLVM_MAJOR == CLANG_VERSION_MAJOR,
              "FLAGSPACE_LLVM_MAJOR differs from the Clang headers' major");

namespace clang {
namespace tidy {
namespace flagspace {

class FlagspaceModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    CheckFactories.registerCheck<WrongNamespaceCheck>(
        fs_check_name(FS_CHECK_WRONG_NAMESPACE));
    CheckFactories.registerCheck<WrongFieldCheck>(
        fs_check_name(FS_CHECK_WRONG_FIELD));
    CheckFactories.registerCheck<UnsupportedFlagCheck>(
        fs_check_name(FS_CHECK_UNSUPPORTED_FLAG));
    CheckFactories.registerCheck<MissingModeCheck>(
        fs_check_name(FS_CHECK_MISSING_MODE));
    CheckFactories.registerCheck<DeprecatedFlagCheck>(
        fs_check_name(FS_CHECK_DEPRECATED_FLAG));
    CheckFactories.registerCheck<SwappedArgumentsCheck>(
        fs_check_name(FS_CHECK_SWAPPED_ARGUMENTS));
  }
};

} // namespace flagspace

static ClangTidyModuleRegistry::Add<flagspace::FlagspaceModule>
    X("flagspace-module",
      "Checks for Linux flag macros passed to the wrong argument or field.");

} // namespace tidy
} // namespace clang

// Referenced by a tool that links the module statically (as clang-tidy's
// ClangTidyForceLinker.h does for its own modules) to keep the registration.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int FlagspaceModuleAnchorSource = 0;
