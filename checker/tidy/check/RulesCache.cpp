//===--- RulesCache.cpp - rule sets shared by the flagspace checks -------===//
//
// Loads the rules once per process for each flagspace.RulesFiles value.
//
//===----------------------------------------------------------------------===//

#include "check/RulesCache.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

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

// The line and column at the end of "file:line:col"; 0 where absent.
void parsePlace(llvm::StringRef Where, unsigned &Line, unsigned &Column) {
  llvm::StringRef Rest = Where.rsplit(':').first;
  if (Where.rsplit(':').second.getAsInteger(10, Column) ||
      Rest.rsplit(':').second.getAsInteger(10, Line))
    Line = Column = 0;
}

extern "C" void collectProblem(void *Ctx, fs_severity Severity,
                               const char *Where, const char *Message) {
  auto *Problems = static_cast<std::vector<RulesProblem> *>(Ctx);
  std::string Text = Where ? std::string(Where) + ": " : std::string();
  Text += Message ? Message : "";
  RulesProblem Problem{Severity, std::move(Text)};
  if (Where)
    parsePlace(Where, Problem.Line, Problem.Column);
  Problems->push_back(std::move(Problem));
}

// The engine reports a file's syntax as it reads and its names after: put
// the problems from First on in the order of their lines.
void sortByPlace(std::vector<RulesProblem> &Problems, size_t First) {
  std::stable_sort(Problems.begin() + First, Problems.end(),
                   [](const RulesProblem &A, const RulesProblem &B) {
                     return std::tie(A.Line, A.Column) <
                            std::tie(B.Line, B.Column);
                   });
}

// Why File cannot be read as a rules file though it exists (a FIFO would
// block the reader for ever); empty for a regular file or when the engine
// reports the problem itself (a missing file).
std::string getIrregularKind(const std::string &File) {
  namespace fs = llvm::sys::fs;
  fs::file_status Status;
  if (fs::status(File, Status))
    return std::string();
  switch (Status.type()) {
  case fs::file_type::regular_file:
    return std::string();
  case fs::file_type::directory_file:
    return "a directory";
  case fs::file_type::fifo_file:
    return "a FIFO";
  case fs::file_type::block_file:
  case fs::file_type::character_file:
    return "a device";
  case fs::file_type::socket_file:
    return "a socket";
  default:
    return "of an unknown kind";
  }
}

void load(LoadedRules &Loaded, llvm::StringRef RulesFiles,
          llvm::StringRef Option) {
  Loaded.Rules = fs_rules_new();
  if (!Loaded.Rules) {
    Loaded.Problems.push_back(
        {FS_ERROR, "flagspace: out of memory while loading the rules"});
    return;
  }
  fs_rules_add_builtin(Loaded.Rules, collectProblem, &Loaded.Problems);
  // Rules an option adds (rules/options/): after the built-in ones, whose
  // rules for the same arguments they replace, and before the user's files.
  if (!Option.empty())
    fs_rules_add_option(Loaded.Rules, Option.str().c_str(), collectProblem,
                        &Loaded.Problems);
  for (const std::string &File : splitFileList(RulesFiles)) {
    std::string Kind = getIrregularKind(File);
    if (!Kind.empty()) {
      Loaded.Problems.push_back(
          {FS_ERROR, File + ": cannot read rules file '" + File +
                         "': not a regular file (" + Kind + ")"});
      continue;
    }
    size_t First = Loaded.Problems.size();
    fs_rules_add_file(Loaded.Rules, File.c_str(), collectProblem,
                      &Loaded.Problems);
    sortByPlace(Loaded.Problems, First);
  }
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
                            llvm::StringRef Option) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  std::string Key = RulesFiles.str();
  Key += '\0';
  Key += Option.str();
  auto Inserted = cache().try_emplace(Key);
  if (Inserted.second)
    load(Inserted.first->second, RulesFiles, Option);
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
