//===--- CheckGroup.h - the flagspace checks of one translation unit -----===//
//
// The enabled flagspace checks of a translation unit share one walk of the
// AST: the first AST check matches and extracts, each site is described to
// the engine once, and each finding goes to the check it names.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_CHECKGROUP_H
#define FLAGSPACE_TIDY_CHECKGROUP_H

#include "flagspace.h"

#include <array>
#include <memory>
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

class FlagCheckBase;

/// The checks created together for one translation unit with the same
/// options. clang-tidy and clangd create every check of a translation unit
/// on one thread and only then register their matchers; a check created
/// after that, or a second check with the same id, starts a new group.
class CheckGroup {
public:
  /// Adds Check to the group being formed on this thread, or to a new one.
  /// Options is the text of the options that shape the facts (rules files,
  /// socket flags): checks that differ in it do not share.
  static std::shared_ptr<CheckGroup> join(FlagCheckBase &Check, fs_check Id,
                                          const std::string &Options);

  /// Called from each member's registerMatchers: closes the group, and
  /// returns true for the one check that matches for all (the first that
  /// looks at the AST).
  bool claimMatching(FlagCheckBase &Check, bool MatchesAst);

  /// The member that reports the rules' problems: the one of lowest id, so
  /// that they carry the same check name however the checks are created.
  FlagCheckBase *rulesProblemsReporter() const {
    for (FlagCheckBase *Member : Members)
      if (Member)
        return Member;
    return nullptr;
  }

  /// The member that reports findings of Id from the AST walk, or null when
  /// that check is not enabled here or does not look at the AST.
  FlagCheckBase *astMember(fs_check Id) const {
    return static_cast<unsigned>(Id) < FS_CHECK_COUNT ? AstMembers[Id]
                                                       : nullptr;
  }

private:
  explicit CheckGroup(std::string Options) : Options(std::move(Options)) {}

  const std::string Options;
  std::array<FlagCheckBase *, FS_CHECK_COUNT> Members{};
  std::array<FlagCheckBase *, FS_CHECK_COUNT> AstMembers{};
  FlagCheckBase *Driver = nullptr;
  bool Closed = false;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
