//===--- KeepNames.cpp - the names a function body must name to be parsed -===//

#include "KeepNames.h"

#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

const IdentifierInfo *asTag(const IdentifierInfo *Name) {
  return reinterpret_cast<const IdentifierInfo *>(
      reinterpret_cast<uintptr_t>(Name) | 1);
}

const IdentifierInfo *nameOf(const IdentifierInfo *Entry, bool *IsTag) {
  auto Bits = reinterpret_cast<uintptr_t>(Entry);
  if (IsTag)
    *IsTag = Bits & 1;
  return reinterpret_cast<const IdentifierInfo *>(Bits & ~uintptr_t(1));
}

void uniqueNames(NameList &Names) {
  std::sort(Names.begin(), Names.end());
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
}

bool hasName(const NameList &Names, const IdentifierInfo *Name) {
  return std::binary_search(Names.begin(), Names.end(), Name);
}

void KeepNames::addRules(const fs_rules *Added) {
  if (Added && std::find(Rules.begin(), Rules.end(), Added) == Rules.end()) {
    Rules.push_back(Added);
    Roles.clear();
  }
}

namespace {
// What one rule set says of a name.
struct NameFacts {
  fs_name_role Role = FS_ROLE_NONE;
  bool Layout = false; // fs_rules_passes_layout
};

// fs_rules_name_role looks at every profile (which one a unit reads is
// known only once it is parsed, and a larger set only keeps more bodies)
// by comparing the name with each one's rules. The answers are kept for
// the process: a rule set is loaded once per process and never freed
// (RulesCache.h), so its address names it, and the units of a batch ask
// about the same tens of thousands of header names.
NameFacts factsOf(const fs_rules *Set, llvm::StringRef Name) {
  static std::mutex Lock;
  static auto *Known =
      new llvm::DenseMap<const fs_rules *, llvm::StringMap<NameFacts>>();
  std::lock_guard<std::mutex> Guard(Lock);
  llvm::StringMap<NameFacts> &Facts = (*Known)[Set];
  auto Found = Facts.find(Name);
  if (Found != Facts.end())
    return Found->second;
  std::string Text = Name.str();
  NameFacts Said;
  Said.Role = fs_rules_name_role(Set, Text.c_str());
  Said.Layout = fs_rules_passes_layout(Set, Text.c_str()) != 0;
  Facts[Name] = Said;
  return Said;
}
} // namespace

bool KeepNames::hasRole(const IdentifierInfo *Name) const {
  for (const fs_rules *Set : Rules) {
    NameFacts Said = factsOf(Set, Name->getName());
    if (Said.Role != FS_ROLE_NONE || Said.Layout)
      return true;
  }
  return false;
}

bool KeepNames::onlyCall(const IdentifierInfo *Name) const {
  if (!Name || hasJoined(Name))
    return false;
  bool Call = false;
  for (const fs_rules *Set : Rules) {
    NameFacts Said = factsOf(Set, Name->getName());
    if ((Said.Role != FS_ROLE_NONE && Said.Role != FS_ROLE_CALL) ||
        Said.Layout)
      return false;
    Call = Call || Said.Role == FS_ROLE_CALL;
  }
  return Call;
}

bool KeepNames::carries(const IdentifierInfo *Name) {
  if (!Name)
    return false;
  if (Joined.count(Name))
    return true;
  auto Found = Roles.find(Name);
  if (Found != Roles.end())
    return Found->second;
  // The shared names are known before the unit's first name is asked:
  // looked up by spelling once per name, then by pointer with the roles.
  bool Role = hasRole(Name) || Shared.count(Name->getName());
  Roles[Name] = Role;
  return Role;
}

const IdentifierInfo *KeepNames::findCarrier(const NameList &Names,
                                             bool Alphabetical) {
  const IdentifierInfo *Found = nullptr;
  for (const IdentifierInfo *Entry : Names) {
    bool Tag = false;
    const IdentifierInfo *Name = nameOf(Entry, &Tag);
    if (!carries(Name) || (Tag && onlyCall(Name)))
      continue;
    if (!Alphabetical)
      return Name;
    if (!Found || Name->getName() < Found->getName())
      Found = Name;
  }
  return Found;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
