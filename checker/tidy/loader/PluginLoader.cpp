//===--- PluginLoader.cpp - load the checks once the LLVM major is right -===//
//
// flagspace-tidy-N.so, the file users pass to clang-tidy --load, is only
// this loader and VersionGuard.cpp. The checks live in
// flagspace-tidy-checks-N.so next to it, which refers to hundreds of LLVM
// symbols: loaded directly into a clang-tidy of another major, the dynamic
// loader would reject it for a missing symbol before any of its code could
// run, and clang-tidy would go on without the checks ("-load request
// ignored"). The loader refers to no LLVM symbol, so it always loads; the
// guard's constructor runs first, and only then is the checks module loaded.
//
//===----------------------------------------------------------------------===//

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // dladdr
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <unistd.h>

#ifndef FLAGSPACE_LLVM_MAJOR
#error "FLAGSPACE_LLVM_MAJOR must be defined to the LLVM major of the build"
#endif
#ifndef FLAGSPACE_CHECKS_MODULE
#error "FLAGSPACE_CHECKS_MODULE must name the checks module file"
#endif

namespace {

[[noreturn]] void fail(const std::string &Message) {
  std::string Line = "flagspace: " + Message + "\n";
  ssize_t Ignored = write(STDERR_FILENO, Line.data(), Line.size());
  (void)Ignored;
  // _exit: we are inside dlopen; see VersionGuard.cpp.
  _exit(2);
}

// The directory of this loader, symbolic links resolved, so that the checks
// module is found next to the real file.
std::string getLoaderDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&getLoaderDirectory), &Info) ||
      !Info.dli_fname)
    return std::string();
  char *Real = realpath(Info.dli_fname, nullptr);
  std::string Path = Real ? Real : Info.dli_fname;
  std::free(Real);
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? std::string(".") : Path.substr(0, Slash);
}

// Priority 102: after VersionGuard.cpp's check (101), before anything else.
__attribute__((constructor(102))) void loadChecksModule() {
  std::string Directory = getLoaderDirectory();
  if (Directory.empty())
    fail("cannot find where flagspace-tidy-" +
         std::to_string(FLAGSPACE_LLVM_MAJOR) + ".so was loaded from");
  std::string Path = Directory + "/" + FLAGSPACE_CHECKS_MODULE;
  // RTLD_NOW: a symbol this clang-tidy lacks is reported here, with the
  // file's name, rather than by a crash in the middle of a check.
  if (!dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
    const char *Error = dlerror();
    fail("cannot load the checks module '" + Path +
         "': " + (Error ? Error : "unknown error"));
  }
}

} // namespace
