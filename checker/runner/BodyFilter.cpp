//===--- BodyFilter.cpp - which function bodies flagspace-runner parses ---===//
//
// Decisions, in the order clang asks:
//  - a top-level declaration that names a carrying name carries: what it
//    declares (variables, typedefs, tags, their enumerators) joins;
//  - a function body is kept when it, or its declarator, names one, or
//    when it reads a field the unit gives a flag (FlagFields.h);
//  - a function of internal linkage whose return expressions name one
//    carries (the checks follow its returns), kept or not; so does one
//    whose body names one when a return names a variable of its own (the
//    checks follow the writes of `flags` in `return flags;`).
// At the end of the unit, what carries is closed over the declarations and
// returns met before the names they use carried, and every skipped body
// that names a carrying name is parsed then, before the checks run.
//
//===----------------------------------------------------------------------===//

#include "BodyFilter.h"
#include "Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <iterator>
#include <cstdlib>

// Parser::LateTemplateParserCallback, private to clang: parses a function
// body from its tokens at the end of the unit (delayed template parsing).
extern void flagspaceParseLateBody(void *P, clang::LateParsedTemplate &LPT)
    __asm__("_ZN5clang6Parser26LateTemplateParserCallbackEPvRNS_18LateParsedTemplateE");

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// In C a function has internal linkage when some declaration says static;
// linkage itself is not computed while the definition is being parsed.
bool mayBeFollowed(const FunctionDecl *Function) {
  if (Function->isVariadic())
    return false;
  for (const FunctionDecl *Decl : Function->redecls())
    if (Decl->getStorageClass() == SC_Static)
      return true;
  return false;
}

// What a top-level declaration declares: its name, a tag's enumerators and
// the tags nested in a struct (C puts them at file scope). Not a function:
// a C declaration gives its calls nothing (no default arguments).
void addDeclared(const Decl *D, NameList &Out) {
  if (isa<FunctionDecl>(D))
    return;
  if (const auto *Named = dyn_cast<NamedDecl>(D))
    if (const IdentifierInfo *Name = Named->getIdentifier())
      Out.push_back(Name);
  if (const auto *Enum = dyn_cast<EnumDecl>(D))
    for (const EnumConstantDecl *Member : Enum->enumerators())
      Out.push_back(Member->getIdentifier());
  if (const auto *Record = dyn_cast<RecordDecl>(D))
    for (const Decl *Inner : Record->decls())
      if (isa<TagDecl>(Inner))
        addDeclared(Inner, Out);
}

// The names of a struct's fields, of the structs nested in it too.
void addFieldNames(const RecordDecl *Record, NameList &Out) {
  for (const Decl *Inner : Record->decls()) {
    if (const auto *Field = dyn_cast<FieldDecl>(Inner))
      if (const IdentifierInfo *Name = Field->getIdentifier())
        Out.push_back(Name);
    if (const auto *Nested = dyn_cast<RecordDecl>(Inner))
      addFieldNames(Nested, Out);
  }
}

NameList merged(NameList A, const NameList &B) {
  A.insert(A.end(), B.begin(), B.end());
  uniqueNames(A);
  return A;
}

} // namespace

/// While a skipped body is parsed: the diagnostics placed in it go on to
/// the unit's consumer (clang-tidy's), with their notes; those placed
/// elsewhere were given when its definition was first entered (a K&R
/// definition's) and are not given twice.
class BodyFilter::BodyDiagnostics : public DiagnosticConsumer {
public:
  BodyDiagnostics(DiagnosticsEngine &Diags, const SourceManager &SM,
                  SourceLocation Begin, SourceLocation End)
      : Diags(Diags), SM(SM), Begin(SM.getExpansionLoc(Begin)),
        End(SM.getExpansionLoc(End)), Owned(Diags.ownsClient()),
        Client(Diags.getClient()) {
    if (Owned)
      Diags.takeClient().release();
    Diags.setClient(this, /*ShouldOwnClient=*/false);
  }
  ~BodyDiagnostics() override { Diags.setClient(Client, Owned); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level != DiagnosticsEngine::Note)
      Passing = isInBody(Info.getLocation());
    if (Passing)
      Client->HandleDiagnostic(Level, Info);
  }

private:
  bool isInBody(SourceLocation Loc) const {
    if (Loc.isInvalid())
      return true;
    Loc = SM.getExpansionLoc(Loc);
    return !SM.isBeforeInTranslationUnit(Loc, Begin) &&
           !SM.isBeforeInTranslationUnit(End, Loc);
  }

  DiagnosticsEngine &Diags;
  const SourceManager &SM;
  SourceLocation Begin, End;
  bool Owned;
  DiagnosticConsumer *Client;
  bool Passing = true;
};

