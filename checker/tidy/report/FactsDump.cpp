//===--- FactsDump.cpp - print the facts given to the engine -------------===//
//
// Debug output of the module's facts, enabled by FLAGSPACE_DEBUG_FACTS=1.
//
//===----------------------------------------------------------------------===//

#include "report/FactsDump.h"

#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <cstring>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {

// The value's tree in prefix order: "tree: | #0 & ? ~#1".
void dumpTree(llvm::raw_ostream &OS, const std::vector<fs_node> &Nodes) {
  static const char *const Spelling[FS_OP_COUNT] = {
      "#", "?", "|", "&", "^", "+", "-", "<<", ">>", "==", "!=", "<>", "&&",
      "||", "~", "!", "neg", "?:", "either", "maybe", "truth"};
  OS << "\n    tree:";
  for (const fs_node &Node : Nodes) {
    OS << " " << (Node.op < FS_OP_COUNT ? Spelling[Node.op] : "bad");
    if (Node.op == FS_OP_TERM)
      OS << Node.term;
  }
}

void dumpValue(llvm::raw_ostream &OS, const char *Label,
               const ExtractedValue &Value, const SourceManager &SM,
               const LangOptions &LangOpts) {
  OS << "  " << Label << ":";
  if (Value.Terms.empty() && !Value.HasUnknown)
    OS << " (nothing)";
  for (size_t I = 0; I < Value.Terms.size(); ++I) {
    const fs_term &Term = Value.Terms[I];
    const TermSite &Site = Value.Sites[I];
    OS << "\n    " << (Term.name ? Term.name : "<unnamed>");
    if (Term.has_value)
      OS << " = "
         << (Term.value < 0 ? llvm::format("%lld", (long long)Term.value)
                            : llvm::format("0x%llx", (long long)Term.value));
    else
      OS << " = ?";
    if (Term.flags & FS_TERM_FIXABLE)
      OS << " fixable '" << Lexer::getSourceText(Site.FixRange, SM, LangOpts)
         << "' at " << Site.FixRange.getBegin().printToString(SM);
    OS << " @ " << SM.getFileLoc(Site.Loc).printToString(SM);
  }
  if (Value.HasUnknown)
    OS << "\n    (has unknown part)";
  if (!Value.Nodes.empty())
    dumpTree(OS, Value.Nodes);
  OS << "\n";
}

// "call open() with 3 args"
std::string describe(const fs_call &Call) {
  return "call " + std::string(Call.callee) + "() with " +
         std::to_string(Call.nargs) + " args";
}

// "initializer of struct open_how", "assignment of struct open_how"
std::string describe(const fs_record &Record) {
  return std::string(Record.is_initializer ? "initializer" : "assignment") +
         " of struct " + Record.record;
}

// "arg 0", "arg 1" ...
std::vector<std::string> getLabels(const fs_call &Call) {
  std::vector<std::string> Labels;
  for (size_t I = 0; I < Call.nargs; ++I)
    Labels.push_back("arg " + std::to_string(I));
  return Labels;
}

// "field flags", "field mask (compound)" ...
std::vector<std::string> getLabels(const fs_record &Record) {
  std::vector<std::string> Labels;
  for (size_t I = 0; I < Record.nfields; ++I)
    Labels.push_back(std::string("field ") + Record.fields[I].name +
                     (Record.fields[I].is_compound ? " (compound)" : ""));
  return Labels;
}

// One site's facts: "flagspace facts: <check>: <What> @ <file:line:col>",
// then each value under its label.
void dumpSite(fs_check Check, const std::string &What,
              const std::vector<std::string> &Labels,
              const std::vector<ExtractedValue> &Values, SourceLocation Loc,
              const SourceManager &SM, const LangOptions &LangOpts) {
  llvm::raw_ostream &OS = llvm::errs();
  OS << "flagspace facts: " << fs_check_name(Check) << ": " << What << " @ "
     << SM.getFileLoc(Loc).printToString(SM) << "\n";
  for (size_t I = 0; I < Labels.size() && I < Values.size(); ++I)
    dumpValue(OS, Labels[I].c_str(), Values[I], SM, LangOpts);
}

} // namespace

bool isFactsDumpEnabled() {
  static const bool Enabled = [] {
    const char *Env = std::getenv("FLAGSPACE_DEBUG_FACTS");
    return Env && *Env && std::strcmp(Env, "0") != 0;
  }();
  return Enabled;
}

template <typename Site>
void dumpFacts(fs_check Check, const Site &Facts,
               const std::vector<ExtractedValue> &Values, SourceLocation Loc,
               const SourceManager &SM, const LangOptions &LangOpts) {
  if (isFactsDumpEnabled())
    dumpSite(Check, describe(Facts), getLabels(Facts), Values, Loc, SM,
             LangOpts);
}

template void dumpFacts(fs_check, const fs_call &,
                        const std::vector<ExtractedValue> &, SourceLocation,
                        const SourceManager &, const LangOptions &);
template void dumpFacts(fs_check, const fs_record &,
                        const std::vector<ExtractedValue> &, SourceLocation,
                        const SourceManager &, const LangOptions &);

} // namespace flagspace
} // namespace tidy
} // namespace clang
