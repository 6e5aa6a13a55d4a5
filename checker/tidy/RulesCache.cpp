//===--- RulesCache.cpp - rule sets shared by the flagspace checks -------===//
//
// Loads the rules once per process for each flagspace.RulesFiles value.
//
//===----------------------------------------------------------------------===//

#include "RulesCache.h"

#include "llvm/ADT/SmallVector.h"
#include <map>
#include <mutex>
#include <set>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

std::mutex CacheMutex;

// Never destroyed: a rule set may still be in use by a check while static
// destructors run, and the process is about to end anyway.
std::map<std::string, LoadedRules> &cache() {
  static auto *Cache = new std::map<std::string, LoadedRules>();
  return *Cache;
}

std::set<std::string> &reportedProblems() {
  static auto *Reported = new std::set<std::string>();
  return *Reported;
}

extern "C" void collectProblem(void *Ctx, fs_severity Severity,
                               const char *Where, const char *Message) {
  auto *Problems = static_cast<std::vector<RulesProblem> *>(Ctx);
  std::string Text = Where ? std::string(Where) + ": " : std::string();
  Text += Message ? Message : "";
  Problems->push_back({Severity, std::move(Text)});
}

void load(LoadedRules &Loaded, llvm::StringRef RulesFiles,
          llvm::StringRef ExtraText) {
  Loaded.Rules = fs_rules_new();
  if (!Loaded.Rules) {
    Loaded.Problems.push_back(
        {FS_ERROR, "flagspace: out of memory while loading the rules"});
    return;
  }
  fs_rules_add_builtin(Loaded.Rules, collectProblem, &Loaded.Problems);
  // Rules an option adds: after the built-in ones, whose rules for the same
  // arguments they replace, and before the user's files.
  if (!ExtraText.empty())
    fs_rules_add_text(Loaded.Rules, "<options>", ExtraText.data(),
                      ExtraText.size(), collectProblem, &Loaded.Problems);
  for (const std::string &File : splitFileList(RulesFiles))
    fs_rules_add_file(Loaded.Rules, File.c_str(), collectProblem,
                      &Loaded.Problems);
}

} // namespace

std::vector<std::string> splitFileList(llvm::StringRef List) {
  std::vector<std::string> Files;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Part.split(Names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef Name : Names) {
      Name = Name.trim();
      if (!Name.empty())
        Files.push_back(Name.str());
    }
  }
  return Files;
}

const LoadedRules &getRules(llvm::StringRef RulesFiles,
                            llvm::StringRef ExtraText) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  std::string Key = RulesFiles.str();
  Key += '\0';
  Key += ExtraText.str();
  auto Inserted = cache().try_emplace(Key);
  if (Inserted.second)
    load(Inserted.first->second, RulesFiles, ExtraText);
  return Inserted.first->second;
}

bool claimProblemReport(llvm::StringRef MainFile, llvm::StringRef RulesFiles) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  std::string Key = MainFile.str();
  Key += '\0';
  Key += RulesFiles.str();
  return reportedProblems().insert(std::move(Key)).second;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
