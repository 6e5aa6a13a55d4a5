//===--- FlagspaceModule.cpp - the flagspace clang-tidy module -----------===//
//
// Registers the flagspace-* checks of checker/core/checks.def with
// clang-tidy. The rules engine decides what they report; a check has a class
// of its own only where it has behaviour of its own.
//
//===----------------------------------------------------------------------===//

#include "check/DeprecatedFlagCheck.h"
#include "check/FlagCheckBase.h"

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

/// A check whose decisions are all the engine's: FlagCheckBase matches the
/// sites and reports the findings of check Id.
template <fs_check Id> class EngineCheck : public FlagCheckBase {
public:
  EngineCheck(StringRef Name, ClangTidyContext *Context)
      : FlagCheckBase(Name, Context, Id) {}
};

/// The class of each check: EngineCheck, unless it has behaviour of its own.
template <fs_check Id> struct CheckClass {
  using Type = EngineCheck<Id>;
};
/// Deprecated spellings are found by the preprocessor, anywhere.
template <> struct CheckClass<FS_CHECK_DEPRECATED_FLAG> {
  using Type = DeprecatedFlagCheck;
};

class FlagspaceModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
#define FS_CHECK(id, name, ...)                                                \
  CheckFactories.registerCheck<CheckClass<FS_CHECK_##id>::Type>(name);
#include "checks.def"
#undef FS_CHECK
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
