//===--- ClangdMain.cpp - clangd with the flagspace checks built in ------===//
//
// The entry point of flagspace-clangd-N: clangd's own main, with one more line
// in --version and Debian's Clang resource directory as the default
// --resource-dir. Everything else, options included, is Debian's clangd.
//
//===----------------------------------------------------------------------===//

#include "clang/Basic/Version.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace clang {
namespace clangd {
// clang-tools-extra/clangd/tool/ClangdMain.h, which Debian does not install.
int clangdMain(int argc, char *argv[]);
} // namespace clangd
} // namespace clang

// Defined in FlagspaceModule.cpp, next to the module's registration.
extern volatile int FlagspaceModuleAnchorSource;

namespace clang {
namespace tidy {
namespace flagspace {
// FlagCheckBase.h: rules problems go on the file's first line.
extern bool ReportRulesProblemsInFile;
} // namespace flagspace
} // namespace tidy
} // namespace clang

namespace {

bool isVersionFlag(const char *Arg) {
  return std::strcmp(Arg, "--version") == 0 || std::strcmp(Arg, "-version") == 0;
}

// True when the user chose a resource directory, on the command line or in
// CLANGD_FLAGS (which clangd reads too): clangd rejects the option twice.
bool hasResourceDir(int argc, char *argv[]) {
  for (int I = 1; I < argc; ++I)
    if (std::strstr(argv[I], "resource-dir"))
      return true;
  const char *Env = std::getenv("CLANGD_FLAGS");
  return Env && std::strstr(Env, "resource-dir");
}

} // namespace

int main(int argc, char *argv[]) {
  // The checks' objects are linked whole, so this only documents the
  // dependency, as clang-tidy's ClangTidyForceLinker.h does.
  (void)FlagspaceModuleAnchorSource;
  // clangd drops a diagnostic that has no place in the file: an unreadable
  // rules file would go unnoticed in the editor.
  clang::tidy::flagspace::ReportRulesProblemsInFile = true;
  for (int I = 1; I < argc; ++I) {
    if (isVersionFlag(argv[I])) {
      // clangd prints its own version lines after this one.
      std::printf("%s: clangd %s with flagspace %s (checks flagspace-*)\n",
                  FLAGSPACE_CLANGD_NAME, CLANG_VERSION_STRING,
                  FLAGSPACE_VERSION);
      std::fflush(stdout);
      break;
    }
  }
  std::vector<char *> Args(argv, argv + argc);
  static char ResourceDir[] = "--resource-dir=" FLAGSPACE_CLANG_RESOURCE_DIR;
  if (!hasResourceDir(argc, argv))
    Args.insert(Args.begin() + 1, ResourceDir);
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
