//===--- KeepNames.cpp - the names a function body must name to be parsed -===//

#include "KeepNames.h"

#include <algorithm>
#include <cstdint>
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

// fs_rules_name_role looks at every profile: which one a unit reads is
// known only once it is parsed, and a larger set only keeps more bodies.
bool KeepNames::hasRole(const IdentifierInfo *Name) const {
  std::string Text = Name->getName().str();
  for (const fs_rules *Set : Rules)
    if (fs_rules_name_role(Set, Text.c_str()) != FS_ROLE_NONE ||
        fs_rules_passes_layout(Set, Text.c_str()))
      return true;
  return false;
}

bool KeepNames::onlyCall(const IdentifierInfo *Name) const {
  if (!Name || Joined.count(Name))
    return false;
  std::string Text = Name->getName().str();
  bool Call = false;
  for (const fs_rules *Set : Rules) {
    fs_name_role Role = fs_rules_name_role(Set, Text.c_str());
    if ((Role != FS_ROLE_NONE && Role != FS_ROLE_CALL) ||
        fs_rules_passes_layout(Set, Text.c_str()))
      return false;
    Call = Call || Role == FS_ROLE_CALL;
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
  bool Role = hasRole(Name);
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
