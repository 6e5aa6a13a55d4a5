//===--- Runner.cpp - flagspace-runner's side of the checks' hooks --------===//

#include "Runner.h"

#include "Compat.h"
#include "clang/Frontend/FrontendOptions.h"
#include <cstdlib>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// A unit no flagspace check set up for: every body is parsed, as the
// consumers after it expect (an ASTConsumer skips by default).
class KeepEveryBody : public ASTConsumer {
public:
  bool shouldSkipFunctionBody(Decl *) override { return false; }
};

// Warnings that only skipping causes: a static function or variable whose
// only uses are in skipped bodies looks unused.
const char *const SkippingWarnings[] = {
    "no-unused-function",
    "no-unused-variable",
    "no-unused-const-variable",
    "no-unneeded-internal-declaration",
};

bool isC(const CompilerInvocation &Invocation) {
  const FrontendOptions &Options = Invocation.getFrontendOpts();
  if (Options.Inputs.empty())
    return false;
  for (const FrontendInputFile &Input : Options.Inputs)
    if (Input.getKind().getLanguage() != Language::C)
      return false;
  return true;
}

bool parseAll() {
  const char *Value = std::getenv("FLAGSPACE_RUNNER_PARSE_ALL");
  return Value && *Value;
}

} // namespace

Runner &theRunner() {
  static Runner The;
  return The;
}

// Another check (or the static analyzer) may need the bodies skipped, and
// a compiler warning reported as clang-diagnostic-* may come from one.
bool Runner::onlyFlagspaceChecks(ClangTidyContext &Context) {
  const ClangTidyOptions &Options = Context.getOptions();
  std::string Key = Options.Checks ? *Options.Checks : std::string();
  auto Found = OnlyFlagspace.find(Key);
  if (Found != OnlyFlagspace.end())
    return Found->second;
  bool Only = true;
  std::vector<std::string> Names = enabledCheckNames(Options, Context);
  for (const std::string &Name : Names)
    Only = Only && Name.compare(0, 10, "flagspace-") == 0;
  for (const char *Warning :
       {"clang-diagnostic-unused-function", "clang-diagnostic-unused-variable",
        "clang-diagnostic-x"})
    Only = Only && !Context.isCheckEnabled(Warning);
  OnlyFlagspace[Key] = Only;
  return Only;
}

void Runner::noteUnit(const fs_rules *Rules, Preprocessor &PP,
                      ClangTidyContext &Context) {
  if (!HasPending) {
    Pending = UnitSetup();
    Pending.PP = &PP;
    const LangOptions &Lang = PP.getLangOpts();
    Pending.MaySkip =
        !Lang.CPlusPlus && !Lang.ObjC && onlyFlagspaceChecks(Context);
    HasPending = true;
  }
  if (Pending.PP == &PP)
    Pending.Rules.push_back(Rules);
}

void Runner::prepare(CompilerInvocation &Invocation) {
  if (parseAll() || !isC(Invocation))
    return;
  Invocation.getFrontendOpts().SkipFunctionBodies = true;
  std::vector<std::string> &Warnings = Invocation.getDiagnosticOpts().Warnings;
  Warnings.insert(Warnings.end(), std::begin(SkippingWarnings),
                  std::end(SkippingWarnings));
}

std::unique_ptr<ASTConsumer> Runner::makeFilter() {
  if (!HasPending)
    return std::make_unique<KeepEveryBody>();
  HasPending = false;
  auto Filter = std::make_unique<BodyFilter>(Pending, [this](const BodyFilter *F) {
    forget(F);
  });
  Current = Filter.get();
  return Filter;
}

void Runner::forget(const BodyFilter *Filter) {
  if (Current == Filter)
    Current = nullptr;
}

void Runner::parse(const FunctionDecl *Function) {
  if (Current)
    Current->parse(Function);
}

void Runner::parseIfWrapper(const FunctionDecl *Function) {
  if (Current)
    Current->parseIfWrapper(Function);
}

std::vector<const FunctionDecl *> Runner::parseNaming(const NamedDecl *Var) {
  return Current ? Current->parseNaming(Var)
                 : std::vector<const FunctionDecl *>();
}

const std::vector<const FunctionDecl *> &Runner::parsedLate() const {
  static const std::vector<const FunctionDecl *> None;
  return Current ? Current->parsedLate() : None;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
