#!/usr/bin/env python3
"""pch_compare_lit.py: clang-tidy with the plugin on every lit test's input,
with and without a PCH of the input's leading #include and #define lines (issue 25's
"header prefix parsed once for many units": does the plugin report the same
when the headers come from a PCH?).

usage: pch_compare_lit.py --clang-tidy=<path> --plugin=<path> [--tool=<path>]
                          [--keep=<dir>] (<lit test> | <folder>)...

Each %check_flagspace RUN line is run as test/runner/compare_lit.py runs it,
twice: as it is, and with -include-pch of a PCH built (by clang-N with the
same compiler arguments) from the input's leading #include lines, those
lines staying in the input. Exit status, standard output, standard error
and the export-fixes YAML must agree. --tool runs that binary (the runner)
instead of clang-tidy --load. Inputs with no leading #include are counted
and left out. Exit status: 0 when every compared run agrees.
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "runner"))
import compare_lit  # noqa: E402
import prefix_share  # noqa: E402

check_flagspace = compare_lit.check_flagspace


def build_pch(clang, copy, cargs):
    """The PCH of copy's leading includes, or None when it has none."""
    lines = prefix_share.leading_includes(copy)
    if not lines:
        return None
    hdr = copy + ".prefix.h"
    with open(hdr, "w") as f:
        f.write("".join(n + "\n" if k == "#" else '#include %s%s%s\n' % (
            k, n, ">" if k == "<" else '"') for k, n in lines))
    cxx = copy.endswith(".cpp") or any(a.startswith(("-std=c++", "-std=gnu++")) or
                                       a == "c++" for a in cargs)
    lang = "c++-header" if cxx else "c-header"
    cmd = [clang] + cargs + ["-I", os.path.dirname(copy), "-x", lang, hdr, "-o", hdr + ".pch"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return "error: " + r.stderr
    return hdr + ".pch"


def run(opts, args, copy, pch):
    fixes = "%s.%s.yaml" % (copy, "pch" if pch else "plain")
    cmd = [opts.tool] if opts.tool else [opts.clang_tidy, "--load=" + opts.plugin]
    cmd += ["-checks=-*," + args.checks, "--export-fixes=" + fixes, copy] + args.tidy_args
    if not check_flagspace.has_config(args.tidy_args):
        cmd.append("--config={}")
    cmd += ["--"] + check_flagspace.compiler_args(args) + (["-include-pch", pch] if pch else [])
    status, out, err = compare_lit.tool_run(cmd, dict(os.environ))
    yaml = open(fixes).read().replace(".pch.yaml", ".plain.yaml") \
        if os.path.exists(fixes) else None
    return (status, out, err, yaml, cmd)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--tool")
    p.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    p.add_argument("--keep")
    p.add_argument("tests", nargs="+")
    opts = p.parse_args()
    scratch = opts.keep or tempfile.mkdtemp(prefix="pch-compare-lit-")
    os.makedirs(scratch, exist_ok=True)
    compared = failed = noprefix = nopch = withwarn = 0
    for path in compare_lit.lit_inputs(opts.tests):
        for args, copy in compare_lit.invocations(os.path.abspath(path), scratch):
            pch = build_pch(opts.clang, copy, check_flagspace.compiler_args(args))
            if pch is None or pch.startswith("error: "):
                noprefix += pch is None
                nopch += pch is not None
                continue
            a, b = run(opts, args, copy, None), run(opts, args, copy, pch)
            compared += 1
            withwarn += "warning:" in a[1]
            diffs = ["%s differs:\n--- plain\n%s\n--- with the PCH\n%s" % (w, a[i], b[i])
                     for i, w in enumerate(("exit status", "standard output",
                                            "standard error", "export-fixes YAML"))
                     if a[i] != b[i]]
            if diffs:
                failed += 1
                print("FAIL: %s\n+ %s\n%s" % (path, " ".join(b[4]), "\n".join(diffs)))
    print("pch_compare_lit.py: %d runs compared (%d with a warning), %d differ; "
          "%d with no leading #include, %d whose prefix does not build alone"
          % (compared, withwarn, failed, noprefix, nopch))
    return 1 if failed or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
