//===--- BodyWrappers.cpp - the skipped bodies a wrapper analysis needs ---===//
//
// The checks follow a parameter of a function into the calls its body
// makes (a wrapper); flagspace-runner parses a skipped body for them only
// when it may pass a parameter on to a function the rules know.
//
//===----------------------------------------------------------------------===//

#include "BodyFilter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <string>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {
// The engine asks whether the unit defines a macro (its profile).
extern "C" int isDefinedIn(void *Ctx, const char *Name) {
  return static_cast<Preprocessor *>(Ctx)->isMacroDefined(Name) ? 1 : 0;
}
} // namespace

// The rules as the checks read this unit: the profile its macros choose.
std::vector<const fs_rules *> BodyFilter::unitRules() const {
  std::vector<const fs_rules *> Views;
  for (const fs_rules *Set : Keep.rules())
    Views.push_back(fs_rules_for_unit(Set, isDefinedIn, &PP));
  return Views;
}

// Wrappers: the functions whose bodies name a function the rules know or
// another wrapper (the checks' wrapper analysis needs their bodies; the
// body of a function that is none finds no flow).
void BodyFilter::findWrappers() {
  Wrappers = true;
  llvm::DenseSet<const IdentifierInfo *> Known;
  llvm::DenseMap<const IdentifierInfo *, bool> Asked;
  std::vector<const fs_rules *> Rules = unitRules();
  auto isKnown = [&](const IdentifierInfo *Name) {
    if (Known.count(Name))
      return true;
    auto Found = Asked.find(Name);
    if (Found != Asked.end())
      return Found->second;
    std::string Text = Name->getName().str();
    bool Is = false;
    for (const fs_rules *Set : Rules)
      Is = Is || fs_rules_knows_function(Set, Text.c_str());
    Asked[Name] = Is;
    return Is;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Body &B : Bodies) {
      if (B.Wrapper || !B.Function->getIdentifier())
        continue;
      for (const IdentifierInfo *Entry : B.Names) {
        bool Tag = false;
        const IdentifierInfo *Name = nameOf(Entry, &Tag);
        if (!Tag && isKnown(Name)) {
          B.Wrapper = Changed = true;
          Known.insert(B.Function->getIdentifier());
          break;
        }
      }
    }
  }
}

void BodyFilter::parseIfWrapper(const FunctionDecl *Function) {
  Body *B = skippedBody(Function);
  if (!B)
    return;
  if (!Wrappers)
    findWrappers();
  if (B->Wrapper)
    parseLate(*B, "parsed for the checks (a wrapper)", nullptr);
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
