//===--- CheckGroup.cpp - the flagspace checks of one translation unit ---===//

#include "check/CheckGroup.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {
// The group whose checks are being created on this thread. Weak: the checks
// own their group, and it goes when the translation unit's checks do.
thread_local std::weak_ptr<CheckGroup> Forming;
} // namespace

std::shared_ptr<CheckGroup> CheckGroup::join(FlagCheckBase &Check, fs_check Id,
                                             const std::string &Options) {
  std::shared_ptr<CheckGroup> Group = Forming.lock();
  if (!Group || Group->Closed || Group->Options != Options ||
      static_cast<unsigned>(Id) >= FS_CHECK_COUNT || Group->Members[Id]) {
    Group.reset(new CheckGroup(Options));
    Forming = Group;
  }
  if (static_cast<unsigned>(Id) < FS_CHECK_COUNT)
    Group->Members[Id] = &Check;
  return Group;
}

bool CheckGroup::claimMatching(FlagCheckBase &Check, bool MatchesAst) {
  Closed = true;
  if (!MatchesAst)
    return false;
  for (unsigned Id = 0; Id < FS_CHECK_COUNT; ++Id)
    if (Members[Id] == &Check)
      AstMembers[Id] = &Check;
  if (Driver)
    return false;
  Driver = &Check;
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
