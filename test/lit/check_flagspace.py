#!/usr/bin/env python3
"""check_flagspace.py: run clang-tidy on one lit test file and check its diagnostics and fix-its with FileCheck.

usage: check_flagspace.py [--clang-tidy=<path>] [--plugin=<path>] [--filecheck=<path>]
                          [-check-suffix=<S>[,<T>...]] [--expect-failure]
                          <source> <check>[,<check>...] <temp-file>
                          [-- <clang-tidy args> [-- <compiler args>]]

What it does, in order:
 1. Copies <source> to <temp-file> (the source's extension is appended when
    <temp-file> lacks it), with each `// CHECK-...:` comment cut down to `//`,
    so line numbers stay and the expectations cannot match themselves.
 2. Runs `clang-tidy --load=<plugin> -checks=-*,<checks> -fix <temp-file>
    <clang-tidy args> -- <compiler args>`. The compiler args default to
    -std=gnu11 for C and -std=gnu++17 for C++ unless they name a -std=.
    --config={} is added unless a --config/--config-file is given, so no
    .clang-tidy file around the build directory changes the result.
    clang-tidy must exit with status 0; with --expect-failure it must exit
    with a nonzero status instead (a crash is never expected).
 3. Diagnostics: if the source has CHECK-MESSAGES[-S] lines, FileCheck checks
    clang-tidy's standard output against them, and any other `warning:` or
    `error:` fails the test. With no such lines, no warning or error may
    appear at all.
 4. Fix-its: if the source has CHECK-FIXES[-S] lines, FileCheck checks the
    fixed temp file against them with -strict-whitespace. With no such lines,
    the file must be left unchanged: a fix-it may not go unchecked.

-check-suffix=S,T uses the prefixes CHECK-MESSAGES-S, CHECK-FIXES-S, ... in
place of the plain ones (an empty S: the plain ones too, as in
-check-suffixes=,CXX); each suffix must be used by some line of the source.
--plugin= (empty) runs clang-tidy without loading any module.
Exit status: 0 when every check passed, 1 otherwise; each command run is
printed, and on failure so is its output.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

PROG = "check_flagspace.py"

C_EXTENSIONS = {".c", ".h", ".i"}
CXX_EXTENSIONS = {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".ii"}

# FileCheck's directive suffixes: CHECK-MESSAGES-NEXT: belongs to CHECK-MESSAGES.
DIRECTIVE = r"(?:-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-[0-9]+))?:"


class CheckFailed(Exception):
    """A check did not pass; the message says which and why."""


def split_double_dash(argv):
    """Returns (own args, clang-tidy args, compiler args or None)."""
    if "--" not in argv:
        return argv, [], None
    i = argv.index("--")
    rest = argv[i + 1:]
    if "--" not in rest:
        return argv[:i], rest, None
    j = rest.index("--")
    return argv[:i], rest[:j], rest[j + 1:]


def parse_args(argv):
    own, tidy_args, compiler_args = split_double_dash(argv)
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage="%(prog)s [--clang-tidy=<path>] [--plugin=<path>] [--filecheck=<path>]\n"
              "       [-check-suffix=<S>[,<T>...]] [--expect-failure]\n"
              "       <source> <check>[,<check>...] <temp-file>\n"
              "       [-- <clang-tidy args> [-- <compiler args>]]",
        description="Run clang-tidy with the flagspace module on a test file "
                    "and check its diagnostics and fix-its with FileCheck.")
    parser.add_argument("--clang-tidy", default=os.environ.get("FLAGSPACE_CLANG_TIDY", "clang-tidy"),
                        help="clang-tidy to run (default: $FLAGSPACE_CLANG_TIDY or clang-tidy)")
    parser.add_argument("--plugin", default=os.environ.get("FLAGSPACE_TIDY_PLUGIN", ""),
                        help="module for --load (default: $FLAGSPACE_TIDY_PLUGIN; empty: none)")
    parser.add_argument("--filecheck", default="FileCheck", help="FileCheck to run")
    parser.add_argument("-check-suffix", "-check-suffixes", "--check-suffix", "--check-suffixes",
                        dest="suffixes", default="",
                        help="comma-separated suffixes: CHECK-MESSAGES-<S>, CHECK-FIXES-<S>")
    parser.add_argument("--expect-failure", "-expect-failure", action="store_true",
                        help="clang-tidy must exit with a nonzero status")
    parser.add_argument("source")
    parser.add_argument("checks")
    parser.add_argument("temp_file")
    args = parser.parse_args(own)
    args.tidy_args = tidy_args
    args.compiler_args = compiler_args
    return args


def has_prefix(text, prefix):
    """True when `text` has a FileCheck directive of exactly this prefix."""
    pattern = r"(?<![A-Za-z0-9_-])" + re.escape(prefix) + DIRECTIVE
    return re.search(pattern, text) is not None


def prefixes(text, suffixes):
    """Returns (message prefixes, fix prefixes) that the source uses."""
    messages, fixes = [], []
    for suffix in suffixes:
        tail = "-" + suffix if suffix else ""
        message, fix = "CHECK-MESSAGES" + tail, "CHECK-FIXES" + tail
        if has_prefix(text, message):
            messages.append(message)
        if has_prefix(text, fix):
            fixes.append(fix)
        if suffix and message not in messages and fix not in fixes:
            raise CheckFailed("-check-suffix=%s: the source has no %s or %s line"
                              % (suffix, message, fix))
    return messages, fixes


def strip_checks(text):
    """Cuts each `// CHECK-...:` comment down to `//`, keeping the lines."""
    return re.sub(r"//[ \t]*CHECK-[A-Za-z0-9_-]*:[^\r\n]*", "//", text)


def default_std(source):
    ext = os.path.splitext(source)[1]
    if ext in C_EXTENSIONS:
        return "-std=gnu11"
    if ext in CXX_EXTENSIONS:
        return "-std=gnu++17"
    return None


def compiler_args(args):
    given = list(args.compiler_args or [])
    std = default_std(args.source)
    if std and not any(a.startswith(("-std=", "--std=", "/std:")) for a in given):
        given.insert(0, std)
    return given


def has_config(tidy_args):
    return any(a.split("=", 1)[0].lstrip("-") in ("config", "config-file") for a in tidy_args)


def show(title, text):
    """Prints one block of a command's output under a heading."""
    print("--- %s ---" % title)
    if text:
        print(text, end="" if text.endswith("\n") else "\n")
    else:
        print("(empty)")