/// A body's tokens, read ahead from its '{' to its '}'.
struct BodyFilter::Peek {
  CachedTokens Tokens;
  NameList Returns;
  /// The names of the function's declarator (its parameters among them).
  const NameList *Declarator = nullptr;
  /// A return expression names a variable that is not a parameter: one of
  /// the body's own, whose writes the checks follow.
  bool ReturnsOwn = false;
};

namespace {
// An identifier read in a return expression that is neither called nor a
// name of the declarator: a variable of the body (or an enumerator, which
// only keeps more).
bool isOwnName(const Token &Tok, const Token &Next, const NameList &Declarator) {
  return Tok.is(tok::identifier) && !Next.is(tok::l_paren) &&
         !hasName(Declarator, Tok.getIdentifierInfo());
}
} // namespace

BodyFilter::BodyFilter(const UnitSetup &Setup,
                       std::function<void(const BodyFilter *)> OnGone)
    : PP(*Setup.PP), OnGone(std::move(OnGone)) {
  for (const fs_rules *Rules : Setup.Rules)
    Keep.addRules(Rules);
  const char *ParseAll = std::getenv("FLAGSPACE_RUNNER_PARSE_ALL");
  const char *Log = std::getenv("FLAGSPACE_RUNNER_LOG");
  Logging = Log && *Log;
  Active = Setup.MaySkip && Keep.hasRules() && !(ParseAll && *ParseAll);
  shareHeaders();
  // A PCH of the unit's own (target_precompile_headers) hides its headers'
  // tokens, so what they make carry is not known: every body is parsed.
  if (SharedPch.empty() && !PP.getPreprocessorOpts().ImplicitPCHInclude.empty())
    Active = false;
  if (Active) {
    Names.emplace(PP);
    Fields.emplace(PP.getSourceManager());
  }
}

BodyFilter::~BodyFilter() {
  if (OnGone)
    OnGone(this);
}

// The parser registers itself as the preprocessor's code completion
// handler: the one way to reach it from a consumer.
Parser &BodyFilter::parser() const {
  return *static_cast<Parser *>(PP.getCodeCompletionHandler());
}

// Reads the body through the preprocessor with backtracking on (its
// tokens are cached as they are lexed), from its '{' to its '}'; the
// caller then goes back to the '{' for the parser to read them again, or
// keeps them read (endPeek). Nesting of (), [] and {} is followed as the
// parser's skipping does. False at the end of the file or on a body that
// does not close as it opened: it is then parsed.
bool BodyFilter::peekBody(const Token &LBrace, Peek &Out) {
  Out.Tokens.push_back(LBrace);
  PP.EnableBacktrackAtThisPos();
  unsigned Depth = 1;
  unsigned ReturnDepth = 0; // of the return being read, 0 when none
  bool AfterName = false;   // the last token is a name in a return
  for (Token Tok;;) {
    Names->setSink(ReturnDepth ? &Out.Returns : nullptr);
    PP.Lex(Tok);
    if (AfterName && !Out.ReturnsOwn)
      Out.ReturnsOwn = isOwnName(Out.Tokens.back(), Tok, *Out.Declarator);
    AfterName = false;
    Out.Tokens.push_back(Tok);
    switch (Tok.getKind()) {
    case tok::eof:
      Names->setSink(nullptr);
      return false;
    case tok::l_brace:
    case tok::l_paren:
    case tok::l_square:
      ++Depth;
      break;
    case tok::r_brace:
    case tok::r_paren:
    case tok::r_square:
      if (--Depth == 0) {
        Names->setSink(nullptr);
        uniqueNames(Out.Returns);
        return Tok.is(tok::r_brace);
      }
      if (Depth < ReturnDepth)
        ReturnDepth = 0;
      break;
    case tok::kw_return:
      ReturnDepth = Depth;
      break;
    case tok::semi:
      if (Depth == ReturnDepth)
        ReturnDepth = 0;
      break;
    default:
      AfterName = ReturnDepth && Out.Declarator;
      break;
    }
  }
}

// After peekBody: a skipped body's tokens stay read but for its '}', which
// the parser's skipping then reads (clang's SkipFunctionBody reads the '{'
// and skips to the '}'): its tokens are not read a second time. Any other
// body is read again from its '{'.
void BodyFilter::endPeek(const Peek &Read, bool Skip) {
  if (!Skip) {
    PP.Backtrack();
    return;
  }
  PP.CommitBacktrackedTokens();
  PP.EnterToken(Read.Tokens.back(), /*IsReinject=*/true);
}

