//===--- ShapedRecords.cpp - a project's copies of kernel structs --------===//
//
// Describes a struct's fields to the engine (names, sizes, offsets) and
// remembers which structs a call showed to be copies of a kernel struct.
//
//===----------------------------------------------------------------------===//

#include "reach/ShapedRecords.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// Fields a struct may have to be described; larger ones are never a copy.
constexpr size_t MaxFields = 64;

// A plain C struct: its own fields, none a bit-field or unnamed.
bool isPlainStruct(const RecordDecl *Record) {
  if (Record->isUnion() || Record->isInvalidDecl() ||
      Record->isDependentType() || Record->isDependentContext() ||
      !Record->isCompleteDefinition())
    return false;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(Record))
    if (Class->getNumBases() || Class->isDynamicClass())
      return false;
  return true;
}

std::vector<const char *> getNames(const std::vector<std::string> &Names) {
  std::vector<const char *> Out;
  for (const std::string &Name : Names)
    Out.push_back(Name.c_str());
  return Out;
}

} // namespace

const ShapedRecords::Layout &
ShapedRecords::getLayout(const RecordDecl *Record, const fs_rules *Rules,
                         ASTContext &Context) {
  auto Found = Layouts.find(Record);
  if (Found != Layouts.end())
    return Found->second;
  Layout &Out = Layouts[Record];
  if (!isPlainStruct(Record))
    return Out;
  const ASTRecordLayout &Fields = Context.getASTRecordLayout(Record);
  unsigned Index = 0;
  for (const FieldDecl *Field : Record->fields()) {
    if (Field->isBitField() || !Field->getIdentifier() ||
        Out.Names.size() >= MaxFields || Field->getType()->isDependentType() ||
        Field->getType()->isIncompleteType())
      return Out;
    Out.Names.push_back(Field->getName().str());
    Out.Sizes.push_back(static_cast<uint64_t>(
        Context.getTypeSizeInChars(Field->getType()).getQuantity()));
    Out.Offsets.push_back(Fields.getFieldOffset(Index++) /
                          Context.getCharWidth());
  }
  Out.Valid = !Out.Names.empty();
  std::vector<const char *> Names = getNames(Out.Names);
  Out.MayBeKnown = Out.Valid &&
                   fs_rules_may_be_layout(Rules, Names.data(), Out.Sizes.data(),
                                          Out.Offsets.data(), Names.size());
  return Out;
}

const char *ShapedRecords::getConfirmed(const RecordDecl *Record) const {
  auto Found = Confirmed.find(Record);
  return Found == Confirmed.end() ? nullptr : Found->second;
}

void ShapedRecords::defer(const RecordDecl *Record, const PendingWrite &Write,
                          const fs_rules *Rules, ASTContext &Context) {
  if (getLayout(Record, Rules, Context).MayBeKnown)
    Pending[Record].push_back(Write);
}

std::vector<PendingWrite>
ShapedRecords::notePassed(const CallExpr *Call, const char *Function,
                          const char *Number, const fs_rules *Rules,
                          ASTContext &Context) {
  std::vector<PendingWrite> Ready;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    QualType Type = Call->getArg(I)->IgnoreParenCasts()->getType();
    if (!Type->isPointerType())
      continue;
    const RecordDecl *Record = Type->getPointeeType()->getAsRecordDecl();
    if (!Record || !(Record = Record->getDefinition()) ||
        Confirmed.count(Record))
      continue;
    const Layout &Shape = getLayout(Record, Rules, Context);
    if (!Shape.MayBeKnown)
      continue;
    std::vector<const char *> Names = getNames(Shape.Names);
    const char *Known = fs_rules_record_by_layout(
        Rules, Function, Number, I, Names.data(), Shape.Sizes.data(),
        Shape.Offsets.data(), Names.size());
    if (!Known)
      continue;
    Confirmed[Record] = Known;
    auto Kept = Pending.find(Record);
    if (Kept != Pending.end()) {
      Ready.insert(Ready.end(), Kept->second.begin(), Kept->second.end());
      Pending.erase(Kept);
    }
  }
  return Ready;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
