//===--- RulesLocation.h - where relative rules file names are taken from -===//
//
// clang-tidy runs each file in its compile command's directory and does not
// tell a check which configuration file set an option, so a relative name in
// a .clang-tidy committed at a project's root would be looked up in the build
// directory. This finds the .clang-tidy that set flagspace.RulesFiles.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_RULESLOCATION_H
#define FLAGSPACE_TIDY_RULESLOCATION_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

/// Returns RulesFiles (names separated by ';' or ',') with each relative
/// name made absolute against the folder of the .clang-tidy that set the
/// option for MainFile: the nearest one above it that sets the option under
/// CheckName's local key or the global key, found as clang-tidy finds its
/// configuration (from MainFile's folder upwards, going on past a file only
/// when it says InheritParentConfig: true). When no such file sets the
/// option to this very value (it came from --config, --config-file or
/// clangd's .clangd), or MainFile is empty, RulesFiles comes back unchanged
/// and the working directory resolves the names. Not handled: a --config
/// value equal to that of a .clang-tidy is taken as that file's.
std::string resolveRulesFiles(llvm::StringRef RulesFiles,
                              llvm::StringRef MainFile,
                              llvm::StringRef CheckName);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
