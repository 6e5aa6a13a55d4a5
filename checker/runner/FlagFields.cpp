//===--- FlagFields.cpp - the fields of the unit's structs given flags ----===//

#include "FlagFields.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The structs S initializes with braces (a DeclStmt's children are its
// variables' initializers).
void findInitialized(const Stmt *S, std::vector<const RecordDecl *> &Out) {
  if (!S)
    return;
  if (const auto *List = dyn_cast<InitListExpr>(S))
    if (const RecordDecl *Record = List->getType()->getAsRecordDecl())
      Out.push_back(Record);
  for (const Stmt *Child : S->children())
    findInitialized(Child, Out);
}

} // namespace

bool FlagFields::isInMainFile(const Decl *D) const {
  return SM.isInMainFile(SM.getExpansionLoc(D->getLocation()));
}

// The names of Record's fields, of the structs nested in it too.
void FlagFields::addFields(const RecordDecl *Record, bool Flag) {
  for (const Decl *Inner : Record->decls()) {
    if (const auto *Field = dyn_cast<FieldDecl>(Inner))
      if (const IdentifierInfo *Name = Field->getIdentifier()) {
        if (Flag)
          Flagged.insert(Name);
        else
          Candidates.try_emplace(Name, SM.getExpansionLoc(Record->getLocation()));
      }
    if (const auto *Nested = dyn_cast<RecordDecl>(Inner))
      addFields(Nested, Flag);
  }
}

void FlagFields::noteDeclared(const Decl *D) {
  const auto *Record = dyn_cast<RecordDecl>(D);
  if (Record && Record->isThisDeclarationADefinition() && isInMainFile(Record))
    addFields(Record, false);
}

void FlagFields::noteInitializers(const Decl *D, bool Carries) {
  if (!Carries)
    return;
  std::vector<const RecordDecl *> Records;
  if (const auto *Var = dyn_cast<VarDecl>(D))
    findInitialized(Var->getInit(), Records);
  else if (const auto *Function = dyn_cast<FunctionDecl>(D))
    findInitialized(Function->getBody(), Records);
  for (const RecordDecl *Record : Records)
    if (isInMainFile(Record))
      addFields(Record, true);
}

bool FlagFields::gives(const FieldWrite &Write, KeepNames &Keep) const {
  return Keep.findCarrier(Write.Value) || find(Write.Value);
}

void FlagFields::noteWrites(std::vector<FieldWrite> Writes, KeepNames &Keep) {
  for (FieldWrite &Write : Writes) {
    if (!Candidates.count(Write.Field) || Flagged.count(Write.Field))
      continue;
    if (gives(Write, Keep))
      Flagged.insert(Write.Field);
    else
      Waiting.push_back(std::move(Write));
  }
}

bool FlagFields::close(KeepNames &Keep) {
  bool Changed = false;
  for (FieldWrite &Write : Waiting) {
    if (!Write.Field || Flagged.count(Write.Field) || !gives(Write, Keep))
      continue;
    Flagged.insert(Write.Field);
    Write.Field = nullptr;
    Changed = true;
  }
  return Changed;
}

const IdentifierInfo *FlagFields::find(const NameList &Names,
                                       SourceLocation Where) const {
  if (Flagged.empty())
    return nullptr;
  if (Where.isValid())
    Where = SM.getExpansionLoc(Where);
  for (const IdentifierInfo *Name : Names) {
    if (!Flagged.count(Name))
      continue;
    auto First = Candidates.find(Name);
    if (Where.isInvalid() || First == Candidates.end() ||
        SM.isBeforeInTranslationUnit(First->second, Where))
      return Name;
  }
  return nullptr;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