bool BodyFilter::shouldSkipFunctionBody(Decl *D) {
  FunctionDecl *Function = D ? D->getAsFunction() : nullptr;
  if (!Active || !Function || Parsed)
    return false;
  Token LBrace = parser().getCurToken();
  if (!LBrace.is(tok::l_brace))
    return false;
  if (Unclosed) {
    if (Logging) {
      Body B;
      B.Function = Function;
      log(B, "kept, after a body that did not close", nullptr);
    }
    return false;
  }
  NameList Declarator = Names->takeAll();
  Names->takeMembers();
  uniqueNames(Declarator);
  Peek Read;
  Read.Declarator = &Declarator;
  bool Closed = peekBody(LBrace, Read);
  Asked.insert(Function);
  Body B;
  B.Function = Function;
  B.Names = merged(std::move(Declarator), Names->takeAll());
  B.Members = Names->takeMembers();
  Fields->noteWrites(Names->takeFieldWrites(), Keep);
  // A returned variable of its own holds what the body writes into it.
  if (mayBeFollowed(Function))
    B.Returns = Read.ReturnsOwn ? B.Names : std::move(Read.Returns);
  if (!Closed) {
    endPeek(Read, false);
    Unclosed = true;
    recordBody(std::move(B));
    return false;
  }
  const char *What = nullptr;
  const IdentifierInfo *Why = findReason(B, false, What);
  B.Skipped = !Why;
  endPeek(Read, B.Skipped);
  if (B.Skipped) {
    B.Tokens = std::make_unique<LateParsedTemplate>();
    B.Tokens->Toks = std::move(Read.Tokens);
    B.Tokens->D = Function;
    keepFPFeatures(*B.Tokens, parser().getActions());
  }
  if (Logging) {
    const IdentifierInfo *Name = findReason(B, true, What);
    log(B, B.Skipped ? "skipped" : What, Name);
  }
  recordBody(std::move(B));
  return !Why;
}

// Keeps what the end of the unit needs, and lets the function carry now
// when its returns do.
void BodyFilter::recordBody(Body B) {
  const IdentifierInfo *Name = B.Function->getIdentifier();
  if (Name && !B.Returns.empty() &&
      (Keep.findCarrier(B.Returns) || returnsFlagField(B))) {
    B.Carrier = true;
    Keep.add(Name);
  }
  if (B.Skipped)
    SkippedIndex[B.Function->getCanonicalDecl()] = Bodies.size();
  Bodies.push_back(std::move(B));
}

bool BodyFilter::HandleTopLevelDecl(DeclGroupRef Group) {
  if (!SharedPch.empty())
    OwnDecls.insert(OwnDecls.end(), Group.begin(), Group.end());
  if (!Active || Parsed)
    return true;
  auto *Function = Group.isSingleDecl()
                       ? dyn_cast_or_null<FunctionDecl>(Group.getSingleDecl())
                       : nullptr;
  if (Function && (Function->doesThisDeclarationHaveABody() ||
                   Function->hasSkippedBody())) {
    // What was read since its '}' is the next declaration's start.
    NameList Tail = Names->take();
    Names->takeMembers();
    Fields->noteWrites(Names->takeFieldWrites(), Keep);
    if (Asked.count(Function)) {
      // Kept, so it names what carries: its brace initializers give flags.
      if (!Function->hasSkippedBody())
        Fields->noteInitializers(Function, true);
      return true;
    }
    // A body clang parsed without asking: all of it was read since.
    Body B;
    B.Function = Function;
    B.Names = Tail;
    if (mayBeFollowed(Function))
      B.Returns = std::move(Tail);
    recordBody(std::move(B));
    return true;
  }
  noteDeclarations(Group, Names->take());
  Names->takeMembers();
  Fields->noteWrites(Names->takeFieldWrites(), Keep);
  return true;
}

// A type declaration's own field names are not uses of what they spell
// (a C type declaration has no initializer nor default argument): a
// struct whose member is only named like a function the rules know
// (file_operations' flock, inode_operations' mknod) does not carry for
// it. A field named like a flag, a record or a layout call still counts.
void BodyFilter::dropFieldNames(DeclGroupRef Group, NameList &Named) const {
  NameList Fields;
  for (const Decl *D : Group) {
    if (!isa<TagDecl>(D) && !isa<TypedefNameDecl>(D))
      return;
    if (const auto *Record = dyn_cast<RecordDecl>(D))
      addFieldNames(Record, Fields);
    addDeclared(D, Fields);
  }
  uniqueNames(Fields);
  Named.erase(std::remove_if(Named.begin(), Named.end(),
                             [&](const IdentifierInfo *Name) {
                               return hasName(Fields, Name) &&
                                      Keep.onlyCall(Name);
                             }),
              Named.end());
}

