#!/usr/bin/env python3
"""version_test.py: the version is written once, in CMake's project(VERSION), and generated everywhere else.

usage: version_test.py --source DIR --build DIR --version X.Y.Z

Holds that:
 - no source or man page under checker/ (C, C++, headers, .def, .in, .1,
   CMake files) spells X.Y.Z: each takes it from the build;
 - the build's generated fs_version.h defines FS_VERSION "X.Y.Z" (what
   `flagspace --version`, the reports and the cache key print; lit's
   cli/main.test runs the command), and each generated man page of the build
   has "flagspace X.Y.Z" in its .TH line.
The changelog (cmake/packaging/changelog, checked at configure time) and the
docs' "Since X.Y.Z" are history, not the version, and are not read.
Exit status 0 when all holds, 1 otherwise.
"""

import argparse
import os
import re
import sys

PROG = "version_test.py"
CODE = (".c", ".h", ".cpp", ".def", ".in", ".1", ".txt", ".cmake", ".py")


def sources(source):
    for root, dirs, files in os.walk(os.path.join(source, "checker")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(CODE) or f == "flagspace-pre-commit":
                yield os.path.join(root, f)


def spelled(source, version):
    """Each 'file:line' of checker/ that writes the version itself."""
    pattern = re.compile(r"(?<![\w.])%s(?![\w.])" % re.escape(version))
    found = []
    for path in sources(source):
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                if pattern.search(line):
                    found.append("%s:%d: %s" % (os.path.relpath(path, source), number,
                                                line.strip()))
    return found


def generated(build, version):
    """What the build generated from the version, as problems."""
    problems = []
    header = os.path.join(build, "checker/core/fs_version.h")
    try:
        with open(header) as f:
            if '#define FS_VERSION "%s"' % version not in f.read():
                problems.append("%s: no FS_VERSION \"%s\"" % (header, version))
    except OSError as e:
        problems.append("%s: %s" % (header, e.strerror))
    pages = [os.path.join(d, f) for d, _, files in os.walk(os.path.join(build, "checker"))
             for f in files if re.match(r"^flagspace.*\.1$", f)]
    if not pages:
        problems.append("%s: no generated man page" % build)
    for page in sorted(pages):
        with open(page) as f:
            th = next((l for l in f if l.startswith(".TH ")), "")
        if '"flagspace %s"' % version not in th:
            problems.append("%s: .TH line %r lacks \"flagspace %s\"" % (page, th.strip(), version))
    return problems


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--version", required=True)
    args = parser.parse_args(argv[1:])
    problems = ["%s spells the version: take it from the build (fs_version.h, @PROJECT_VERSION@)"
                % where for where in spelled(args.source, args.version)]
    problems += generated(args.build, args.version)
    for p in problems:
        print("%s: %s" % (PROG, p))
    print("%s: version %s: %s" % (PROG, args.version, "%d problems" % len(problems)
                                  if problems else "written once, generated everywhere"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
