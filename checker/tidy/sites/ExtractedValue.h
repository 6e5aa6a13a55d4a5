//===--- ExtractedValue.h - one value as the engine's terms --------------===//
//
// One argument or field value as the engine reads it: its terms, where each
// is written, and the tree of operators over them; and the helpers that
// build one, shared by the term extractor (FlagTerms.h) and what it follows
// (reach/FollowCache.h).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_TIDY_EXTRACTEDVALUE_H
#define FLAGSPACE_TIDY_EXTRACTEDVALUE_H

#include "flagspace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
namespace tidy {
namespace flagspace {

/// Where a term is in the source.
struct TermSite {
  /// The known macro's name where it was expanded, else the begin of the
  /// term's expression. May be a macro location: diagnostics then show where
  /// the outermost macro was used, with "expanded from macro" notes.
  SourceLocation Loc;
  /// The term's macro name (or enumerator) as written in the file, when
  /// replacing that text is safe (FS_TERM_FIXABLE); invalid otherwise.
  CharSourceRange FixRange;
  /// For a term reached through a variable, a static function's return or
  /// a wrapper's parameter: where the value is passed at the site, for a
  /// "flag passed here" note. Invalid for a term written at the site.
  SourceLocation PassedLoc;
  /// For a term that stands for a wrapper's caller's term: that term's
  /// index in the caller's value (set by the caller; substitute() keeps it).
  int SubstIndex = -1;
};

/// One argument or field value. Terms and Sites are parallel; the term names
/// point into the TermExtractor that made them.
struct ExtractedValue {
  std::vector<fs_term> Terms;
  std::vector<TermSite> Sites;
  /// The expression over the terms, in prefix order (flagspace.h).
  std::vector<fs_node> Nodes;
  bool HasUnknown = false;
  /// Begin of the whole value expression.
  SourceLocation Loc;
  /// The whole value expression; null for a value not extracted.
  const Expr *Written = nullptr;
  /// A string literal written there (a path), its text; or none.
  std::optional<std::string> String;

  fs_value view() const {
    return {Terms.data(),
            Terms.size(),
            HasUnknown ? 1 : 0,
            Nodes.empty() ? nullptr : Nodes.data(),
            Nodes.size(),
            String ? String->c_str() : nullptr};
  }
};

/// The range of Value's expression as one piece of a file; invalid when it
/// is not (part of a macro body) or was not extracted.
CharSourceRange getFileRange(const ExtractedValue &Value,
                             const SourceManager &SM,
                             const LangOptions &LangOpts);

/// Appends a node of Value's tree (a term's node with its index).
void addNode(ExtractedValue &Value, fs_op Op, size_t Term = 0);
/// Appends a part that is not a constant: an FS_OP_UNKNOWN leaf.
void addUnknown(ExtractedValue &Value);
/// Appends From's tree and terms to Value as reached through PassedLoc:
/// not fixable where they are written, and with the outermost passing place
/// kept.
void appendPassed(ExtractedValue &Value, const ExtractedValue &From,
                  SourceLocation PassedLoc);

/// Sets Result to E's value when E is an integer constant expression that
/// fits in 64 bits (implicit casts other than a read are looked through).
bool evaluateInteger(const Expr *E, const ASTContext &Context,
                     int64_t &Result);

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