void BodyFilter::noteDeclarations(DeclGroupRef Group, NameList Named) {
  dropFieldNames(Group, Named);
  bool Carries =
      Keep.findCarrier(Named) ||
      (!Group.isNull() && Fields->find(Named, (*Group.begin())->getLocation()));
  Declaration Decl;
  for (const class Decl *D : Group) {
    addDeclared(D, Decl.Declared);
    Fields->noteDeclared(D);
    if (isa<VarDecl>(D))
      Fields->noteInitializers(D, Carries);
  }
  if (Decl.Declared.empty())
    return;
  if (Keep.findCarrier(Named)) {
    for (const IdentifierInfo *Name : Decl.Declared)
      Keep.add(Name);
    return;
  }
  Decl.Named = std::move(Named);
  Pending.push_back(std::move(Decl));
}

// What carries, closed over the declarations and returns that named a
// name before it carried.
void BodyFilter::closeNames() {
  for (bool Changed = true; Changed;) {
    Changed = Fields->close(Keep);
    for (Declaration &Decl : Pending) {
      if (Decl.Named.empty() || !Keep.findCarrier(Decl.Named))
        continue;
      for (const IdentifierInfo *Name : Decl.Declared)
        Keep.add(Name);
      Decl.Named.clear();
      Changed = true;
    }
    for (Body &B : Bodies) {
      const IdentifierInfo *Name = B.Function->getIdentifier();
      if (B.Carrier || !Name || B.Returns.empty() ||
          (!Keep.findCarrier(B.Returns) && !returnsFlagField(B)))
        continue;
      B.Carrier = true;
      Keep.add(Name);
      Changed = true;
    }
  }
}

void BodyFilter::HandleTranslationUnit(ASTContext &Context) {
  if (!SharedPch.empty())
    Context.setTraversalScope(OwnDecls);
  if (!Active)
    return writeNames();
  Parsed = true;
  Fields->noteWrites(Names->takeFieldWrites(), Keep);
  closeNames();
  for (Body &B : Bodies) {
    if (!B.Skipped || B.Late)
      continue;
    const char *What = nullptr;
    if (Unclosed)
      parseLate(B, "parsed at the end, after a body that did not close",
                nullptr);
    else if (const IdentifierInfo *Name = findReason(B, true, What))
      parseLate(B, Keep.findCarrier(B.Names) ? "parsed at the end, naming"
                                             : "parsed at the end, reading",
                Name);
  }
  writeNames();
}

// Whether B's returns read a flag field (a member named in a return).
bool BodyFilter::returnsFlagField(const Body &B) const {
  NameList Read;
  std::set_intersection(B.Returns.begin(), B.Returns.end(), B.Members.begin(),
                        B.Members.end(), std::back_inserter(Read));
  return !Read.empty() && Fields->find(Read, B.Function->getLocation());
}

// Why B is kept: a carrying name it names, or else a flag field it reads
// (What says which, for the log); null when it may be skipped.
const IdentifierInfo *BodyFilter::findReason(const Body &B, bool Alphabetical,
                                             const char *&What) {
  What = "kept, naming";
  if (const IdentifierInfo *Name = Keep.findCarrier(B.Names, Alphabetical))
    return Name;
  What = "kept, reading";
  return Fields->find(B.Members, B.Function->getLocation());
}

BodyFilter::Body *BodyFilter::skippedBody(const FunctionDecl *Function) {
  if (!Parsed || !Function)
    return nullptr;
  auto Found = SkippedIndex.find(Function->getCanonicalDecl());
  if (Found == SkippedIndex.end())
    return nullptr;
  Body &B = Bodies[Found->second];
  return B.Late ? nullptr : &B;
}

void BodyFilter::parse(const FunctionDecl *Function) {
  if (Body *B = skippedBody(Function))
    parseLate(*B, "parsed for the checks", nullptr);
}

std::vector<const FunctionDecl *>
BodyFilter::parseNaming(const NamedDecl *Var) {
  std::vector<const FunctionDecl *> Parsed;
  const IdentifierInfo *Name = Var ? Var->getIdentifier() : nullptr;
  if (!this->Parsed || !Name)
    return Parsed;
  for (Body &B : Bodies)
    if (B.Skipped && !B.Late && names(B, Var)) {
      parseLate(B, "parsed for the checks, naming", Name);
      Parsed.push_back(B.Function);
    }
  return Parsed;
}

