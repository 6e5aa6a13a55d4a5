#!/usr/bin/env python3
"""file_cycles.py: cycles between the files of checker/, by #include and by the functions they call.

usage: file_cycles.py --source DIR --build DIR [--known FILE]

Reads the build's compile_commands.json (every C and C++ file of checker/
that a target compiles, with its include paths) and finds two kinds of
cycle between files:

  include  a file's #include "..." resolved as the compiler does: the
           including file's folder first, then the -I/-iquote folders of the
           target that compiles it (for a header: of the targets compiling
           the files of its component, checker/<part>/). None may exist.
  use      file A uses file B when A's object file refers to a global symbol
           (function or data) that B's defines (nm). A cycle is a set of
           files each of which reaches every other one: none of them can be
           understood, tested or moved without the others.

The use cycles found today are listed in FILE (default: known_cycles.txt
beside this script; one cycle a line, its files relative to checker/
separated by spaces, `#` comments): the list may only shrink, to none. A
cycle passes when its files are all on one line; a cycle that is not (a new
one, or one that grew) fails, and so does a line within whose files no cycle
is left (remove it); a cycle smaller than its line passes with a note to
narrow the line. Each cycle is printed with a use that closes each of its
steps. Exit status 0 when nothing but the listed cycles is found, 1
otherwise, 2 when the build cannot be read.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys

PROG = "file_cycles.py"
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCES = (".c", ".h", ".cpp", ".hpp", ".def", ".inc")


class Unreadable(Exception):
    pass


def arguments(entry):
    if "arguments" in entry:
        return entry["arguments"]
    return shlex.split(entry["command"])


def include_dirs(entry):
    args, dirs, i = arguments(entry), [], 0
    while i < len(args):
        for flag in ("-I", "-iquote"):
            if args[i] == flag and i + 1 < len(args):
                dirs.append(args[i + 1])
                i += 1
            elif args[i].startswith(flag) and len(args[i]) > len(flag):
                dirs.append(args[i][len(flag):])
        i += 1
    return [os.path.normpath(os.path.join(entry["directory"], d)) for d in dirs]


def output_of(args):
    for i, a in enumerate(args):
        if a == "-o" and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("-o") and len(a) > 2:
            return a[2:]
    return None


def read_database(source, build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        raise Unreadable("%s: %s" % (path, e))
    checker = os.path.join(source, "checker") + os.sep
    units = []
    for e in entries:
        file = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if file.startswith(checker):
            out = e.get("output") or output_of(arguments(e))
            obj = os.path.normpath(os.path.join(e["directory"], out)) if out else None
            units.append((file, include_dirs(e), obj))
    if not units:
        raise Unreadable("%s: no file of %s" % (path, checker))
    return units


def component(source, path):
    return "/".join(os.path.relpath(path, source).split(os.sep)[:2])


def checker_files(source):
    for root, dirs, files in os.walk(os.path.join(source, "checker")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(SOURCES):
                yield os.path.join(root, f)


def include_graph(source, units):
    """file -> the files of checker/ it includes."""
    search = {}
    for file, dirs, _ in units:
        for d in dirs:
            search.setdefault(component(source, file), [])
            if d not in search[component(source, file)]:
                search[component(source, file)].append(d)
    own = {file: dirs for file, dirs, _ in units}
    checker = os.path.join(source, "checker") + os.sep
    graph = {}
    for file in checker_files(source):
        with open(file, encoding="utf-8", errors="replace") as f:
            names = INCLUDE.findall(f.read())
        dirs = [os.path.dirname(file)] + own.get(file, search.get(component(source, file), []))
        graph[file] = {}
        for name in names:
            for d in dirs:
                candidate = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(candidate):
                    if candidate.startswith(checker):
                        graph[file][candidate] = name
                    break
    return graph


def symbols(objs, defined):
    """{object file: its global symbols defined (or referred to)}, from one nm."""
    args = ["nm", "-A", "-P"]
    args += ["--defined-only", "-g"] if defined else ["--undefined-only"]
    p = subprocess.run(args + objs, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode:
        raise Unreadable("nm: %s" % p.stderr.strip())
    found = {obj: set() for obj in objs}
    for line in p.stdout.splitlines():
        where, _, rest = line.partition(": ")
        if where in found and rest.split() and not is_rtti(rest.split()[0]):
            found[where].add(rest.split()[0])
    return found


def is_rtti(name):
    """A class's typeinfo, its name or its vtable (_ZTI, _ZTS, _ZTV): data the
    compiler refers to for its own checks (the sanitize build's -fsanitize=vptr
    refers to the typeinfo of every class a member call goes through), not a
    use the code writes; counting it made the sanitize build see a cycle the
    others do not."""
    return name.startswith(("_ZTI", "_ZTS", "_ZTV"))


def use_graph(units):
    """file -> {file whose global symbol it refers to: one such symbol}."""
    objs = [(file, obj) for file, _, obj in units if obj]
    missing = [obj for _, obj in objs if not os.path.exists(obj)]
    if missing:
        raise Unreadable("%d object files are not built (first: %s): build first"
                         % (len(missing), missing[0]))
    defined = symbols([obj for _, obj in objs], True)
    used = symbols([obj for _, obj in objs], False)
    defined_by = {}
    for file, obj in objs:
        for s in defined[obj]:
            defined_by.setdefault(s, set()).add(file)
    graph = {}
    for file, obj in objs:
        graph.setdefault(file, {})
        for s in sorted(used[obj]):
            for other in defined_by.get(s, ()):
                if other != file:
                    graph[file].setdefault(other, s)
    return graph


def demangle(names):
    """C++ names as written (c++filt), C names as they are."""
    try:
        p = subprocess.run(["c++filt"], input="\n".join(names), stdout=subprocess.PIPE,
                           universal_newlines=True)
        out = p.stdout.splitlines()
        if p.returncode == 0 and len(out) == len(names):
            return dict(zip(names, out))
    except OSError:
        pass
    return {n: n for n in names}


def cycles(graph):
    """The strongly connected components of more than one file (Tarjan's
    algorithm, without recursion), each a sorted list."""
    index, low, on, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                scc = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    scc.append(w)
                    if w == v:
                        break
                if len(scc) > 1:
                    found.append(sorted(scc))
    return sorted(found)


def read_known(path):
    known = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if words:
                known.append((number, tuple(sorted(words))))
    return known


def show(source, scc, graph, how):
    rel = lambda p: os.path.relpath(p, os.path.join(source, "checker"))
    print("  %s" % " ".join(rel(f) for f in scc))
    edges = [(a, b) for a in scc for b in sorted(graph[a]) if b in scc]
    shown = demangle([graph[a][b] for a, b in edges])
    for a, b in edges:
        print("    %s -> %s (%s %s)" % (rel(a), rel(b), how, shown[graph[a][b]]))


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--known", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                        "known_cycles.txt"))
    args = parser.parse_args(argv[1:])
    source = os.path.abspath(args.source)
    try:
        units = read_database(source, os.path.abspath(args.build))
        includes = include_graph(source, units)
        uses = use_graph(units)
        known = read_known(args.known)
    except (Unreadable, OSError) as e:
        print("%s: %s" % (PROG, e))
        return 2
    rel = lambda p: os.path.relpath(p, os.path.join(source, "checker"))
    bad = 0
    found = cycles(includes)
    print("%s: %d files, %d includes between them: %d include cycles"
          % (PROG, len(includes), sum(len(v) for v in includes.values()), len(found)))
    for scc in found:
        show(source, scc, includes, "#include")
        bad += 1
    found = {tuple(rel(f) for f in scc): scc for scc in cycles(uses)}
    print("%s: %d object files, %d uses between files: %d use cycles, %d lines in %s"
          % (PROG, len(uses), sum(len(v) for v in uses.values()), len(found), len(known),
             os.path.relpath(args.known, source)))
    for files, scc in sorted(found.items()):
        line = next((n for n, listed in known if set(files) <= set(listed)), None)
        if line is None:
            print("NEW use cycle of %d files (break it; the list only shrinks):" % len(files))
            bad += 1
        elif set(files) == set(dict(known)[line]):
            print("known use cycle of %d files (line %d):" % (len(files), line))
        else:
            print("known use cycle, now %d files: narrow line %d to: %s"
                  % (len(files), line, " ".join(files)))
        show(source, scc, uses, "uses")
    for number, files in known:
        if not any(set(f) <= set(files) for f in found):
            print("%s:%d: no longer a cycle: %s; remove the line"
                  % (os.path.relpath(args.known, source), number, " ".join(files)))
            bad += 1
    print("%s: %s" % (PROG, "ok" if not bad else "%d problems" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
