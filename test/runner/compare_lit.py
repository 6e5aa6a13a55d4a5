#!/usr/bin/env python3
"""compare_lit.py: flagspace-runner against clang-tidy with the plugin, on every lit test's input.

usage: compare_lit.py --clang-tidy=<path> --plugin=<path> --runner=<path>
                      [--keep=<dir>] (<lit test> | <folder>)...

A folder stands for its *.c and *.cpp files.

Each lit test whose RUN line runs %check_flagspace is run twice the way
check_flagspace.py runs it (same checks, options and compiler arguments, no
-fix), once by clang-tidy loading the plugin and once by the runner, each
with --export-fixes. The two must agree exactly: exit status, standard
output (the diagnostics), standard error and the export-fixes YAML. The
runner logs its decisions ($FLAGSPACE_RUNNER_LOG), which are left out of
what is compared and counted: the run fails when no body at all was skipped
or parsed late, which would mean the comparison tested nothing.
Exit status: 0 when every input agrees, 1 otherwise.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIT_DIR = os.path.join(os.path.dirname(HERE), "lit")
sys.path.insert(0, LIT_DIR)
import check_flagspace  # noqa: E402  (its reading of a RUN line's arguments)

LOG = "flagspace-runner: "


def run_lines(path):
    """The RUN lines of a lit test, continuation lines joined."""
    lines, current = [], None
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:(.*)$", line.rstrip("\n"))
            if not m:
                continue
            text = m.group(1).strip()
            current = text if current is None else current + " " + text
            if current.endswith("\\"):
                current = current[:-1]
                continue
            lines.append(current)
            current = None
    return lines


def substitute(line, path, temp):
    for key, value in (("%S", os.path.dirname(path)), ("%s", path), ("%t", temp),
                       ("%rules_dir", os.path.join(os.path.dirname(LIT_DIR), "..", "rules"))):
        line = line.replace(key, value)
    return line


def invocations(path, scratch):
    """(checks, tidy args, compiler args, copy, expect failure) per RUN line."""
    found = []
    for n, line in enumerate(run_lines(path)):
        if "%check_flagspace" not in line:
            continue
        temp = os.path.join(scratch, "%s.%d" % (os.path.basename(path), n))
        words = shlex.split(substitute(line, path, temp))
        words = words[words.index("%check_flagspace") + 1:]
        if "|" in words:
            words = words[:words.index("|")]
        args = check_flagspace.parse_args(words)
        copy = temp + os.path.splitext(path)[1]
        with open(path, errors="replace") as f:
            text = check_flagspace.strip_checks(f.read())
        with open(copy, "w") as f:
            f.write(text)
        found.append((args, copy))
    return found


def lit_inputs(paths):
    """The lit tests named: a folder stands for its *.c and *.cpp files."""
    tests = []
    for path in paths:
        if os.path.isdir(path):
            tests += sorted(os.path.join(path, name) for name in os.listdir(path)
                            if name.endswith((".c", ".cpp")))
        else:
            tests.append(path)
    return tests


def tool_run(cmd, env):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, errors="replace", env=env)
    return proc.returncode, proc.stdout, proc.stderr


def run_both(opts, args, copy, counts):
    """Runs both tools; returns a list of differences (empty: they agree)."""
    results = []
    for name in ("clang-tidy", "runner"):
        fixes = "%s.%s.yaml" % (copy, name)
        cmd = [opts.clang_tidy, "--load=" + opts.plugin] if name == "clang-tidy" \
            else [opts.runner]
        cmd += ["-checks=-*," + args.checks, "--export-fixes=" + fixes, copy] + args.tidy_args
        if not check_flagspace.has_config(args.tidy_args):
            cmd.append("--config={}")
        cmd += ["--"] + check_flagspace.compiler_args(args)
        env = dict(os.environ, FLAGSPACE_RUNNER_LOG="1")
        status, out, err = tool_run(cmd, env)
        log = [l for l in err.splitlines() if l.startswith(LOG)]
        err = "\n".join(l for l in err.splitlines() if not l.startswith(LOG))
        for l in log:
            what = l.split(": ")[3].split(",")[0].split(" (")[0]
            counts[what] = counts.get(what, 0) + 1
        yaml = open(fixes).read() if os.path.exists(fixes) else None
        results.append((status, out, err, yaml, cmd))
    diffs = []
    for i, what in enumerate(("exit status", "standard output", "standard error",
                              "export-fixes YAML")):
        if results[0][i] != results[1][i]:
            diffs.append("%s differs:\n--- clang-tidy\n%s\n--- runner\n%s"
                         % (what, results[0][i], results[1][i]))
    if diffs:
        diffs.insert(0, "+ " + shlex.join(results[1][4]))
    return diffs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--keep", help="directory for the copies (default: a temporary one)")
    parser.add_argument("tests", nargs="+")
    opts = parser.parse_args()
    scratch = opts.keep or tempfile.mkdtemp(prefix="compare-lit-")
    os.makedirs(scratch, exist_ok=True)
    failed, compared, counts = 0, 0, {}
    for path in lit_inputs(opts.tests):
        for args, copy in invocations(os.path.abspath(path), scratch):
            compared += 1
            diffs = run_both(opts, args, copy, counts)
            if diffs:
                failed += 1
                print("FAIL: %s\n%s" % (path, "\n".join(diffs)))
    summary = ", ".join("%d %s" % (n, what) for what, n in sorted(counts.items()))
    print("compare_lit.py: %d runs compared, %d differ; bodies: %s"
          % (compared, failed, summary or "none"))
    if not counts.get("skipped") or not any(k.startswith("parsed") for k in counts):
        print("compare_lit.py: FAILED: the runner skipped no body or parsed none late: "
              "the comparison tested nothing")
        return 1
    return 1 if failed or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