def run(cmd):
    """Runs `cmd`, printing it first; returns (status, stdout, stderr)."""
    print("+ " + shlex.join(cmd))
    sys.stdout.flush()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True, errors="replace")
    except OSError as err:
        raise CheckFailed("cannot run '%s': %s" % (cmd[0], err.strerror))
    return proc.returncode, proc.stdout, proc.stderr


def run_filecheck(args, input_file, prefix_list, extra, what):
    cmd = [args.filecheck, "-input-file=" + input_file, args.source,
           "-check-prefixes=" + ",".join(prefix_list)] + extra
    status, out, err = run(cmd)
    if status != 0:
        show("FileCheck stdout", out)
        show("FileCheck stderr", err)
        raise CheckFailed("%s did not match %s (FileCheck exit status %d)"
                          % (what, ", ".join(prefix_list), status))


def run_clang_tidy(args, temp_file):
    cmd = [args.clang_tidy]
    if args.plugin:
        if not os.path.exists(args.plugin):
            raise CheckFailed("plugin '%s' does not exist (is flagspace-tidy built?)"
                              % args.plugin)
        cmd.append("--load=" + args.plugin)
    cmd += ["-checks=-*," + args.checks, "-fix", temp_file] + args.tidy_args
    if not has_config(args.tidy_args):
        cmd.append("--config={}")
    cmd += ["--"] + compiler_args(args)
    status, out, err = run(cmd)
    if status < 0:
        failure = "clang-tidy was killed by signal %d" % -status
    elif args.expect_failure and status == 0:
        failure = "clang-tidy exited with status 0, but --expect-failure was given"
    elif not args.expect_failure and status != 0:
        failure = "clang-tidy exited with status %d" % status
    else:
        return out
    show("clang-tidy stdout", out)
    show("clang-tidy stderr", err)
    raise CheckFailed(failure)


def check_messages(args, out, message_prefixes, temp_file):
    msg_file = temp_file + ".msg"
    with open(msg_file, "w") as f:
        f.write(out)
    if message_prefixes:
        run_filecheck(args, msg_file, message_prefixes,
                      ["-implicit-check-not={{warning|error}}:"], "clang-tidy's diagnostics")
        return
    unexpected = [line for line in out.splitlines() if re.search(r"\b(warning|error):", line)]
    if unexpected:
        show("clang-tidy stdout", out)
        raise CheckFailed("the source has no CHECK-MESSAGES lines, but clang-tidy reported:\n  "
                          + "\n  ".join(unexpected))


def check_fixes(args, fix_prefixes, temp_file, before):
    if fix_prefixes:
        run_filecheck(args, temp_file, fix_prefixes, ["-strict-whitespace"], "the fixed file")
        return
    with open(temp_file) as f:
        after = f.read()
    if after != before:
        diff = difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                    "before", "after (clang-tidy -fix)")
        show("fix-its applied", "".join(diff))
        raise CheckFailed("clang-tidy changed the file, but the source has no CHECK-FIXES lines")


def check(args):
    with open(args.source) as f:
        text = f.read()
    # An empty suffix (`-check-suffixes=,CXX`) stands for the plain prefixes.
    suffixes = list(dict.fromkeys(args.suffixes.split(","))) if args.suffixes else [""]
    for suffix in suffixes:
        if suffix and not re.fullmatch(r"[A-Za-z0-9_-]+", suffix):
            raise CheckFailed("bad check suffix '%s'" % suffix)
    message_prefixes, fix_prefixes = prefixes(text, suffixes)

    ext = os.path.splitext(args.source)[1]
    temp_file = args.temp_file
    if ext and not temp_file.endswith(ext):
        temp_file += ext
    os.makedirs(os.path.dirname(os.path.abspath(temp_file)), exist_ok=True)
    stripped = strip_checks(text)
    with open(temp_file, "w") as f:
        f.write(stripped)

    out = run_clang_tidy(args, temp_file)
    check_messages(args, out, message_prefixes, temp_file)
    check_fixes(args, fix_prefixes, temp_file, stripped)


def main(argv):
    args = parse_args(argv)
    try:
        check(args)
    except CheckFailed as failure:
        print("%s: FAILED: %s" % (PROG, failure))
        return 1
    except OSError as err:
        print("%s: FAILED: %s: '%s'" % (PROG, err.strerror, err.filename))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
