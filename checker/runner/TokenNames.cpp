//===--- TokenNames.cpp - the names the parser is given, in lexing order --===//

#include "TokenNames.h"

#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include <algorithm>
#include <iterator>

namespace clang {
namespace tidy {
namespace flagspace {

// Every macro expansion, nested ones included (the preprocessor reports
// each), while lexing code or #if conditions.
class TokenNamesCallbacks : public PPCallbacks {
public:
  explicit TokenNamesCallbacks(std::shared_ptr<TokenNames *> Target)
      : Target(std::move(Target)) {}

  void MacroExpands(const Token &MacroNameTok, const MacroDefinition &,
                    SourceRange, const MacroArgs *) override {
    if (*Target)
      (*Target)->add(MacroNameTok.getIdentifierInfo());
  }

private:
  std::shared_ptr<TokenNames *> Target;
};

TokenNames::TokenNames(Preprocessor &PP)
    : PP(PP), Self(std::make_shared<TokenNames *>(this)) {
  PP.addPPCallbacks(std::make_unique<TokenNamesCallbacks>(Self));
  PP.setTokenWatcher([this](const Token &Tok) { endToken(Tok); });
}

TokenNames::~TokenNames() {
  *Self = nullptr;
  PP.setTokenWatcher(nullptr);
}

namespace {
// The operators that write their left operand.
const tok::TokenKind Assignments[] = {
    tok::equal,      tok::pipeequal,    tok::ampequal,
    tok::caretequal, tok::plusequal,    tok::minusequal,
    tok::starequal,  tok::slashequal,   tok::percentequal,
    tok::lesslessequal, tok::greatergreaterequal,
};

bool isAssignment(tok::TokenKind Kind) {
  return std::find(std::begin(Assignments), std::end(Assignments), Kind) !=
         std::end(Assignments);
}

bool isMemberAccess(tok::TokenKind Kind) {
  return Kind == tok::period || Kind == tok::arrow;
}

// After these a name is a tag.
bool isTagKeyword(tok::TokenKind Kind) {
  return Kind == tok::kw_struct || Kind == tok::kw_union || Kind == tok::kw_enum;
}
} // namespace

// A token the parser gets (once: a token read again from the
// preprocessor's cache is not reported twice).
void TokenNames::endToken(const Token &Tok) {
  continueWrites(Tok);
  if (Tok.is(tok::identifier)) {
    const IdentifierInfo *Name = Tok.getIdentifierInfo();
    add(isTagKeyword(LastKind) ? asTag(Name) : Name);
  }
  noteMember(Tok);
  BeforeKind = LastKind;
  LastKind = Tok.getKind();
  LastName = Tok.is(tok::identifier) ? Tok.getIdentifierInfo() : nullptr;
  Before = Last;
  Last = Next;
  Next = Current.size();
}

// A name after `.` or `->` is a member; `.f =` or `->f |=` starts a write
// of f, whose value runs to the `,`, `;` or closing bracket that ends it.
void TokenNames::noteMember(const Token &Tok) {
  if (Tok.is(tok::identifier) && isMemberAccess(LastKind))
    Members.push_back(Tok.getIdentifierInfo());
  if (LastName && isMemberAccess(BeforeKind) && isAssignment(Tok.getKind())) {
    OpenWrite Open;
    Open.Write.Field = LastName;
    Writes.push_back(std::move(Open));
  }
}

// Tok within the values being read: brackets nest; a `,` or `;` outside
// them, or a closing bracket opened before the value, ends it.
void TokenNames::continueWrites(const Token &Tok) {
  for (size_t I = Writes.size(); I-- > 0;) {
    OpenWrite &Open = Writes[I];
    bool Ends = false;
    switch (Tok.getKind()) {
    case tok::l_paren:
    case tok::l_brace:
    case tok::l_square:
      ++Open.Depth;
      break;
    case tok::r_paren:
    case tok::r_brace:
    case tok::r_square:
      Ends = Open.Depth == 0;
      Open.Depth -= Ends ? 0 : 1;
      break;
    case tok::comma:
    case tok::semi:
      Ends = Open.Depth == 0;
      break;
    case tok::eof:
      Ends = true;
      break;
    default:
      break;
    }
    if (!Ends)
      continue;
    uniqueNames(Open.Write.Value);
    Ended.push_back(std::move(Open.Write));
    Writes.erase(Writes.begin() + I);
  }
}

NameList TokenNames::takeMembers() {
  NameList Taken;
  Taken.swap(Members);
  uniqueNames(Taken);
  return Taken;
}

std::vector<FieldWrite> TokenNames::takeFieldWrites() {
  std::vector<FieldWrite> Taken;
  Taken.swap(Ended);
  return Taken;
}

NameList TokenNames::take() {
  NameList Taken = Current;
  Current.erase(Current.begin(), Current.begin() + Before);
  Last -= Before;
  Next -= Before;
  Before = 0;
  uniqueNames(Taken);
  return Taken;
}

NameList TokenNames::takeAll() {
  NameList Taken;
  Taken.swap(Current);
  Before = Last = Next = 0;
  uniqueNames(Taken);
  return Taken;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
