#!/usr/bin/python3
"""prefix_share.py: how much of a database's parse a precompiled header of
a shared leading prefix could save (issue 25, "a header prefix parsed once
for many units"), and what it saves for real (checker/docs/runner.md,
"Header prefix sharing: measured").

usage: nice test/bench/prefix_share.py plan DB_DIR WORK
       nice test/bench/prefix_share.py measure DB_DIR WORK [--files REGEX]
                 [--rounds N] [--tidy CMD] [--tool NAME=CMD]...

A unit can use a PCH of exactly its own leading preprocessor prefix: the
same flags (the file, its output and dependency files and the per-file
-DKBUILD_* aside), the same forced -include files, and the same first K
lines of the main file, each an #include <...>, a #define or an #undef,
with nothing but comments before them. Its later inclusion of those
(guarded) headers is then a no-op. The prefix ends at a quoted #include
(found next to the main file, it would be named, and __FILE__ in it
spelled, otherwise in a PCH).

plan: groups the units by flags in a trie of their leading lines, parses
each unit once with -ftime-trace (kept in WORK/trace), takes from the trace
the share of the parse spent in the forced includes and in each leading
#include, and chooses the PCHs to build (a tree DP: each unit uses its
deepest built ancestor; a PCH costs BUILD_FACTOR times its prefix's parse
once, and LOAD of a unit's parse to load). Prints the sharing, the chosen
PCHs and the modelled CPU time against the floor, and the same for chained
PCHs; writes WORK/plan.json.

measure: builds the planned PCHs, charging each PCH's CPU time to the
measured units pro rata (units measured / units using it), checks for each
unit that the PCH is sound (clang -E of the prefix without the per-file
macros, then those macros, then the main file gives the tokens of the unit
alone; a unit that fails is measured without a PCH), and times, unit by
unit, the least CPU time (user + system, wait4) of --rounds: clang
-fsyntax-only with and without -include-pch, and each of --tidy CMD (the
anchor: clang-tidy with the plugin) and --tool NAME=CMD (a runner), given
the unit's file, `--` and its flags, with and without the PCH, comparing
their warnings. The -E checks are not counted in any row.
"""

import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import audit_bench  # noqa: E402

CLANG = "/usr/lib/llvm-19/bin/clang"
# Per-file macros: kbuild defines them for every file, and no header's
# parse depends on them (measure proves it per unit with -E).
PER_FILE = re.compile(r"^-D_*KBUILD_")
INCLUDE = re.compile(r'^#\s*include\s*([<"])([^>"]+)[>"]\s*$')
DEFINE = re.compile(r'^#\s*(define|undef)\s+\w+.*[^\\]$')
BUILD_FACTOR = 1.15
LOAD = 0.03


def log(msg):
    print("prefix_share: %s" % msg, file=sys.stderr, flush=True)


def leading_includes(path):
    """The #include, #define and #undef lines at the top of path, before
    anything but comments and blank lines: [(kind, text)], kind '<' or '"'
    for an include (text: the name), '#' for a definition (text: the line,
    its spaces normalized; one continued by a backslash ends the prefix)."""
    out, in_comment = [], False
    with open(path, errors="replace") as f:
        for line in f:
            text = ""
            i = 0
            while i < len(line):
                if in_comment:
                    j = line.find("*/", i)
                    if j < 0:
                        i = len(line)
                    else:
                        in_comment, i = False, j + 2
                elif line.startswith("/*", i):
                    in_comment, i = True, i + 2
                elif line.startswith("//", i):
                    break
                else:
                    text += line[i]
                    i += 1
            text = text.strip()
            if not text:
                continue
            m = INCLUDE.match(text)
            if m:
                out.append((m.group(1), m.group(2)))
            elif DEFINE.match(text):
                out.append(("#", " ".join(text.split())))
            else:
                break
    return out


