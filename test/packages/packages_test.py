#!/usr/bin/env python3
"""packages_test.py: the Debian packages of a build, built, checked, installed, used, removed.

usage: packages_test.py --build <build-dir>

  1. cpack builds the build's packages (cmake/FlagspacePackaging.cmake):
     flagspace, flagspace-tidy-N and, where built, flagspace-clangd-N;
  2. each has the project's version, its Depends, files under /usr only,
     no file of another package (with the tidy packages of the other
     majors' builds, build/llvm-M/packages, when they are there), and
     lintian finds no error or warning (checker/docs/packaging.md lists
     the informational tags kept, and why);
  3. `apt-get install ./*.deb` installs them (and those other majors' tidy
     packages, side by side), then the installed files are used: `flagspace
     --version` and `flagspace audit` on examples/demo, each installed
     plugin in its installed clang-tidy, flagspace-clangd-N --check, and
     examples/find_package (find_package(flagspace), CMAKE_C_CLANG_TIDY
     with the plugin of each installed clang-tidy's major);
  4. `apt-get remove -y` removes them and whatever the install brought.

Installing needs root on a machine that may be changed (CI's): as another
user, or where a flagspace package is already installed, the test is
skipped (exit 77) with the reason. A build not configured with
-DCMAKE_INSTALL_PREFIX=/usr is skipped too: its layout is not Debian's.
"""

import argparse
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "install"))
from install_test import cache_value  # noqa: E402 (CMakeCache.txt reader)

SKIP = 77
APT_ENV = {"DEBIAN_FRONTEND": "noninteractive"}
APT_LOCK = ["-o", "DPkg::Lock::Timeout=600"]
LIBDIR = "/usr/lib/x86_64-linux-gnu"


class TestFailure(Exception):
    pass


class Skip(Exception):
    pass


def check(cond, message):
    if not cond:
        raise TestFailure(message)


def run(argv, env=None, cwd=None, quiet=False):
    full = dict(os.environ)
    full.update(env or {})
    for var in ("FLAGSPACE_PLUGIN", "FLAGSPACE_CLANG"):
        full.pop(var, None)
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=full, cwd=cwd, text=True)
    out = proc.stdout if not quiet or proc.returncode else "(%d lines)\n" % proc.stdout.count("\n")
    print("$ %s  (exit %d)\n%s" % (" ".join(argv), proc.returncode, out), flush=True)
    return proc


def installed_packages():
    proc = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${db:Status-Status}\n"],
                          stdout=subprocess.PIPE, text=True, check=True)
    return {p for p, s in (l.split(" ", 1) for l in proc.stdout.splitlines()) if s == "installed"}


def field(deb, name):
    return subprocess.run(["dpkg-deb", "-f", deb, name], stdout=subprocess.PIPE,
                          text=True, check=True).stdout.strip()


