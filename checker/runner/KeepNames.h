//===--- KeepNames.h - the names a function body must name to be parsed --===//
//
// A finding needs, where it is reported, a flag name the rules know or a
// struct whose rules report what an initializer leaves out (fs_name_role),
// written there or reached through what the checks follow across
// declarations: constants, enumerators, static data, typedefs and tags
// declared in terms of one, and static functions that return one. A call
// that passes a struct of the unit's own where the kernel reads a
// `layout` struct (fs_rules_passes_layout) makes the writes to it
// elsewhere checked: its name carries too. These are the names that
// "carry": a body that names none of them is skipped.
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_KEEPNAMES_H
#define FLAGSPACE_RUNNER_KEEPNAMES_H

#include "flagspace.h"

#include "clang/Basic/IdentifierTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// A set of names: sorted, each once.
using NameList = std::vector<const IdentifierInfo *>;

/// Name marked as read as a tag (after struct, union or enum; C keeps
/// tags apart from other names): its pointer with the low bit set (an
/// IdentifierInfo is aligned), so that lists sort and compare as before.
const IdentifierInfo *asTag(const IdentifierInfo *Name);
/// The name an entry of a NameList stands for; IsTag (when given) says
/// whether it was read as a tag.
const IdentifierInfo *nameOf(const IdentifierInfo *Entry,
                             bool *IsTag = nullptr);

/// Sorts Names and drops repeats.
void uniqueNames(NameList &Names);
/// Whether sorted Names holds Name.
bool hasName(const NameList &Names, const IdentifierInfo *Name);

/// The carrying names of one translation unit.
class KeepNames {
public:
  /// Rules: every rules set the unit's flagspace checks use.
  void addRules(const fs_rules *Rules);
  bool hasRules() const { return !Rules.empty(); }
  const std::vector<const fs_rules *> &rules() const { return Rules; }

  /// Whether Name carries: it has a role in some rules (in any profile), or
  /// joined through add().
  bool carries(const IdentifierInfo *Name);
  /// A name of Names that carries, or null: the first found, or with
  /// Alphabetical the first in alphabetical order (for the log). A name
  /// read as a tag carries unless its only role is a function's (struct
  /// socket names no socket()).
  const IdentifierInfo *findCarrier(const NameList &Names,
                                    bool Alphabetical = false);
  /// Name is declared in terms of a carrying name.
  void add(const IdentifierInfo *Name) { Joined.insert(Name); }
  /// A name a unit's shared headers made carry (SharedHeaders.h), by its
  /// spelling: no identifier is made for it (clang's own code allocates
  /// identifiers; made here, in an ASan build, their allocator's memory
  /// is poisoned where clang does not expect it).
  void addShared(llvm::StringRef Name) { Shared.insert(Name); }
  size_t sharedCount() const { return Shared.size(); }
  bool hasJoined(const IdentifierInfo *Name) const {
    return Joined.count(Name) != 0 || Shared.count(Name->getName()) != 0;
  }
  const llvm::DenseSet<const IdentifierInfo *> &joined() const {
    return Joined;
  }
  /// Whether Name has a role only as a function the rules know: no flag,
  /// record or layout call in any rules, and not joined.
  bool onlyCall(const IdentifierInfo *Name) const;

private:
  bool hasRole(const IdentifierInfo *Name) const;

  std::vector<const fs_rules *> Rules;
  llvm::DenseMap<const IdentifierInfo *, bool> Roles; // asked of the engine
  llvm::DenseSet<const IdentifierInfo *> Joined;
  llvm::StringSet<> Shared;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