def split_command(entry):
    """(shared flags, per-file -D's, the file's argument) of an entry, for
    clang-19 -fsyntax-only."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    flags, per_file, src, skip = [], [], None, False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in audit_bench.DROP_WITH_VALUE:
            skip = True
        elif a in audit_bench.DROP_ALONE or a.startswith("-Wp,-M") or \
                (a.startswith("-o") and len(a) > 2):
            continue
        elif PER_FILE.match(a):
            per_file.append(a)
        elif not a.startswith("-") and os.path.abspath(
                os.path.join(entry["directory"], a)) == os.path.abspath(
                    os.path.join(entry["directory"], entry["file"])):
            src = a
        else:
            flags.append(a)
    return flags, per_file, src


class Unit:
    def __init__(self, entry):
        self.entry = entry
        self.dir = entry["directory"]
        self.path = os.path.abspath(os.path.join(self.dir, entry["file"]))
        self.flags, self.per_file, self.src = split_command(entry)
        # The prefix ends at a quoted include: found next to the main file,
        # its path (and __FILE__ in it) would be spelled otherwise in a PCH.
        lines = leading_includes(self.path)
        quoted = [i for i, (k, _) in enumerate(lines) if k == '"']
        # So does a #define naming a per-file macro (pr_fmt with
        # KBUILD_MODNAME): the headers after it expand it.
        ends = quoted + [i for i, (k, n) in enumerate(lines) if k == "#" and "KBUILD_" in n]
        self.seq = tuple(n for _, n in lines[:min(ends) if ends else len(lines)])
        self.key = (self.dir, tuple(self.flags))

    def include_line(self, i):
        name = self.seq[i]
        return name + "\n" if name.startswith("#") else "#include <%s>\n" % name

    def floor_cmd(self, extra=()):
        return [CLANG] + self.flags + self.per_file + list(extra) + ["-fsyntax-only", self.src]


def load_units(db, regex):
    entries = json.load(open(os.path.join(db, "compile_commands.json")))
    if regex:
        entries = [e for e in entries if re.search(regex, e["file"])]
    units = [Unit(e) for e in entries]
    return [u for u in units if u.src]


def timed(cmd, cwd, out="/dev/null"):
    return audit_bench.timed(cmd, out, cwd=cwd)


def top_level_sources(trace_path):
    """[(path, seconds)] of the Source events that no other one holds (each
    is a begin and an end event, written when it ends: inner ones first)."""
    with open(trace_path) as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("name") == "Source"]
    spans = [(b["ts"], e["ts"], b["args"]["detail"]) for b, e in zip(events[::2], events[1::2])]
    spans.sort(key=lambda s: (s[0], s[0] - s[1]))
    out, end = [], -1
    for ts, te, detail in spans:
        if ts >= end:
            out.append((detail, (te - ts) / 1e6))
            end = te
    return out


def prefix_costs(unit, sources, total):
    """cost[k]: seconds of the unit's parse in its forced includes and its
    first k leading lines (an include already done costs nothing; a trace
    leaves out the files shorter than its granularity)."""
    forced = [os.path.normpath(os.path.join(unit.dir, b))
              for a, b in zip(unit.flags, unit.flags[1:]) if a == "-include"]
    path = lambda j: os.path.normpath(os.path.join(unit.dir, sources[j][0]))
    pos, acc = 0, 0.0
    while pos < len(sources) and path(pos) in forced:
        acc += sources[pos][1]
        pos += 1
    cost = [acc]
    for name in unit.seq:
        tail = "/" + name.lstrip("/")
        for j in range(pos, len(sources)):
            if not name.startswith("#") and path(j).endswith(tail):
                acc += sources[j][1]
                pos = j + 1
                break
        cost.append(acc)
    return [min(c, total) for c in cost]


class Node:
    def __init__(self, depth):
        self.depth, self.children, self.units, self.ending = depth, {}, [], []


def build_trie(units):
    roots = {}
    for u in units:
        node = roots.setdefault(u.key, Node(0))
        node.units.append(u)
        for name in u.seq:
            node = node.children.setdefault(name, Node(node.depth + 1))
            node.units.append(u)
        node.ending.append(u)
    return roots


def solve(node, anc, memo):
    """(CPU saved, [nodes built]) under node, its units using anc's PCH
    unless a deeper one is built."""
    k = (id(node), id(anc))
    if k in memo:
        return memo[k]

    def gain(u, a):
        return u.cpu * (u.cost[a.depth] - LOAD) if a else 0.0

    def under(a):
        total, built = sum(gain(u, a) for u in node.ending), []
        for c in node.children.values():
            s, b = solve(c, a, memo)
            total += s
            built += b
        return total, built

    best = under(anc)
    if len(node.units) >= 2:
        build = BUILD_FACTOR * min(u.cpu * u.cost[node.depth] for u in node.units)
        s, b = under(node)
        if s - build > best[0]:
            best = (s - build, [node] + b)
    memo[k] = best
    return best


def trace_total(trace):
    with open(trace) as f:
        return max(e.get("dur", 0) for e in json.load(f)["traceEvents"]
                   if e.get("name") == "ExecuteCompiler") / 1e6


def traced_parse(u, trace):
    """The CPU time of u's parse, traced to trace (kept: a second plan
    reads it)."""
    if os.path.exists(trace + ".cpu"):
        with open(trace + ".cpu") as f:
            return float(f.read())
    if os.path.exists(trace):  # from a run that kept no CPU time: its own
        return trace_total(trace)
    r = timed(u.floor_cmd(["-Xclang", "-ftime-trace=" + trace,
                           "-Xclang", "-ftime-trace-granularity=100"]), u.dir)
    if r["rc"]:
        sys.exit("prefix_share: %s does not parse" % u.path)
    with open(trace + ".cpu", "w") as f:
        f.write("%.3f\n" % r["cpu"])
    return r["cpu"]


def chained(roots):
    """(CPU saved, PCHs) when every node two units share is a PCH built on
    its parent's (a chained PCH: its build parses only its own line) and
    each unit uses its deepest one."""
    saved, count, stack = 0.0, 0, [(n, None) for n in roots.values()]
    while stack:
        node, parent = stack.pop()
        shared = len(node.units) >= 2 and node.depth > 0
        if shared:
            count += 1
            us = node.units
            delta = sum(u.cpu * (u.cost[node.depth] - (u.cost[parent.depth] if parent else 0))
                        for u in us) / len(us)
            saved -= BUILD_FACTOR * delta
            deeper = lambda u: any(u in c.units and len(c.units) >= 2
                                   for c in node.children.values())
            saved += sum(u.cpu * (u.cost[node.depth] - LOAD) for u in us if not deeper(u))
        stack += [(c, node if shared else parent) for c in node.children.values()]
    return saved, count


def plan(a):
    units = load_units(a.db, a.files)
    os.makedirs(os.path.join(a.work, "trace"), exist_ok=True)
    floor = 0.0
    for i, u in enumerate(units):
        trace = os.path.join(a.work, "trace", "%d.json" % i)
        u.cpu = traced_parse(u, trace)
        floor += u.cpu
        total = trace_total(trace)
        u.cost = [c / total for c in prefix_costs(u, top_level_sources(trace), total)]
    roots = build_trie(units)
    saved, built, memo = 0.0, [], {}
    for node in roots.values():
        s, b = solve(node, None, memo)
        saved += s
        built += b
    report_plan(a, units, roots, floor, saved, built)
    saved, count = chained(roots)
    print("chained PCHs (every shared node on its parent's): %d, modelled saving %.1f s: "
          "%.2f of the floor left" % (count, saved, (floor - saved) / floor))


def report_plan(a, units, roots, floor, saved, built):
    full = sum(u.cpu * u.cost[-1] for u in units)
    print("%d units, %d flag groups, parse floor %.1f s CPU" % (len(units), len(roots), floor))
    print("forced includes + every leading include: %.1f s (%.2f of the floor)"
          % (full, full / floor))
    for depth in (1, 2, 3, 5, 8):
        shared = collections.Counter((u.key, u.seq[:depth]) for u in units if len(u.seq) >= depth)
        n = sum(c for c in shared.values() if c >= 2)
        print("depth %d: %d units share a prefix with another, in %d groups"
              % (depth, n, sum(1 for c in shared.values() if c >= 2)))
    users = collections.defaultdict(list)
    for u in units:
        deepest = max((n for n in built if u in n.units), key=lambda n: n.depth, default=None)
        if deepest:
            users[id(deepest)].append(u)
    print("chosen PCHs: %d, units using one: %d of %d, modelled saving %.1f s (net of builds): "
          "%.2f of the floor left" % (len(built), sum(map(len, users.values())), len(units),
                                      saved, (floor - saved) / floor))
    out = []
    for n in sorted(built, key=lambda n: -len(users[id(n)])):
        us, u0 = users[id(n)], n.units[0]
        print("  %3d units, depth %2d, prefix %.2f of a parse: %s" % (
            len(us), n.depth, sum(u.cost[n.depth] for u in us) / len(us),
            " ".join(u0.seq[:n.depth])[:90]))
        out.append({"depth": n.depth, "files": [u.path for u in us]})
    with open(os.path.join(a.work, "plan.json"), "w") as f:
        json.dump(out, f, indent=1)


def without_forced(flags):
    out, skip = [], False
    for a in flags:
        if skip:
            skip = False
        elif a == "-include":
            skip = True
        else:
            out.append(a)
    return out


def tokens(cmd, cwd):
    """The tokens of cmd's preprocessed output (-E -P), split at spaces."""
    r = subprocess.run(cmd + ["-E", "-P"], cwd=cwd, capture_output=True, text=True)
    return r.stdout.split(), r.returncode