def files_of(deb):
    """The regular files and links of a package, as absolute paths."""
    out = subprocess.run(["dpkg-deb", "-c", deb], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    files = []
    for line in out.splitlines():
        path = line.split(None, 5)[5].split(" -> ")[0]
        if not line.startswith("d"):
            files.append(path[1:] if path.startswith("./") else path)
        check(path.startswith("./usr/") or path in ("./", "./usr/"),
              "%s installs %s, outside /usr" % (os.path.basename(deb), path))
    return files


def clang_tidy_of(major):
    path = "/usr/bin/clang-tidy-%d" % major
    return path if os.access(path, os.X_OK) else None


def build_packages(build, version, major, has_clangd):
    """Runs cpack; returns {package name: .deb path}."""
    outdir = os.path.join(build, "packages")
    for old in glob.glob(os.path.join(outdir, "*.deb")):
        os.remove(old)
    proc = run(["cpack", "--config", os.path.join(build, "CPackConfig.cmake")], cwd=build)
    check(proc.returncode == 0, "cpack failed")
    debs = {field(d, "Package"): d for d in glob.glob(os.path.join(outdir, "*.deb"))}
    want = {"flagspace", "flagspace-tidy-%d" % major}
    if has_clangd:
        want.add("flagspace-clangd-%d" % major)
    check(set(debs) == want, "cpack made %s, not %s" % (sorted(debs), sorted(want)))
    for name, deb in debs.items():
        check(field(deb, "Version") == version,
              "%s has version %s, not the project's %s" % (name, field(deb, "Version"), version))
    return debs


def check_depends(debs, major):
    wanted = {
        "flagspace": ["clang-%d" % major, "libclang1-%d" % major, "libyaml-0-2", "libc6"],
        "flagspace-tidy-%d" % major: ["clang-tidy-%d" % major, "libc6"],
        "flagspace-clangd-%d" % major: ["libclang-common-%d-dev" % major,
                                        "libclang-cpp%d" % major, "libllvm%d" % major],
    }
    for name, deb in debs.items():
        depends = [d.strip().split(" ")[0] for d in field(deb, "Depends").split(",")]
        for want in wanted[name]:
            check(want in depends, "%s does not depend on %s (Depends: %s)"
                  % (name, want, field(deb, "Depends")))
        if name == "flagspace":
            recommends = [d.strip().split(" ")[0]
                          for d in field(deb, "Recommends").split(",")]
            check("bear" in recommends, "flagspace does not recommend bear "
                  "(audit -- <build> runs it; Recommends: %s)" % field(deb, "Recommends"))
        description = field(deb, "Description").splitlines()
        check(len(description) > 3, "%s has no extended description" % name)


def other_tidy_packages(build, version, major):
    """The flagspace-tidy-M packages of the other majors' builds, of this version."""
    source = cache_value(build, "flagspace_SOURCE_DIR") or ""
    found = {}
    for deb in sorted(glob.glob(os.path.join(source, "build", "*", "packages",
                                             "flagspace-tidy-*_%s_*.deb" % version))):
        m = re.match(r"^flagspace-tidy-(\d+)_", os.path.basename(deb))
        if m and int(m.group(1)) != major and clang_tidy_of(int(m.group(1))):
            found[int(m.group(1))] = deb
    return found


def check_disjoint(debs):
    owner = {}
    for deb in debs:
        for f in files_of(deb):
            check(f not in owner, "%s is in both %s and %s"
                  % (f, os.path.basename(owner.get(f, "")), os.path.basename(deb)))
            owner[f] = deb


def lintian(debs):
    proc = run(["lintian", "--fail-on", "error,warning", "--tag-display-limit", "0",
                "--show-overrides"] + debs)
    check(proc.returncode == 0, "lintian reports errors or warnings")


def demo_project(source, tmp):
    project = os.path.join(tmp, "demo")
    os.makedirs(project)
    shutil.copy(os.path.join(source, "examples", "demo", "demo.c"), project)
    with open(os.path.join(project, "compile_commands.json"), "w") as f:
        json.dump([{"directory": project, "file": "demo.c",
                    "arguments": ["cc", "-std=gnu11", "-c", "demo.c"]}], f)
    return project


def findings(text):
    """(line, check) of each clang-tidy-style diagnostic in the text."""
    return sorted(set(re.findall(r"demo\.c:(\d+):\d+: (?:warning|error): .*\[(flagspace-[a-z-]+)", text)))


def use_installed(source, build, majors, has_clangd, major, tmp):
    project = demo_project(source, tmp)
    # What the build tree's own plugin finds in the demo: the installed
    # command and plugins must find the same.
    expected = findings(run([os.path.join(build, "checker", "cli", "flagspace"), "audit",
                             "-p", project, "-j1"]).stdout)
    check(len(expected) >= 5, "the build tree's audit finds %d findings in the demo" % len(expected))

    proc = run(["/usr/bin/flagspace", "--version"])
    for m in majors:
        line = "LLVM %d: /usr/lib/llvm-%d/bin/clang-tidy with %s/flagspace/flagspace-tidy-%d.so" \
            % (m, m, LIBDIR, m)
        check(line in proc.stdout, "flagspace --version does not list '%s'" % line)
    check("LLVM %d: " % majors[0] in proc.stdout.split("(audit uses this)")[0].splitlines()[-1],
          "flagspace --version does not use the newest major %d" % majors[0])

    proc = run(["/usr/bin/flagspace", "audit", "-p", project, "-j1"])
    check(proc.returncode == 1 and findings(proc.stdout) == expected,
          "the installed flagspace audit finds %s, not %s" % (findings(proc.stdout), expected))

    for m in majors:
        proc = run([clang_tidy_of(m), "--load=%s/flagspace/flagspace-tidy-%d.so" % (LIBDIR, m),
                    "-checks=-*,flagspace-*", os.path.join(project, "demo.c"), "--", "-std=gnu11"])
        check(findings(proc.stdout) == expected,
              "clang-tidy-%d with the installed plugin finds %s" % (m, findings(proc.stdout)))

    with gzip.open("/usr/share/man/man1/flagspace.1.gz", "rt") as f:
        check(".TH FLAGSPACE 1" in f.read(), "the installed man page is not flagspace(1)")
    proc = run(["/usr/bin/flagspace-pre-commit", "--help"])
    check(proc.returncode == 0, "the installed flagspace-pre-commit does not run")

    if has_clangd:
        clangd = "/usr/bin/flagspace-clangd-%d" % major
        proc = run([clangd, "--version"])
        check(proc.returncode == 0 and "with flagspace" in proc.stdout,
              "%s --version does not name flagspace" % clangd)
        with open(os.path.join(project, ".clang-tidy"), "w") as f:
            f.write("Checks: '-*,flagspace-*'\nWarningsAsErrors: '*'\n")
        proc = run([clangd, "--check=%s" % os.path.join(project, "demo.c")])
        check("flagspace-wrong-namespace" in proc.stdout,
              "%s --check does not report the demo's flagspace findings" % clangd)

    for m in majors:
        downstream(source, m, tmp)


def downstream(source, major, tmp):
    """examples/find_package with clang-tidy-<major>: the build stops at its bug."""
    out = os.path.join(tmp, "find_package-%d" % major)
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    proc = run(["cmake", "-S", os.path.join(source, "examples", "find_package"), "-B", out,
                "-DCLANG_TIDY=%s" % clang_tidy_of(major), "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"]
               + generator)
    check(proc.returncode == 0, "examples/find_package does not configure with clang-tidy-%d" % major)
    check(cache_value(out, "flagspace_DIR") == "%s/cmake/flagspace" % LIBDIR,
          "find_package(flagspace) found %s, not the package's" % cache_value(out, "flagspace_DIR"))
    proc = run(["cmake", "--build", out])
    check(proc.returncode != 0 and
          re.search(r"copy_file\.c:13:\d+: error: AT_SYMLINK_NOFOLLOW .*flagspace-wrong-namespace",
                    proc.stdout),
          "examples/find_package with clang-tidy-%d does not stop at copy_file.c:13" % major)


def apt_install(debs):
    """Installs the .debs; returns every package the install added."""
    debs = [os.path.abspath(d) for d in debs]
    sim = run(["apt-get", "install", "-s", "--no-install-recommends"] + debs, env=APT_ENV, quiet=True)
    check(sim.returncode == 0, "apt-get cannot install the packages")
    added = re.findall(r"^Inst (\S+)", sim.stdout, re.M)
    proc = run(["apt-get", "install", "-y", "--no-install-recommends"] + APT_LOCK + debs,
               env=APT_ENV, quiet=True)
    check(proc.returncode == 0, "apt-get install failed")
    return added


def apt_remove(added, before):
    proc = run(["apt-get", "remove", "-y"] + APT_LOCK + added, env=APT_ENV, quiet=True)
    left = set(added) & installed_packages()
    check(proc.returncode == 0 and not left, "apt-get remove left %s" % sorted(left))
    check(set(added).isdisjoint(before), "the test removed packages it did not install")
    check(not os.path.exists("/usr/bin/flagspace") and
          not os.path.exists(os.path.join(LIBDIR, "flagspace")),
          "files of the packages are left after apt-get remove")


def preconditions(build):
    prefix = cache_value(build, "CMAKE_INSTALL_PREFIX")
    if prefix != "/usr":
        raise Skip("the build's CMAKE_INSTALL_PREFIX is %s, not /usr: its layout is not Debian's "
                   "(configure with -DCMAKE_INSTALL_PREFIX=/usr, as cmake/setup.sh does)" % prefix)
    if os.geteuid() != 0:
        raise Skip("installing packages needs root (CI runs as root on a disposable machine)")
    for tool in ("apt-get", "dpkg-deb", "cpack"):
        if not shutil.which(tool):
            raise Skip("no %s: not a Debian machine" % tool)
    for tool in ("lintian", "dpkg-shlibdeps"):
        check(shutil.which(tool), "no %s: install it (sh cmake/setup.sh test does)" % tool)
    there = sorted(p for p in installed_packages() if re.match(r"^flagspace(-|$)", p))
    if there:
        raise Skip("flagspace packages are installed already (%s): the test would replace "
                   "and then remove them" % " ".join(there))


def test(build, tmp):
    preconditions(build)
    source = cache_value(build, "flagspace_SOURCE_DIR")
    version = cache_value(build, "CMAKE_PROJECT_VERSION") or cache_value(build, "flagspace_VERSION")
    with open(os.path.join(build, "flagspace-paths.sh")) as f:
        major = int(re.search(r"FLAGSPACE_LLVM_MAJOR='(\d+)'", f.read()).group(1))
    has_clangd = os.path.exists(os.path.join(build, "checker", "clangd",
                                             "flagspace-clangd-%d" % major))

    debs = build_packages(build, version, major, has_clangd)
    check_depends(debs, major)
    others = other_tidy_packages(build, version, major)
    check_disjoint(list(debs.values()) + list(others.values()))
    lintian(sorted(debs.values()))

    before = installed_packages()
    added = []
    try:
        added = apt_install(list(debs.values()) + list(others.values()))
        majors = sorted({major} | set(others), reverse=True)
        print("installed: %s (majors %s)" % (" ".join(added), " ".join(map(str, majors))))
        use_installed(source, build, majors, has_clangd, major, tmp)
    finally:
        if added:
            apt_remove(added, before)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="flagspace-packages-") as tmp:
        try:
            test(os.path.abspath(args.build), tmp)
        except Skip as e:
            print("SKIP: %s" % e)
            return SKIP
        except TestFailure as e:
            print("FAIL: %s" % e)
            return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
