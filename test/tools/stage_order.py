#!/usr/bin/env python3
"""stage_order.py: the stages of checker/cli call only down the pass.

usage: stage_order.py --source DIR --build DIR [--known FILE]

The command's folders are the stages of `audit` in the order a run goes
through them (checker/cli/README.md): a file of one stage may call the
functions of its own stage and of those before it, never of a later one:
each stage hands the next a value it made, and the one driving them
(command/) carries the values between them. Calls are read as
file_cycles.py reads them: the global symbols each object file refers to
and the file that defines them (nm), over this build's compile_commands.json.

The calls up found today are listed in FILE (default: known_stage_calls.txt
beside this script; "caller callee" a line, relative to checker/cli, `#`
comments): the list may only shrink. A call up not listed fails, and so
does a line no call is left on. Exit status 0 when nothing but the listed
calls is found, 1 otherwise, 2 when the build cannot be read.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import file_cycles  # noqa: E402

PROG = "stage_order.py"
# The pass, first to last; folders on one rank may call each other. The
# cache is no stage of its own: the plan looks results up in it, collect
# stores them; common/ and compiler/ serve every stage.
RANKS = [
    ("common", "compiler"),
    ("build",),
    ("database",),
    ("plan", "cache"),
    ("run",),
    ("collect",),
    ("baseline",),
    ("report",),
    ("fix",),
    ("command",),
]
RANK = {folder: i for i, folders in enumerate(RANKS) for folder in folders}


def stage_of(cli, path):
    rel = os.path.relpath(path, cli)
    folder = rel.split(os.sep)[0]
    return rel, RANK.get(folder)


def calls_up(source, build):
    cli = os.path.join(source, "checker", "cli")
    units = [u for u in file_cycles.read_database(source, build)
             if u[0].startswith(cli + os.sep)]
    graph = file_cycles.use_graph(units)
    found = {}
    for file, uses in graph.items():
        caller, rank = stage_of(cli, file)
        for other, symbol in uses.items():
            callee, other_rank = stage_of(cli, other)
            if rank is not None and other_rank is not None and other_rank > rank:
                found[(caller, callee)] = symbol
    return found


def read_known(path):
    known = set()
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if len(words) == 2:
                known.add(tuple(words))
    return known


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--known", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "known_stage_calls.txt"))
    args = parser.parse_args(argv)
    try:
        found = calls_up(os.path.abspath(args.source), os.path.abspath(args.build))
        known = read_known(args.known)
    except (file_cycles.Unreadable, OSError) as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        return 2
    bad = 0
    for (caller, callee), symbol in sorted(found.items()):
        if (caller, callee) not in known:
            print("%s: %s calls %s of a later stage, %s: pass a value down "
                  "instead, or let command/ call both"
                  % (PROG, caller, symbol, callee))
            bad += 1
    for caller, callee in sorted(known - set(found)):
        print("%s: %s no longer calls %s: remove its line from %s"
              % (PROG, caller, callee, args.known))
        bad += 1
    if not bad:
        print("%s: no stage calls a later one but the %d calls listed"
              % (PROG, len(found)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
