#!/usr/bin/env python3
"""file_cycles_test.py: file_cycles.py finds the cycles it must, on a tree made for it.

usage: file_cycles_test.py --cc COMPILER

Writes a small tree (checker/part/ with an include folder of its own),
compiles it with COMPILER into objects and a compile_commands.json, and runs
file_cycles.py on it with a list of known cycles:
 - a.c and b.c call each other (a use cycle), listed: passes;
 - the same, not listed: fails, naming both files and the functions;
 - a line whose files no longer form a cycle: fails, naming the line;
 - a.h and inc/b.h include each other (inc/ found through -I): fails, as an
   include cycle, which no list allows;
 - a listed line larger than the cycle: passes, with a note to narrow it.
Exit status 0 when all holds, 1 otherwise.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_test import Failed, run_script, write  # noqa: E402

PROG = "file_cycles_test.py"
SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "file_cycles.py")


def build(root, cc, sources):
    """Compiles checker/part/<source> into build/; writes the database."""
    entries = []
    for source in sources:
        obj = os.path.join(root, "build", source + ".o")
        args = [cc, "-std=c11", "-I", os.path.join(root, "checker/part"),
                "-I", os.path.join(root, "checker/part/inc"),
                "-o", obj, "-c", os.path.join(root, "checker/part", source)]
        subprocess.run(args, check=True)
        entries.append({"directory": os.path.join(root, "build"),
                        "command": " ".join(args), "file": args[-1]})
    write(root, "build/compile_commands.json", json.dumps(entries))


def run(root, known, expect, *wanted):
    write(root, "known.txt", known)
    run_script([SCRIPT, "--source", root, "--build", os.path.join(root, "build"),
                "--known", os.path.join(root, "known.txt")], expect, *wanted)


def scenarios(root, cc):
    """Runs each case; returns what failed, or None."""
    os.makedirs(os.path.join(root, "build"))
    write(root, "checker/part/a.h", "int a(int);\n")
    write(root, "checker/part/inc/b.h", "int b(int);\n")
    write(root, "checker/part/a.c", '#include "a.h"\n#include "b.h"\n'
          "int a(int n) { return n ? b(n - 1) : 0; }\n")
    write(root, "checker/part/b.c", '#include "a.h"\n#include "b.h"\n'
          "int b(int n) { return n ? a(n - 1) : 1; }\n")
    write(root, "checker/part/c.c", '#include "a.h"\nint c(void) { return a(3); }\n')
    try:
        build(root, cc, ["a.c", "b.c", "c.c"])
        run(root, "part/a.c part/b.c\n", 0, "known use cycle of 2 files (line 1)")
        run(root, "", 1, "NEW use cycle of 2 files",
            "part/a.c -> part/b.c (uses b)", "part/b.c -> part/a.c (uses a)")
        run(root, "part/a.c part/b.c\npart/b.c part/c.c\n", 1,
            "known.txt:2: no longer a cycle: part/b.c part/c.c")
        run(root, "part/a.c part/b.c part/c.c\n", 0, "narrow line 1 to: part/a.c part/b.c")
        write(root, "checker/part/a.h", '#include "b.h"\nint a(int);\n')
        write(root, "checker/part/inc/b.h", '#include "a.h"\nint b(int);\n')
        run(root, "part/a.c part/b.c\n", 1, "1 include cycles",
            "part/a.h -> part/inc/b.h (#include b.h)")
    except (Failed, subprocess.CalledProcessError) as e:
        return str(e)
    return None


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--cc", required=True)
    args = parser.parse_args(argv[1:])
    with tempfile.TemporaryDirectory(prefix="flagspace-cycles-") as root:
        problem = scenarios(root, args.cc)
    print("%s: %s" % (PROG, "FAIL: " + problem if problem else "ok"))
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
