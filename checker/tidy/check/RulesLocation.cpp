//===--- RulesLocation.cpp - where relative rules file names are taken from ===//
//
// Walks up from the main file as clang-tidy's FileOptionsBaseProvider does,
// reading each .clang-tidy with clang-tidy's own parser.
//
//===----------------------------------------------------------------------===//

#include "check/RulesLocation.h"
#include "check/RulesCache.h"

#include "ClangTidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

const char GlobalKey[] = "flagspace.RulesFiles";
using OptionValue = ClangTidyOptions::ClangTidyValue;

bool hasRelativeName(llvm::StringRef RulesFiles) {
  for (const std::string &Name : splitFileList(RulesFiles))
    if (llvm::sys::path::is_relative(Name))
      return true;
  return false;
}

// The value Options gives Key, if it sets it.
const OptionValue *valueOf(const ClangTidyOptions &Options,
                           llvm::StringRef Key) {
  auto It = Options.CheckOptions.find(Key);
  return It == Options.CheckOptions.end() ? nullptr : &It->getValue();
}

// The folder of the .clang-tidy that set the option, or "" when none did.
// A local key anywhere wins over the global key, as getLocalOrGlobal reads
// the merged options; the innermost file wins among those setting a key.
std::string settingFolder(llvm::StringRef MainFile, llvm::StringRef Local,
                          llvm::StringRef Value) {
  llvm::SmallString<256> Dir(MainFile);
  if (llvm::sys::fs::make_absolute(Dir))
    return "";
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  std::string GlobalDir, GlobalValue;
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Path(D);
    llvm::sys::path::append(Path, ".clang-tidy");
    auto Text = llvm::MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    // clang-tidy too goes on upwards past a file it cannot parse.
    auto Options = parseConfiguration((*Text)->getMemBufferRef());
    if (!Options)
      continue;
    if (const OptionValue *V = valueOf(*Options, Local))
      return V->Value == Value ? D.str() : "";
    const OptionValue *G = valueOf(*Options, GlobalKey);
    if (G && GlobalDir.empty()) {
      GlobalDir = D.str();
      GlobalValue = G->Value;
    }
    if (!Options->InheritParentConfig || !*Options->InheritParentConfig)
      break;
  }
  return GlobalValue == Value ? GlobalDir : "";
}

} // namespace

std::string resolveRulesFiles(llvm::StringRef RulesFiles,
                              llvm::StringRef MainFile,
                              llvm::StringRef CheckName) {
  if (MainFile.empty() || !hasRelativeName(RulesFiles))
    return RulesFiles.str();
  std::string Local = (CheckName + "." + GlobalKey).str();
  std::string Folder = settingFolder(MainFile, Local, RulesFiles);
  if (Folder.empty())
    return RulesFiles.str();
  std::string Out;
  for (const std::string &Name : splitFileList(RulesFiles)) {
    llvm::SmallString<256> Path(Name);
    if (llvm::sys::path::is_relative(Name)) {
      Path = Folder;
      llvm::sys::path::append(Path, Name);
    }
    if (!Out.empty())
      Out += ';';
    Out += Path.str();
  }
  return Out;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
