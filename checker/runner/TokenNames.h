//===--- TokenNames.h - the names the parser is given, in lexing order ---===//
//
// Collects every identifier token the preprocessor hands the parser and
// the name of every macro it expands (nested ones too: a flag spelled
// inside a macro's body counts where the macro is used). The lists are
// taken piece by piece: a top-level declaration's, a function body's.
// Also what the tokens say about fields: the names read or written as a
// member (after `.` or `->`), and each write `x.f = V`, `p->f |= V`,
// `{ .f = V }` with the names of its value V.
// A name right after struct, union or enum is a tag, which C keeps apart
// from other names (`struct socket` names no function socket): it is
// listed marked as one (asTag, nameOf).
//
//===----------------------------------------------------------------------===//

#ifndef FLAGSPACE_RUNNER_TOKENNAMES_H
#define FLAGSPACE_RUNNER_TOKENNAMES_H

#include "KeepNames.h"

#include "clang/Lex/Preprocessor.h"
#include <memory>

namespace clang {
namespace tidy {
namespace flagspace {

/// A field written: its name, and the names its value spells.
struct FieldWrite {
  const IdentifierInfo *Field = nullptr;
  NameList Value;
};

class TokenNames {
public:
  /// Starts collecting from PP (its token watcher and a PPCallbacks).
  explicit TokenNames(Preprocessor &PP);
  ~TokenNames();
  TokenNames(const TokenNames &) = delete;
  TokenNames &operator=(const TokenNames &) = delete;

  /// The names collected since the last take, each once. The names of the
  /// last two tokens stay for the next piece too: the parser reads a token
  /// or two ahead before it hands over a declaration.
  NameList take();
  /// The names collected since the last take, each once, and nothing kept.
  NameList takeAll();
  /// While set, names are also added to Sink (a return's expression).
  void setSink(NameList *Sink) { this->Sink = Sink; }
  /// The names met as a member (after `.` or `->`) since the last call,
  /// each once.
  NameList takeMembers();
  /// The field writes whose value ended since the last call.
  std::vector<FieldWrite> takeFieldWrites();

private:
  friend class TokenNamesCallbacks;
  /// A field write whose value is being read: Depth counts the brackets
  /// opened in it.
  struct OpenWrite {
    FieldWrite Write;
    unsigned Depth = 0;
  };
  void add(const IdentifierInfo *Name) {
    Current.push_back(Name);
    if (Sink)
      Sink->push_back(Name);
    for (OpenWrite &Open : Writes)
      Open.Write.Value.push_back(Name);
  }
  void endToken(const Token &Tok);
  void noteMember(const Token &Tok);
  void continueWrites(const Token &Tok);

  Preprocessor &PP;
  NameList Current;
  NameList *Sink = nullptr;
  // Where the last two tokens' names start in Current, and the next's.
  size_t Before = 0, Last = 0, Next = 0;
  // The last two tokens' kinds, and the name of the last one.
  tok::TokenKind BeforeKind = tok::unknown, LastKind = tok::unknown;
  const IdentifierInfo *LastName = nullptr;
  NameList Members;
  std::vector<OpenWrite> Writes; // values being read, innermost last
  std::vector<FieldWrite> Ended;
  // Cleared when this goes: the callbacks live as long as PP.
  std::shared_ptr<TokenNames *> Self;
};

} // namespace flagspace
} // namespace tidy
} // namespace clang

#endif
