//===--- VersionGuard.cpp - refuse to run inside another LLVM major ------===//
//
// A clang-tidy module only works in a clang-tidy of the LLVM major it was
// built for. Loaded into another one it would crash or, worse, load and
// report nothing. This constructor runs when the module is loaded, looks at
// the LLVM libraries of the process and stops it with a clear message and
// exit status 2.
//
// It includes no LLVM header and links no LLVM symbol, so that it can run in
// any clang-tidy: it is part of the loader flagspace-tidy-N.so (see
// PluginLoader.cpp) and, should someone load that directly, of the checks
// module too.
//
//===----------------------------------------------------------------------===//

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // dl_iterate_phdr
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <unistd.h>

#ifndef FLAGSPACE_LLVM_MAJOR
#error "FLAGSPACE_LLVM_MAJOR must be defined to the LLVM major of the build"
#endif

namespace {

// The LLVM major in a shared library's file name, or 0 when the name is not
// one of LLVM's: libclang-cpp.so.14, libclang-cpp.so.19.1, libLLVM-14.so.1,
// libLLVM.so.19.1, libLLVM-19.so (Debian and upstream dylib builds), and
// libLLVMSupport.so.19.1 (builds with one library per component).
int majorFromLibraryName(const char *Path) {
  const char *Base = std::strrchr(Path, '/');
  Base = Base ? Base + 1 : Path;
  static const char *const Prefixes[] = {"libclang-cpp.so.", "libLLVM.so.",
                                         "libLLVM-", "libLLVMSupport.so."};
  for (const char *Prefix : Prefixes) {
    size_t Length = std::strlen(Prefix);
    if (std::strncmp(Base, Prefix, Length) != 0)
      continue;
    const char *Digits = Base + Length;
    int Major = 0;
    while (*Digits >= '0' && *Digits <= '9' && Major < 10000)
      Major = Major * 10 + (*Digits++ - '0');
    // After the major: end of name, ".so..." or ".minor".
    if (Major > 0 && (*Digits == '\0' || *Digits == '.'))
      return Major;
  }
  return 0;
}

struct HostScan {
  int OtherMajor = 0;        // an LLVM major that is not ours, if any
  bool OwnMajorSeen = false; // a library of our major is loaded
};

int scanObject(struct dl_phdr_info *Info, size_t, void *Data) {
  auto *Scan = static_cast<HostScan *>(Data);
  if (!Info->dlpi_name)
    return 0;
  int Major = majorFromLibraryName(Info->dlpi_name);
  if (Major == FLAGSPACE_LLVM_MAJOR)
    Scan->OwnMajorSeen = true;
  else if (Major != 0 && Scan->OtherMajor == 0)
    Scan->OtherMajor = Major;
  return 0;
}

void writeAll(const char *Text) {
  size_t Left = std::strlen(Text);
  while (Left > 0) {
    ssize_t Written = write(STDERR_FILENO, Text, Left);
    if (Written <= 0)
      return;
    Text += Written;
    Left -= static_cast<size_t>(Written);
  }
}

// A clang-tidy linked statically with LLVM has no library to look at; ask
// its clang::getClangFullVersion() ("... clang version 19.1.7 ..."), whose
// signature has not changed in many majors. Returns 0 when it is not there.
int majorFromClangVersion() {
  using VersionFn = std::string (*)();
  void *Symbol = dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev");
  if (!Symbol)
    return 0;
  std::string Version = reinterpret_cast<VersionFn>(Symbol)();
  size_t At = Version.find("version ");
  if (At == std::string::npos)
    return 0;
  return std::atoi(Version.c_str() + At + 8);
}

// Runs before the module's other static constructors (priority 101 is the
// first one available to programs), so before the module registers itself.
__attribute__((constructor(101))) void checkHostLLVMMajor() {
  HostScan Scan;
  dl_iterate_phdr(scanObject, &Scan);
  if (Scan.OtherMajor == 0 && !Scan.OwnMajorSeen) {
    int Major = majorFromClangVersion();
    if (Major != FLAGSPACE_LLVM_MAJOR)
      Scan.OtherMajor = Major;
  }
  if (Scan.OtherMajor == 0)
    return;
  char Message[512];
  std::snprintf(Message, sizeof(Message),
                "flagspace: flagspace-tidy-%d.so was built for LLVM %d but "
                "this clang-tidy uses LLVM %d; load flagspace-tidy-%d.so "
                "instead\n",
                FLAGSPACE_LLVM_MAJOR, FLAGSPACE_LLVM_MAJOR, Scan.OtherMajor,
                Scan.OtherMajor);
  writeAll(Message);
  // _exit, not exit: we are inside dlopen, holding the loader's lock, and
  // the host's atexit handlers and static destructors must not run now.
  _exit(2);
}

} // namespace
