//===--- RunnerMain.cpp - flagspace-runner-N: clang-tidy, analysing less --===//
//
// clang-tidy's own main with the flagspace checks built in, which parses
// only the function bodies that can hold or feed a finding (BodyFilter.h).
// It takes clang-tidy's options and writes what clang-tidy writes;
// `flagspace audit` runs it in place of clang-tidy with the plugin.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"
#include "SharedHeaders.h"

#include "clang/Basic/Version.h"
#include "tool/ClangTidyMain.h"

#include <cstdio>
#include <cstring>
#include <vector>

// Defined in FlagspaceModule.cpp, next to the module's registration.
extern volatile int FlagspaceModuleAnchorSource;

namespace {
// Whether the command line already chooses the resource directory.
bool namesResourceDir(int argc, const char **argv) {
  for (int I = 1; I < argc; ++I)
    if (std::strstr(argv[I], "resource-dir"))
      return true;
  return false;
}
} // namespace

int main(int argc, const char **argv) {
  // The checks' objects are linked whole: this only names the dependency.
  (void)FlagspaceModuleAnchorSource;
  clang::tidy::flagspace::ActiveSkippedBodies =
      &clang::tidy::flagspace::theRunner();
  for (int I = 1; I < argc; ++I)
    if (!std::strcmp(argv[I], "--version") ||
        !std::strcmp(argv[I], "-version")) {
      // clang-tidy prints its own version lines after this one.
      std::printf("%s: clang-tidy %s with flagspace %s (checks flagspace-*; "
                  "skips the function bodies that cannot hold a finding)\n",
                  FLAGSPACE_RUNNER_NAME, CLANG_VERSION_STRING,
                  FLAGSPACE_VERSION);
      std::fflush(stdout);
      break;
    }
  // clang-tidy looks for Clang's built-in headers (stddef.h, ...) at
  // <its directory>/../lib/clang/N, which is right for Debian's clang-tidy
  // only: the runner names Debian's directory, unless told another.
  std::vector<const char *> Args(argv, argv + argc);
  std::string Error;
  if (!clang::tidy::flagspace::takeSharedHeaderOptions(Args, Error)) {
    std::fprintf(stderr, "%s: error: %s\n", FLAGSPACE_RUNNER_NAME,
                 Error.c_str());
    return 1;
  }
  static const char ResourceDir[] =
      "--extra-arg-before=-resource-dir=" FLAGSPACE_CLANG_RESOURCE_DIR;
  if (!namesResourceDir(argc, argv))
    Args.insert(Args.begin() + 1, ResourceDir);
  Args.push_back(nullptr);
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size() - 1),
                                    Args.data());
}
