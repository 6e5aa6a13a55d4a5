#!/usr/bin/env python3
"""complexity_test.py: fails when the plugin's cost grows faster than the
file it checks (issue 14). Not a timed test: each shape of shapes.py is
written at size n and 4n, and checked by clang-tidy with the flagspace checks
and, as the anchor, with a built-in check only. What the plugin adds (CPU
time, peak memory) must grow about 4 times, not 16 or more; the margin below
absorbs a busy machine.

usage: complexity_test.py --clang-tidy=<clang-tidy-N> --plugin=<flagspace-tidy-N.so>
                          [--work=<dir>] [SHAPE[:N] ...]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import threading

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402

# The sizes: small enough that the whole test stays well under a minute on
# two busy cores (also under ASan), large enough that the code this test
# guards against took seconds at 4n.
CASES = [
    ("or-twice", 16), ("ternary-twice", 16), ("constexpr-twice", 16),
    ("constexpr-calls-twice", 4), ("wrapper-fanout", 3), ("chain-reads", 250),
    ("or-assign-reads", 500), ("one-variable-reads", 1000),
    ("wrapper-chain", 1000),
]
GROWTH = 4          # the size ratio
LIMIT = 2 * GROWTH  # a linear cost grows 4 times, a quadratic one 16
TIME_FLOOR = 0.05   # seconds: an added time below this is noise
MEMORY_FLOOR = 32 * 1024  # KiB: likewise for memory (ASan keeps freed memory)
TIMEOUT = 60        # seconds for one run: far past anything linear here
ANCHOR = "-*,readability-else-after-return"


def measure(argv):
    """Runs argv; returns (CPU seconds, peak RSS in KiB, exit status, output)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
        timer = threading.Timer(TIMEOUT, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode, text


def added_cost(args, shape, size, work):
    """The plugin's CPU time and peak memory over the anchor's, best of two."""
    generate, language = shapes.SHAPES[shape]
    path = os.path.join(work, "%s-%d.%s" % (shape, size, "cpp" if language == "c++" else "c"))
    with open(path, "w") as f:
        f.write(generate(size))
    std = "-std=gnu++17" if language == "c++" else "-std=gnu11"
    plugin = [args.clang_tidy, "--load=" + args.plugin, "-checks=-*,flagspace-*",
              "--config={}", path, "--", std]
    anchor = [args.clang_tidy, "-checks=" + ANCHOR, "--config={}", path, "--", std]
    best = None
    for _ in range(2):
        runs = []
        for argv in (plugin, anchor):
            seconds, rss, status, text = measure(argv)
            if status < 0 or status > 1:
                print("FAIL %s n=%d: `%s` ended with status %d after %.1f s CPU\n%s"
                      % (shape, size, " ".join(argv), status, seconds, text[-2000:]))
                return None
            runs.append((seconds, rss))
        cost = (runs[0][0] - runs[1][0], runs[0][1] - runs[1][1], runs[0][0], runs[1][0])
        best = cost if best is None or cost[0] < best[0] else best
        if cost[0] < TIME_FLOOR:
            break
    return best


def check(args, shape, size, work):
    small = added_cost(args, shape, size, work)
    large = small and added_cost(args, shape, GROWTH * size, work)
    if not large:
        return False
    time_ratio = large[0] / max(small[0], TIME_FLOOR)
    memory_ratio = large[1] / max(small[1], MEMORY_FLOOR)
    ok = time_ratio <= LIMIT and memory_ratio <= LIMIT
    print("%s %-22s n=%-5d plugin %.2f s / anchor %.2f s, at 4n %.2f s / %.2f s: "
          "added time x%.1f, added memory %+d KiB -> %+d KiB x%.1f"
          % ("ok  " if ok else "FAIL", shape, size, small[2], small[3], large[2], large[3],
             time_ratio, small[1], large[1], memory_ratio))
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--work", help="where to write the files (default: a temporary directory)")
    parser.add_argument("cases", nargs="*", metavar="SHAPE[:N]",
                        help="shapes and sizes to check (default: all, at the sizes above)")
    args = parser.parse_args()
    cases = CASES
    if args.cases:
        sizes = dict(CASES)
        cases = [(c.split(":")[0], int(c.split(":")[1]) if ":" in c else sizes[c])
                 for c in args.cases]
    with tempfile.TemporaryDirectory(prefix="flagspace-complexity-") as tmp:
        work = args.work or tmp
        os.makedirs(work, exist_ok=True)
        failed = [shape for shape, size in cases if not check(args, shape, size, work)]
    if failed:
        sys.exit("the plugin's cost grows faster than the file on: %s" % ", ".join(failed))


if __name__ == "__main__":
    main()
