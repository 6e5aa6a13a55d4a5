//===--- Compat.h - what differs between the LLVM majors of the runner ----===//
//
// flagspace-runner-N is built with LLVM 14, 19 and 22 (Debian's
// libclang-N-dev). What it reaches by mangled name is the same in all
// three (nm on libclang-cpp.so.14, .19.1 and .22.1): the two wrapped calls
// (Interpose.cpp, CMakeLists.txt) and Parser::LateTemplateParserCallback
// (BodyFilter.cpp); so are the ASTConsumer and FrontendAction hooks it
// uses and clangTidyMain(argc, argv). The APIs that differ are here, and
// only here.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_COMPAT_H
#define FLAGSPACE_RUNNER_COMPAT_H

#include "ClangTidy.h"
#include "ClangTidyDiagnosticConsumer.h"
#include "clang/Basic/Version.h"
#include "clang/Sema/Sema.h"
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// The checks the unit's options enable (22 asks about experimental
/// custom checks too).
inline std::vector<std::string>
enabledCheckNames(const ClangTidyOptions &Options, ClangTidyContext &Context) {
#if CLANG_VERSION_MAJOR >= 22
  return getCheckNames(Options, Context.canEnableAnalyzerAlphaCheckers(),
                       Context.canExperimentalCustomChecks());
#else
  return getCheckNames(Options, Context.canEnableAnalyzerAlphaCheckers());
#endif
}

/// A skipped body's floating-point pragmas, restored when it is parsed
/// late (15 and later keep them in LateParsedTemplate; 14 has no field).
inline void keepFPFeatures(LateParsedTemplate &Tokens, Sema &Actions) {
#if CLANG_VERSION_MAJOR >= 15
  Tokens.FPO = Actions.getCurFPFeatures();
#else
  (void)Tokens;
  (void)Actions;
#endif
}

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
