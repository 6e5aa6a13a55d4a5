//===--- SharedHeaders.cpp - units that read their headers from a PCH -----===//

#include "SharedHeaders.h"

#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstring>

namespace clang {
namespace tidy {
namespace flagspace {

namespace {
// The first line of a names file: what it is, and its format's version.
const char NamesHeader[] = "flagspace-names 1";
const char SharedFlag[] = "--flagspace-shared-headers";
const char WriteFlag[] = "--flagspace-write-names=";
} // namespace

SharedHeaderOptions &sharedHeaderOptions() {
  static SharedHeaderOptions Options;
  return Options;
}

bool takeSharedHeaderOptions(std::vector<const char *> &Args,
                             std::string &Error) {
  SharedHeaderOptions &Options = sharedHeaderOptions();
  std::vector<const char *> Kept;
  for (const char *Arg : Args) {
    if (!std::strcmp(Arg, SharedFlag)) {
      Options.Shared = true;
      continue;
    }
    if (!std::strncmp(Arg, WriteFlag, sizeof WriteFlag - 1)) {
      Options.WriteNames = Arg + sizeof WriteFlag - 1;
      if (Options.WriteNames.empty()) {
        Error = std::string(WriteFlag) + " needs a file";
        return false;
      }
      continue;
    }
    Kept.push_back(Arg);
  }
  Args = std::move(Kept);
  return true;
}

std::string sharedPCH(const Preprocessor &PP) {
  if (!sharedHeaderOptions().Shared)
    return "";
  return PP.getPreprocessorOpts().ImplicitPCHInclude;
}

std::string namesFileOf(const std::string &Pch) { return Pch + ".names"; }

bool readSharedNames(const std::string &Pch, KeepNames &Keep,
                     std::string &Error) {
  std::string Path = namesFileOf(Pch);
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read the shared headers' names: " +
            Buffer.getError().message();
    return false;
  }
  llvm::StringRef Text = (*Buffer)->getBuffer();
  auto [First, Rest] = Text.split('\n');
  if (First != NamesHeader) {
    Error = std::string("not a names file of the shared headers (its "
                        "first line is not \"") +
            NamesHeader + "\")";
    return false;
  }
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    if (!Line.empty())
      Keep.addShared(Line);
  }
  return true;
}

bool writeSharedNames(const std::string &Path, const KeepNames &Keep,
                      std::string &Error) {
  std::vector<llvm::StringRef> Names;
  for (const IdentifierInfo *Name : Keep.joined())
    Names.push_back(Name->getName());
  std::sort(Names.begin(), Names.end());
  std::error_code Code;
  std::string Temporary = Path + ".part";
  {
    llvm::raw_fd_ostream Out(Temporary, Code);
    if (!Code) {
      Out << NamesHeader << "\n";
      for (llvm::StringRef Name : Names)
        Out << Name << "\n";
      Out.close();
      Code = Out.error();
    }
  }
  if (!Code)
    Code = llvm::sys::fs::rename(Temporary, Path);
  if (Code) {
    llvm::sys::fs::remove(Temporary);
    Error = "cannot write the shared headers' names: " + Code.message();
    return false;
  }
  return true;
}

} // namespace flagspace
} // namespace tidy
} // namespace clang