def build_pch(a, n, group, u0):
    """(path, CPU time of its build, its header) of a PCH of u0's first
    group["depth"] leading lines, built with the group's flags (the
    per-file macros left out)."""
    hdr = os.path.join(a.work, "pch", "%d.h" % n)
    with open(hdr, "w") as f:
        f.write("".join(u0.include_line(i) for i in range(group["depth"])))
    r = timed([CLANG] + u0.flags + ["-x", "c-header", hdr, "-o", hdr + ".pch"], u0.dir)
    if r["rc"]:
        log("the PCH of %s does not build: its units are measured without it" % hdr)
        return None, r["cpu"], hdr
    return hdr + ".pch", r["cpu"], hdr


def define(arg):
    name, _, value = arg[2:].partition("=")
    return "#define %s %s\n" % (name, value if "=" in arg else "1")


def sound(a, u, hdr):
    """Whether u parsed with the PCH sees the tokens it sees alone. clang -E
    reads a PCH's header again, so this preprocesses what the PCH stands
    for: the prefix without the per-file macros, then those macros (clang
    defines the command line's macros a PCH lacks after it), then the main
    file, whose re-inclusion of the prefix's headers must add nothing."""
    wrapper = os.path.join(a.work, "check", os.path.basename(u.path))
    os.makedirs(os.path.dirname(wrapper), exist_ok=True)
    with open(wrapper, "w") as f:
        f.write('#include "%s"\n%s#include "%s"\n' % (
            hdr, "".join(map(define, u.per_file)), u.path))
    full, rc = tokens(u.floor_cmd()[:-2] + [u.src], u.dir)
    seen, rc2 = tokens([CLANG] + u.flags + [wrapper], u.dir)
    # The wrapper names the main file by its absolute path: so does __FILE__
    # in it and in the headers it includes by a quoted name.
    seen = [t.replace('"%s/' % u.dir, '"') for t in seen]
    return not rc and not rc2 and seen == full


