#!/usr/bin/python3
"""cache_bench.py: what `flagspace audit --cache` saves on one compilation
database (issue 13, "A result cache").

usage: test/bench/cache_bench.py [--build DIR] [-j N] --header FILE
                                 DB_DIR [PATH...]

DB_DIR holds compile_commands.json; PATHs limit the audit to units under
them (as audit's own operands). FILE is a header of the code base: it gets
a #define appended for the fourth run (a comment would change no
preprocessed text), through a new file renamed over it, and is put back
afterwards. Rows,
one after another at the same -j, with a fresh cache folder:

  preprocess floor  clang-N -E of every command (xargs -P N): what a cache
                    keyed on preprocessed text, as ctcache and
                    clang-tidy-cache key a clang-tidy run, pays on every
                    re-run before its first lookup
  no cache          flagspace audit (batches of units, no cache)
  first run         flagspace audit --cache DIR (every unit alone, stored)
  unchanged re-run  the same: every unit from the cache
  one header changed  the same after FILE changed: the units whose files
                    include it run again

It prints wall seconds, the share of the first run, and the units run
again, and exits 1 when a report differs from the uncached one (findings,
sorted) or the unchanged re-run takes more than a tenth of the first.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audit_bench  # noqa: E402  (the command lines of the parse floor)

SUMMARY = re.compile(r"cache: (\d+) units? from the cache, (\d+) analysed \(\d+ stored\), "
                     r"(\d+) not cacheable")


def audit(cli, db, paths, jobs, cache):
    cmd = [cli, "audit", "-p", db, "-j", str(jobs), "--format=json", "--progress=never"]
    if cache:
        cmd += ["--cache", cache]
    start = time.monotonic()
    proc = subprocess.run(cmd + paths, capture_output=True, text=True)
    secs = time.monotonic() - start
    if proc.returncode not in (0, 1, 3):
        sys.exit("cache_bench: %s failed (%d): %s" % (" ".join(cmd), proc.returncode, proc.stderr))
    report = json.loads(proc.stdout)
    found = sorted("%s:%d:%d:%s" % (f["file"], f["line"], f["column"], f["check"])
                   for f in report["findings"])
    m = SUMMARY.search(proc.stderr)
    counts = tuple(int(x) for x in m.groups()) if m else None
    return secs, found, counts, report


def preprocess_floor(build, db, paths, jobs, tmp):
    """Seconds `clang -E` takes on every command of db under paths, -j at a
    time: the least a preprocessed-text key (ctcache's) costs a re-run."""
    major = audit_bench.build_paths(build)["FLAGSPACE_LLVM_MAJOR"]
    clang = "/usr/lib/llvm-%s/bin/clang" % major
    with open(os.path.join(db, "compile_commands.json")) as f:
        entries = json.load(f)
    roots = [os.path.realpath(p) for p in paths]
    kept = [e for e in entries
            if not roots or any(os.path.realpath(os.path.join(e["directory"], e["file"]))
                                .startswith(r + os.sep) for r in roots)]
    lines = os.path.join(tmp, "preprocess.cmds")
    with open(lines, "w") as f:
        f.write("\0".join(audit_bench.syntax_only(e, clang, ("-E", "-o", "/dev/null"))
                          for e in kept))
    start = time.monotonic()
    subprocess.run(["sh", "-c", "xargs -0 -n 1 -P %d sh -c < %s" % (jobs, shlex.quote(lines))],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start, len(kept)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build/llvm-19")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--header", required=True)
    ap.add_argument("db")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    cli = os.path.join(args.build, "checker", "cli", "flagspace")
    failed = False
    with tempfile.TemporaryDirectory(prefix="flagspace-cache-bench-") as tmp:
        cache = os.path.join(tmp, "cache")
        floor, ncommands = preprocess_floor(args.build, args.db, args.paths, args.j, tmp)
        rows = [("no cache",) + audit(cli, args.db, args.paths, args.j, None)]
        rows.append(("first run",) + audit(cli, args.db, args.paths, args.j, cache))
        rows.append(("unchanged re-run",) + audit(cli, args.db, args.paths, args.j, cache))
        # The header is replaced (a new file renamed over it) and put back
        # the same way: a tree of hard links to another stays untouched.
        saved = os.path.join(tmp, "header")
        os.link(args.header, saved)
        try:
            with open(saved, "rb") as f:
                text = f.read()
            with open(args.header + ".cache_bench", "wb") as f:
                f.write(text + b"#define FLAGSPACE_CACHE_BENCH 1\n")
            os.rename(args.header + ".cache_bench", args.header)
            rows.append(("one header changed",) + audit(cli, args.db, args.paths, args.j, cache))
        finally:
            os.rename(saved, args.header)
    first = rows[1][1]
    print("| row | wall s | of the first run | units analysed |")
    print("|---|---|---|---|")
    print("| preprocess floor (`clang -E`, every command: a ctcache-style key) | %.1f | %.0f%% "
          "| %d commands preprocessed |" % (floor, 100 * floor / first, ncommands))
    for name, secs, found, counts, report in rows:
        ran = "%d of %d" % (counts[1] + counts[2], sum(counts)) if counts else "all"
        print("| %s | %.1f | %.0f%% | %s |" % (name, secs, 100 * secs / first, ran))
        if found != rows[0][2]:
            print("cache_bench: %s reports other findings than the uncached audit" % name)
            failed = True
    # What a unit costs when run alone, against what the header's units cost.
    if rows[1][3] and rows[3][3] and rows[1][3][1]:
        per_unit = (first - rows[2][1]) / rows[1][3][1]
        print("one header changed: %d units ran again, %.1f s over the unchanged re-run "
              "(%.1f s expected at %.2f s a unit of the first run)"
              % (rows[3][3][1], rows[3][1] - rows[2][1], per_unit * rows[3][3][1], per_unit))
    print("unchanged re-run: %.2fx the preprocess floor" % (rows[2][1] / floor if floor else 0))
    if rows[2][1] > first / 10:
        print("cache_bench: the unchanged re-run takes more than a tenth of the first")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
