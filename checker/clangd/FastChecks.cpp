//===--- FastChecks.cpp - declare the flagspace checks fast to clangd ----===//
//
// clangd 18 and later run a clang-tidy check only if its table of measured
// checks (TidyFastChecks.inc, compiled into libclangDaemon.a) calls it fast,
// unless .clangd says `Diagnostics: {ClangTidy: {FastCheckFilter: Loose}}`.
// That table cannot be extended from outside, so the binary is linked with
// --wrap for clang::clangd::isFastTidyCheck (CMakeLists.txt): clangd's calls
// come here, the flagspace checks are answered "fast" and every other name
// goes to clangd's own function. test/clangd/bench.py measures the claim.
//
// It relies on the function's signature, the same in LLVM 18 to 22:
//   std::optional<bool> isFastTidyCheck(llvm::StringRef Check);
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"

#include <optional>

// The wrapped function and the original, by their mangled names.
std::optional<bool> flagspaceIsFastTidyCheck(llvm::StringRef Check) asm(
    "__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> clangdIsFastTidyCheck(llvm::StringRef Check) asm(
    "__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");

std::optional<bool> flagspaceIsFastTidyCheck(llvm::StringRef Check) {
  // The checks only look at calls to the functions the rules name, and a
  // miss costs a hash lookup.
  if (Check.starts_with("flagspace-"))
    return true;
  return clangdIsFastTidyCheck(Check);
}