// Whether B names D: a field as a member (`.f`, `->f`) after its struct,
// a tag after struct, union or enum (or as a name, erring on parsing),
// anything else as a name.
bool BodyFilter::names(const Body &B, const NamedDecl *D) const {
  const IdentifierInfo *Name = D->getIdentifier();
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    const SourceManager &SM = PP.getSourceManager();
    return hasName(B.Members, Name) &&
           !SM.isBeforeInTranslationUnit(
               SM.getExpansionLoc(B.Function->getLocation()),
               SM.getExpansionLoc(Field->getParent()->getLocation()));
  }
  return hasName(B.Names, Name) ||
         (isa<TagDecl>(D) && hasName(B.Names, asTag(Name)));
}

// Parses a skipped body as clang parses a late-parsed template's: the
// function is marked so that its definition is entered again.
void BodyFilter::parseLate(Body &B, const char *Why,
                           const IdentifierInfo *Name) {
  B.Late = true;
  LateParsed.push_back(B.Function);
  if (Logging)
    log(B, Why, Name);
  FunctionDecl *Function = B.Function;
  Function->setHasSkippedBody(false);
  Function->setLateTemplateParsed(true);
  // Entering the definition again adds its parameters to it again; a
  // parameter twice in its chain of declarations would make it a loop.
  for (ParmVarDecl *Param : Function->parameters())
    if (Function->containsDecl(Param))
      Function->removeDecl(Param);
  const CachedTokens &Toks = B.Tokens->Toks;
  BodyDiagnostics Filter(PP.getDiagnostics(), PP.getSourceManager(),
                         Toks.front().getLocation(), Toks.back().getLocation());
  // The end of the unit forgot its scope, where a builtin first used in
  // the body is declared: the parser is still in it.
  Sema &Actions = parser().getActions();
  Scope *Saved = Actions.TUScope;
  if (!Actions.TUScope)
    Actions.TUScope = parser().getCurScope();
  flagspaceParseLateBody(&parser(), *B.Tokens);
  Actions.TUScope = Saved;
  Function->setLateTemplateParsed(false);
}

// A unit reading its headers from a PCH: the names they make carry, which
// the headers' own run wrote, join before the unit's first body.
void BodyFilter::shareHeaders() {
  SharedPch = sharedPCH(PP);
  std::string Error;
  if (!SharedPch.empty() && !readSharedNames(SharedPch, Keep, Error))
    error(namesFileOf(SharedPch), Error);
  else if (Logging && !SharedPch.empty())
    llvm::errs() << "flagspace-runner: shared headers from " << SharedPch
                 << ": " << Keep.sharedCount() << " names carry\n";
}

// The headers' own run (--flagspace-write-names): what they make carry.
// Only a unit whose bodies were read ahead knows it.
void BodyFilter::writeNames() {
  const std::string &Path = sharedHeaderOptions().WriteNames;
  std::string Error;
  if (Path.empty())
    return;
  if (!Active)
    error(Path, "--flagspace-write-names: no names to write, since this "
                "unit's bodies are not read ahead (not C, another check, or "
                "FLAGSPACE_RUNNER_PARSE_ALL)");
  else if (!writeSharedNames(Path, Keep, Error))
    error(Path, "--flagspace-write-names: " + Error);
}

// clang's own "error opening '%0': %1": a custom diagnostic ID makes
// clang-tidy 22 crash naming its check (getWarningOptionForDiag).
void BodyFilter::error(const std::string &Path, const std::string &Why) {
  PP.getDiagnostics().Report(diag::err_fe_error_opening) << Path << Why;
}

// $FLAGSPACE_RUNNER_LOG: one line per decision, for tests and for people.
void BodyFilter::log(const Body &B, const char *What,
                     const IdentifierInfo *Name) const {
  const SourceManager &SM = PP.getSourceManager();
  PresumedLoc Where =
      SM.getPresumedLoc(SM.getExpansionLoc(B.Function->getLocation()));
  llvm::errs() << "flagspace-runner: "
               << (Where.isValid() ? Where.getFilename() : "<unknown>") << ":"
               << (Where.isValid() ? Where.getLine() : 0) << ": "
               << B.Function->getName() << ": " << What;
  if (Name)
    llvm::errs() << " " << Name->getName();
  llvm::errs() << "\n";
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