def measure(a):
    """Times the --files units with and without their planned PCH; a PCH's
    build is charged to them pro rata (measured units / units using it)."""
    units = {u.path: u for u in load_units(a.db, None)}
    groups = json.load(open(os.path.join(a.work, "plan.json")))
    os.makedirs(os.path.join(a.work, "pch"), exist_ok=True)
    tools = ([("tidy", shlex.split(a.tidy))] if a.tidy else []) + [
        (t.partition("=")[0], shlex.split(t.partition("=")[2])) for t in a.tool]
    tot, plain = collections.Counter(), []
    chosen = set()
    for n, g in enumerate(groups):
        us = [units[p] for p in g["files"] if p in units]
        mine = [u for u in us if not a.files or re.search(a.files, u.entry["file"])]
        chosen.update(u.path for u in mine)
        if not mine:
            continue
        pch, cpu, hdr = build_pch(a, n, g, us[0])
        tot["build"] += cpu * len(mine) / len(us)
        log("PCH %d: depth %d, %d of its %d units, built in %.2f s"
            % (n, g["depth"], len(mine), len(us), cpu))
        for u in mine:
            with_pch = [CLANG] + without_forced(u.flags) + ["-include-pch", pch] + u.per_file
            if not pch:
                with_pch = None
            elif not sound(a, u, hdr):
                log("%s: not the same tokens with the PCH: parsed without it" % u.path)
                tot["unsound"] += 1
                with_pch = None
            measure_unit(a, u, with_pch, tools, tot)
    for u in units.values():
        if u.path not in chosen and (not a.files or re.search(a.files, u.entry["file"])):
            measure_unit(a, u, None, tools, tot)
    report(tot, tools)


