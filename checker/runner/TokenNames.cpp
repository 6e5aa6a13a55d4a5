//===--- TokenNames.cpp - the names the parser is given, in lexing order --===//

#include "TokenNames.h"

#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"

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

// A token the parser gets (once: a token read again from the
// preprocessor's cache is not reported twice).
void TokenNames::endToken(const Token &Tok) {
  if (Tok.is(tok::identifier))
    add(Tok.getIdentifierInfo());
  Before = Last;
  Last = Next;
  Next = Current.size();
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
