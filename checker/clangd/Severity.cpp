//===--- Severity.cpp - same-value and deprecated findings as information ===//
//
// A clang-tidy check's diagnostic reaches the editor as a warning or an
// error: clangd reads a remark as a note of the diagnostic before it, and
// its own table of diagnostic tags names checks by prefix only (modernize-).
// So flagspace-clangd is linked with --wrap for the function that turns
// clangd's diagnostics into the LSP notification (CMakeLists.txt):
//   llvm::json::Value toJSON(const PublishDiagnosticsParams &);
// clangd's call comes here, the real function writes the JSON, and a
// flagspace finding that is a warning and whose consequence is same-value
// or deprecated (its message ends "[same-value]", Consequences.h) is sent
// as information (LSP severity 3). Errors stay errors: the user asked for
// them (flagspace.ConsequencesAsErrors).
//
// It relies on the function's signature, the same in LLVM 18 to 22, and
// on the LSP fields of a diagnostic (code, message, severity); the struct
// itself is only passed by reference.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>

namespace clang {
namespace clangd {
struct PublishDiagnosticsParams;
} // namespace clangd
} // namespace clang

using clang::clangd::PublishDiagnosticsParams;

// The wrapped function and the original, by their mangled names.
llvm::json::Value flagspacePublishDiagnostics(
    const PublishDiagnosticsParams &Params) asm(
    "__wrap__ZN5clang6clangd6toJSONERKNS0_24PublishDiagnosticsParamsE");
llvm::json::Value clangdPublishDiagnostics(
    const PublishDiagnosticsParams &Params) asm(
    "__real__ZN5clang6clangd6toJSONERKNS0_24PublishDiagnosticsParamsE");

namespace {

constexpr int64_t LspWarning = 2;
constexpr int64_t LspInformation = 3;

// Whether the message, as clangd sends it, ends its first line with a
// consequence that changes nothing on this target. clangd has taken the
// check's name off it and may add " (fix available)" and the notes after a
// blank line.
bool isHarmless(llvm::StringRef Message) {
  llvm::StringRef First = Message.split('\n').first.rtrim();
  if (!First.consume_back(" (fix available)"))
    First.consume_back(" (fixes available)");
  return First.ends_with(" [same-value]") || First.ends_with(" [deprecated]");
}

void lower(llvm::json::Object &Diag) {
  std::optional<llvm::StringRef> Code = Diag.getString("code");
  std::optional<llvm::StringRef> Message = Diag.getString("message");
  std::optional<int64_t> Severity = Diag.getInteger("severity");
  if (Code && Code->starts_with("flagspace-") && Message &&
      isHarmless(*Message) && Severity && *Severity == LspWarning)
    Diag["severity"] = LspInformation;
}

} // namespace

llvm::json::Value
flagspacePublishDiagnostics(const PublishDiagnosticsParams &Params) {
  llvm::json::Value Result = clangdPublishDiagnostics(Params);
  llvm::json::Object *Object = Result.getAsObject();
  llvm::json::Array *Diags = Object ? Object->getArray("diagnostics") : nullptr;
  if (Diags)
    for (llvm::json::Value &Diag : *Diags)
      if (llvm::json::Object *D = Diag.getAsObject())
        lower(*D);
  return Result;
}