def report(tot, tools):
    rows = [("parse floor", tot["floor"]), ("parse floor with PCHs", tot["floorpch"]),
            ("PCH builds (pro rata)", tot["build"]),
            ("parse floor with PCHs + builds", tot["floorpch"] + tot["build"])]
    for name, _ in tools:
        rows += [(name, tot[name]), (name + " with PCHs + builds", tot[name + "pch"] + tot["build"])]
    anchor = tot["tidy"] or None
    print("%d units (%d with a PCH, %d whose PCH was not sound)"
          % (tot["units"], tot["withpch"], tot["unsound"]))
    print("| row | CPU s | / floor | / tidy |\n|---|---|---|---|")
    for name, cpu in rows:
        print("| %s | %.1f | %.2f | %s |" % (name, cpu, cpu / tot["floor"],
                                              "%.2f" % (cpu / anchor) if anchor else "-"))
    for name, _ in tools:
        print("%s warnings: %d without the PCHs, %d with them, %d units differ"
              % (name, tot[name + "warn"], tot[name + "pchwarn"], tot[name + "differ"]))


def warnings(path):
    with open(path, errors="replace") as f:
        return sorted(l for l in f if re.search(r": (warning|error): ", l))


def measure_unit(a, u, with_pch, tools, tot):
    """Adds u's least CPU time of a.rounds for each row to tot (kept in
    WORK/done, which a run stopped half-way starts from)."""
    prefix = open(with_pch[with_pch.index("-include-pch") + 1][:-4]).read() if with_pch else ""
    done = os.path.join(a.work, "done", u.path.replace("/", "_") + ".json")
    if os.path.exists(done):
        with open(done) as f:
            kept = json.load(f)
        rows = {"floor", "floorpch"} | {n + t for n, _ in tools for t in ("", "pch")}
        if kept["prefix"] == prefix and rows <= set(kept["best"]):
            add_unit(u, kept["best"], kept["outs"], with_pch, tools, tot)
            return
    best, outs = time_unit(a, u, with_pch, tools)
    os.makedirs(os.path.dirname(done), exist_ok=True)
    with open(done, "w") as f:
        json.dump({"prefix": prefix, "best": best, "outs": outs}, f)
    add_unit(u, best, outs, with_pch, tools, tot)


def time_unit(a, u, with_pch, tools):
    cmds = [("floor", u.floor_cmd(), None)]
    if with_pch:
        cmds.append(("floorpch", with_pch + ["-fsyntax-only", u.src], None))
    for name, tool in tools:
        cmds.append((name, tool + [u.src, "--"] + u.flags + u.per_file, name))
        if with_pch:
            cmds.append((name + "pch", tool + [u.src, "--"] + with_pch[1:], name))
    best, outs = {}, {}
    for _ in range(a.rounds):
        for name, cmd, tool in cmds:
            out = os.path.join(a.work, "%s.%s.out" % (os.path.basename(u.path), name))
            r = timed(cmd, u.dir, out)
            best[name] = min(best.get(name, r["cpu"]), r["cpu"])
            if tool:
                outs[name] = warnings(out)
    if not with_pch:  # no PCH: the row with PCHs costs what the plain one does
        for name in list(best):
            best[name + "pch"] = best[name]
            if name in outs:
                outs[name + "pch"] = outs[name]
    return best, outs


def add_unit(u, best, outs, with_pch, tools, tot):
    for k, v in best.items():
        tot[k] += v
    tot["units"] += 1
    tot["withpch"] += bool(with_pch)
    for name, _ in tools:
        tot[name + "warn"] += len(outs[name])
        tot[name + "pchwarn"] += len(outs[name + "pch"])
        if outs[name] != outs[name + "pch"]:
            tot[name + "differ"] += 1
            log("%s: %s's warnings differ with the PCH" % (u.path, name))
    log("%s: %s" % (os.path.relpath(u.path, u.dir),
                    ", ".join("%s %.2f" % kv for kv in sorted(best.items()))))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("plan", "measure"))
    p.add_argument("db")
    p.add_argument("work")
    p.add_argument("--files", help="a regex on the entries' files")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--tidy", help="clang-tidy command line before the file (the anchor)")
    p.add_argument("--tool", action="append", default=[], metavar="NAME=CMD",
                   help="another row: a command line before the file (a runner)")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    plan(a) if a.what == "plan" else measure(a)


if __name__ == "__main__":
    main()
