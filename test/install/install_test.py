#!/usr/bin/env python3
"""install_test.py: the installed layout works from anywhere (issue 10, item 7).

usage: install_test.py --build <build-dir> [--other-build <dir>]...

Installs the build into a temporary prefix with `cmake --install`, adds the
plugin modules of every other build of another LLVM major (--other-build,
else <source>/build/llvm-M: what its own install would put beside them),
then moves the prefix elsewhere and checks that the moved `flagspace`:

  - has its plugins under <libdir>/flagspace and the rules under
    share/flagspace/rules;
  - names in --version every clang-tidy/plugin pair of the moved prefix,
    the newest marked as audit's, and nothing of the build tree;
  - audits a small project with the newest pair, and with each major's
    clang-tidy given by --clang-tidy (that major's plugin is taken);
  - with its plugins gone, stops with an error naming --plugin and
    FLAGSPACE_PLUGIN (it does not fall back on the build tree's plugin).
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = """#include <fcntl.h>
int f(const char *p) { return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW); }
"""


class TestFailure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise TestFailure(message)


def run(argv, **kw):
    env = dict(os.environ)
    env.pop("FLAGSPACE_PLUGIN", None)
    env.pop("FLAGSPACE_CLANG", None)
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=env, text=True, **kw)
    print("$ %s  (exit %d)\n%s" % (" ".join(argv), proc.returncode, proc.stdout))
    return proc


def cache_value(build, key):
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            m = re.match(r"^%s:[A-Z]+=(.*)$" % re.escape(key), line.strip())
            if m:
                return m.group(1)
    return None


def build_major(build):
    """FLAGSPACE_LLVM_MAJOR of the build's flagspace-paths.sh."""
    with open(os.path.join(build, "flagspace-paths.sh")) as f:
        for line in f:
            m = re.match(r"^FLAGSPACE_LLVM_MAJOR='(\d+)'$", line.strip())
            if m:
                return int(m.group(1))
    raise TestFailure("no FLAGSPACE_LLVM_MAJOR in %s/flagspace-paths.sh" % build)


def other_builds(build, given):
    """(major, plugin dir) of every other build that has its plugin."""
    major = str(build_major(build))
    source = cache_value(build, "flagspace_SOURCE_DIR") or ""
    dirs = given or sorted(glob.glob(os.path.join(source, "build", "llvm-*")))
    found = []
    for d in dirs:
        for plugin in glob.glob(os.path.join(d, "checker", "tidy", "flagspace-tidy-*.so")):
            m = re.match(r"^flagspace-tidy-(\d+)\.so$", os.path.basename(plugin))
            if m and m.group(1) != major and os.path.realpath(d) != os.path.realpath(build):
                found.append((int(m.group(1)), os.path.dirname(plugin)))
    return found


def clang_tidy_of(major):
    path = "/usr/lib/llvm-%d/bin/clang-tidy" % major
    return path if os.access(path, os.X_OK) else shutil.which("clang-tidy-%d" % major)


def write_project(directory):
    os.makedirs(directory)
    with open(os.path.join(directory, "a.c"), "w") as f:
        f.write(SOURCE)
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump([{"directory": directory, "file": "a.c",
                    "arguments": ["cc", "-D_GNU_SOURCE", "-c", "a.c"]}], f)


def audit_finds(flagspace, project, *more):
    proc = run([flagspace, "audit", "-p", project, "-j1"] + list(more))
    check(proc.returncode == 1 and "AT_SYMLINK_NOFOLLOW is from the AT_* namespace" in proc.stdout,
          "audit %s did not report the finding" % " ".join(more))
    return proc


def test(build, others, tmp):
    major = build_major(build)
    first = os.path.join(tmp, "first")
    proc = run(["cmake", "--install", build, "--prefix", first])
    check(proc.returncode == 0, "cmake --install failed")
    plugin_dirs = glob.glob(os.path.join(first, "lib*", "**", "flagspace"), recursive=True)
    plugin_dirs = [d for d in plugin_dirs
                   if os.path.exists(os.path.join(d, "flagspace-tidy-%d.so" % major))]
    check(len(plugin_dirs) == 1, "no <libdir>/flagspace/flagspace-tidy-%d.so in %s" % (major, first))
    check(glob.glob(os.path.join(first, "share", "flagspace", "rules", "*.rules")),
          "no rules under share/flagspace/rules")
    for m, d in others:
        for name in ("flagspace-tidy-%d.so" % m, "flagspace-tidy-checks-%d.so" % m):
            shutil.copy2(os.path.join(d, name), plugin_dirs[0])
    majors = sorted({major} | {m for m, _ in others if clang_tidy_of(m)}, reverse=True)

    # A relocated prefix: nothing may point to where it was installed.
    moved = os.path.join(tmp, "moved")
    os.rename(first, moved)
    flagspace = os.path.join(moved, "bin", "flagspace")
    plugin_dir = os.path.join(moved, os.path.relpath(plugin_dirs[0], first))

    proc = run([flagspace, "--version"])
    check(proc.returncode == 0 and proc.stdout.startswith("flagspace "), "--version failed")
    check(os.path.realpath(build) not in proc.stdout, "--version names the build tree")
    for m in majors:
        line = "LLVM %d: %s with %s/flagspace-tidy-%d.so" % (m, clang_tidy_of(m), plugin_dir, m)
        check(line in proc.stdout, "--version does not list '%s'" % line)
    used = [l for l in proc.stdout.splitlines() if l.endswith("(audit uses this)")]
    check(len(used) == 1 and used[0].startswith("LLVM %d: " % majors[0]),
          "--version does not mark LLVM %d alone as audit's" % majors[0])

    project = os.path.join(tmp, "project")
    write_project(project)
    audit_finds(flagspace, project)
    for m in majors:
        audit_finds(flagspace, project, "--clang-tidy=%s" % clang_tidy_of(m))

    # Without its plugins the install stops, naming the ways to give one.
    for name in os.listdir(plugin_dir):
        os.remove(os.path.join(plugin_dir, name))
    proc = run([flagspace, "audit", "-p", project])
    check(proc.returncode == 2 and "--plugin" in proc.stdout and "FLAGSPACE_PLUGIN" in proc.stdout,
          "audit without plugins does not stop with an error naming --plugin and FLAGSPACE_PLUGIN")
    print("majors installed: %s" % " ".join(map(str, majors)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True)
    parser.add_argument("--other-build", action="append", default=[])
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    with tempfile.TemporaryDirectory(prefix="flagspace-install-") as tmp:
        try:
            test(build, other_builds(build, args.other_build), tmp)
        except TestFailure as e:
            print("FAIL: %s" % e)
            return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
