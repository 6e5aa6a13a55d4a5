#!/usr/bin/env python3
# bench.py: time-to-diagnostics and CPU time of flagspace-clangd against stock clangd of the same major, on the same file, side by side.
#
# usage: bench.py --flagspace-clangd=<flagspace-clangd-N> --clangd=<clangd-N>
#                 [--runs=<n>] [--edits=<n>]
#                 [--shape=(flags | clean | plain) | --file=<c file>]
#                 [--project=<tree with compile_commands.json>] [--append=<c file>]
#                 [--show-diagnostics] [--checks=<glob>] [--anchor-checks=<glob>]
#
# Three servers see the same file: stock clangd with the project's .clang-tidy
# (Checks: '-*,flagspace-*', of which it has none, so it runs no check), stock
# clangd with a built-in check that reads the same calls and reports about as
# many findings (the fair anchor: android-cloexec-open, one per openat()
# without O_CLOEXEC, 200 on the generated flags and clean files), and
# flagspace-clangd with the project's .clang-tidy.
#
# Each run starts the three servers and opens the file in each (open: didOpen
# to the first publishDiagnostics, preamble included), then sends unsaved
# edits (edit: didChange to its publishDiagnostics; the preamble is reused,
# the main file is parsed and the clang-tidy checks run again). The servers
# take turns edit by edit, the first of each round rotating, so a burst of
# load on a shared machine hits all three alike. Before each edit the server
# must be idle (its CPU time still for a moment). Two costs are measured per
# edit: wall time, and the server's CPU time (all its threads: the first
# field of /proc/<pid>/task/*/schedstat, in ns; utime+stime of
# /proc/<pid>/stat where that is missing), read before the edit and when its
# diagnostics arrive. CPU time does not count the time the server waited for
# a core, so it moves much less than wall time with the machine's load.
#
# Prints the medians, and the ratios flagspace-clangd / clangd and
# flagspace-clangd / anchor (the goal is at most 1.05), and anchor / clangd
# (what clangd pays for a check's diagnostics, whichever check).
#
# The default file is generated: 200 functions of flag calls, one finding each
# (--shape picks other kinds). Not a ctest by default (see CMakeLists.txt).
#
# With --project, --file is opened where it is, in a real tree with its own
# compile_commands.json (a kernel tree: fs/namei.c), and nothing is written
# there: the checks come from a clangd user config (Diagnostics: ClangTidy:
# Add) in a temporary XDG_CONFIG_HOME, one per server (the tree must have no
# .clang-tidy of its own: the kernel has none). --show-diagnostics prints
# flagspace-clangd's clang-tidy diagnostics, to compare with `flagspace audit`;
# --append adds code to what the servers are sent (a misplaced flag, to see the
# checks run there; the file on disk is unchanged).
#
# --instructions counts instructions instead, which do not depend on the load:
# each server runs under valgrind's callgrind, its counters are zeroed before
# each edit and read after it; the median edit is printed. Stock clangd need
# not be the same build as flagspace-clangd, so all three servers are
# flagspace-clangd here, with no check ("clangd"), the anchor's checks, and
# the flagspace checks: the ratios are then what the checks add to the same
# clangd. It works with --project too.

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspclient  # noqa: E402

HEADER = """\
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
"""
BODY = """\
int f{n}(const char *p, int dfd) {{
  int fd = open(p, O_RDONLY | O_CLOEXEC | AT_SYMLINK_NOFOLLOW);
  int g = openat(dfd, p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  struct stat st;
  if (fstatat(dfd, p, &st, AT_SYMLINK_NOFOLLOW) != 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (access(p, R_OK | W_OK) != 0)
    return -1;
  return fd + g + (int)st.st_size;
}}
"""


# Ordinary code: libc calls but a single flag argument.
PLAIN_BODY = """\
static int g{n}(const char *s, char *buf, size_t len) {{
  size_t l = strlen(s);
  if (l >= len) return -1;
  memcpy(buf, s, l + 1);
  for (size_t i = 0; i < l; i++) buf[i] = (char)(buf[i] ^ {n});
  printf("%s %d\\n", buf, (int)l);
  return (int)l + {n};
}}
"""


def default_source(functions, shape="flags"):
    if shape == "plain":
        return (HEADER + "".join(PLAIN_BODY.format(n=n) for n in range(functions))
                + "int use_fd(const char *p) { return open(p, O_RDONLY | O_CLOEXEC); }\n")
    body = BODY
    if shape == "clean":
        body = BODY.replace("O_CLOEXEC | AT_SYMLINK_NOFOLLOW", "O_CLOEXEC | O_NOFOLLOW")
    return HEADER + "".join(body.format(n=n) for n in range(functions))


ANCHOR_CHECKS = "-*,android-cloexec-open"
TICK_NS = 1e9 / os.sysconf("SC_CLK_TCK")


def task_times(pid):
    """{thread id: CPU time in ns} of every live thread of pid. schedstat is
    exact to the ns; /proc/<pid>/stat counts clock ticks (10 ms) and is the
    fallback, for the whole process (dead threads included)."""
    times = {}
    for path in glob.glob("/proc/%d/task/*/schedstat" % pid):
        try:
            with open(path) as f:
                times[path.split("/")[4]] = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # the thread ended meanwhile
    if times and any(times.values()):
        return times
    with open("/proc/%d/stat" % pid) as f:
        # Fields after the command name, which may hold blanks: utime stime.
        fields = f.read().rsplit(")", 1)[1].split()
    return {"all": (int(fields[11]) + int(fields[12])) * TICK_NS}


def cpu_since(pid, before):
    """CPU ns pid's threads used since task_times gave `before` (a thread that
    started since counts whole)."""
    after = task_times(pid)
    return sum(t - before.get(tid, 0) for tid, t in after.items())


def clangd_config(checks):
    """A clangd user config turning on `checks` (a Checks: glob). Its Remove wins over
    its Add, so a leading -* is left out: the Add replaces clangd's default checks, and
    only a .clang-tidy of the tree could add others. With nothing to add, -* is
    Remove: ['*'], as clangd would otherwise keep its default checks (it drops the
    names it does not know from Add: flagspace-* in stock clangd)."""
    globs = [g.strip() for g in checks.split(",") if g.strip()]
    remove = [g[1:] for g in globs if g.startswith("-") and g != "-*"]
    add = [g for g in globs if not g.startswith("-")]
    if not add and "-*" in globs:
        remove = ["*"]
    return ("Diagnostics:\n  ClangTidy:\n    Remove: %s\n    Add: %s\n"
            % (json.dumps(remove), json.dumps(add)))


class Bench:
    """One server of the comparison, its project and its measures."""

    def __init__(self, label, argv, project, path=None, log=None, env=None):
        self.label, self.argv, self.project = label, argv, project
        self.uri = lspclient.path_uri(path or os.path.join(project, "bench.c"))
        self.log = log or os.path.join(project, "clangd.log")
        self.env = env
        self.server = None
        self.open_wall, self.edit_wall, self.edit_cpu = [], [], []
        self.tidy = None
        self.diagnostics = []

    def start(self, timeout):
        self.server = lspclient.Server(self.argv + ["--background-index=false", "--log=error"],
                                       self.project, self.log, self.env)
        self.server.initialize(self.project, timeout)

    def settle(self, limit=5.0):
        """Waits until the server has used under 1 ms of CPU in 50 ms (work
        left from the last request must not be counted on the next)."""
        pid = self.server.proc.pid
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            before = task_times(pid)
            time.sleep(0.05)
            if cpu_since(pid, before) < 1e6:
                return

    def send(self, method, version, text, timeout):
        """Sends didOpen or didChange; returns (wall s, CPU ns) until its
        diagnostics arrive."""
        self.settle()
        pid = self.server.proc.pid
        document = {"uri": self.uri, "version": version}
        if method == "textDocument/didOpen":
            document.update(languageId="c", text=text)
            params = {"textDocument": document}
        else:
            params = {"textDocument": document, "contentChanges": [{"text": text}]}
        before = task_times(pid)
        sent = time.monotonic()
        self.server.notify(method, params)
        stamp, diags = self.server.wait_diagnostics(self.uri, version, timeout)
        cpu = cpu_since(pid, before)
        self.diagnostics = [d for d in diags if d.get("source") == "clang-tidy"]
        tidy = len(self.diagnostics)
        if self.tidy is not None and tidy != self.tidy:
            raise lspclient.LspError("%s: %d clang-tidy diagnostics, then %d"
                                     % (self.label, self.tidy, tidy))
        self.tidy = tidy
        return stamp - sent, cpu

    def close(self):
        if self.server:
            self.server.close()
            self.server = None


def one_run(benches, run, text, edits, timeout):
    """Starts the servers, opens the file in each, then edits it in each in
    turn; the first server of a round rotates with the run and the round."""
    try:
        for bench in benches:
            bench.start(timeout)
        for bench in benches[run % 3:] + benches[:run % 3]:
            wall, _ = bench.send("textDocument/didOpen", 1, text, timeout)
            bench.open_wall.append(wall)
        for version in range(2, 2 + edits):
            # A comment at the end: a new main file, the same preamble.
            changed = text + "// edit %d\n" % version
            first = (run + version) % 3
            for bench in benches[first:] + benches[:first]:
                wall, cpu = bench.send("textDocument/didChange", version, changed, timeout)
                bench.edit_wall.append(wall)
                bench.edit_cpu.append(cpu)
    finally:
        for bench in benches:
            bench.close()


def callgrind_total(dump):
    """Instructions counted in one callgrind dump."""
    with open(dump) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise lspclient.LspError("no totals in %s" % dump)


def count_instructions(bench, text, edits, timeout, out_prefix):
    """Median instructions per edit of one server under callgrind: counters
    zeroed before each edit and dumped once it is done (a median, as clangd
    may now and then do work of its own during one edit)."""
    bench.argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_prefix + ".%p"
                  ] + bench.argv
    counts = []
    try:
        bench.start(timeout)
        bench.send("textDocument/didOpen", 1, text, timeout)
        pid = str(bench.server.proc.pid)
        for version in range(2, 2 + edits):
            bench.settle()
            subprocess.run(["callgrind_control", "--zero", pid], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            bench.send("textDocument/didChange", version, text + "// edit %d\n" % version,
                       timeout)
            bench.settle()
            subprocess.run(["callgrind_control", "--dump", pid], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            dumps = glob.glob("%s.%s.*" % (out_prefix, pid))
            counts.append(callgrind_total(max(dumps, key=lambda d: int(d.rsplit(".", 1)[1]))))
        return statistics.median(counts)
    finally:
        bench.close()


def make_bench(label, argv0, kind, checks, work, args, text):
    """One server of the comparison, with its own home in work."""
    home = os.path.join(work, kind)
    os.mkdir(home)
    if args.project:
        # The tree is left alone: the checks come from a user config.
        os.mkdir(os.path.join(home, "clangd"))
        with open(os.path.join(home, "clangd", "config.yaml"), "w") as f:
            f.write(clangd_config(checks))
        return Bench(label, [argv0], os.path.abspath(args.project), os.path.abspath(args.file),
                     os.path.join(home, "clangd.log"), dict(os.environ, XDG_CONFIG_HOME=home))
    # Each server in a project of its own.
    lspclient.write_project(home, {"bench.c": text}, checks=checks)
    return Bench(label, [argv0], home)


def instructions_main(args, text, work, flagspace):
    servers = (("clangd", "plain", "-*"),
               ("clangd + anchor", "anchor", args.anchor_checks),
               ("flagspace-clangd", "flagspace", args.checks))
    counts = {}
    print("file: %s (%d lines), millions of instructions per edit (callgrind, median of %d edits; "
          "every server is flagspace-clangd, Checks: as named)"
          % (args.file or "generated (%s)" % args.shape, text.count("\n"), args.edits))
    for label, kind, checks in servers:
        bench = make_bench(label, flagspace, kind, checks, work, args, text)
        counts[label] = count_instructions(bench, text, args.edits, args.timeout,
                                           os.path.join(work, kind + ".callgrind"))
        print("%-24s %10.1f   (%s, %d tidy diagnostics)"
              % (label, counts[label] / 1e6, checks, bench.tidy))
    for label, top, base in (("flagspace / clangd", "flagspace-clangd", "clangd"),
                             ("flagspace / anchor", "flagspace-clangd", "clangd + anchor"),
                             ("anchor / clangd", "clangd + anchor", "clangd")):
        print("%-24s %9.3fx" % (label, counts[top] / counts[base]))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flagspace-clangd", required=True)
    parser.add_argument("--clangd", required=True, help="stock clangd of the same major")
    parser.add_argument("--runs", type=int, default=5,
                        help="fresh starts of the three servers")
    parser.add_argument("--edits", type=int, default=5, help="edits per run")
    parser.add_argument("--functions", type=int, default=200,
                        help="size of the generated file (functions of 9 lines)")
    parser.add_argument("--shape", choices=("flags", "clean", "plain"), default="flags",
                        help="generated file: flag calls with findings (flags), the same "
                             "corrected (clean), or ordinary code with one flag call (plain)")
    parser.add_argument("--file", help="a C file to use instead of the generated one")
    parser.add_argument("--project",
                        help="open --file in place in this tree, with its compile_commands.json")
    parser.add_argument("--append",
                        help="a file whose text is added to the end of --file's (what the "
                             "servers are sent; the file on disk is unchanged)")
    parser.add_argument("--show-diagnostics", action="store_true",
                        help="print flagspace-clangd's clang-tidy diagnostics of the last edit")
    parser.add_argument("--checks", default="-*,flagspace-*",
                        help="Checks: of the .clang-tidy both servers read")
    parser.add_argument("--anchor-checks", default=ANCHOR_CHECKS,
                        help="Checks: of stock clangd's second project, the anchor")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per edit under valgrind's callgrind instead "
                             "of timing (load-independent; all three servers are "
                             "flagspace-clangd, with Checks '-*', the anchor's, the project's)")
    args = parser.parse_args()
    if args.project and not args.file:
        parser.error("--project needs --file")

    if args.file:
        with open(args.file) as f:
            text = f.read()
    else:
        text = default_source(args.functions, args.shape)
    if args.append:
        with open(args.append) as f:
            text += f.read()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="flagspace-bench-") as work:
        # The servers run in their projects: a relative path is taken from here.
        clangd, flagspace = (os.path.abspath(p) if os.sep in p else p
                             for p in (args.clangd, args.flagspace_clangd))
        if args.instructions:
            return instructions_main(args, text, work, flagspace)
        # Stock clangd has no flagspace check: in a tree, where the checks
        # come from a user config, it is told to run none (see clangd_config).
        servers = (("clangd", clangd, "plain", "-*" if args.project else args.checks),
                   ("clangd + anchor", clangd, "anchor", args.anchor_checks),
                   ("flagspace-clangd", flagspace, "flagspace", args.checks))
        benches = [make_bench(label, argv0, kind, checks, work, args, text)
                   for label, argv0, kind, checks in servers]
        for run in range(args.runs):
            one_run(benches, run, text, args.edits, args.timeout)
    load_after = os.getloadavg()

    print("file: %s (%d lines), .clang-tidy Checks: '%s' (anchor: '%s'), "
          "%d runs x (1 open + %d edits), servers in turn"
          % (args.file or "generated (%s)" % args.shape, text.count("\n"), args.checks,
             args.anchor_checks, args.runs, args.edits))
    print("load average (1 min): %.1f before, %.1f after; %d cores"
          % (load_before[0], load_after[0], os.cpu_count() or 0))
    print("%-24s %10s %10s %10s %10s %12s" % ("", "open wall", "edit wall", "edit wall",
                                              "edit CPU", "tidy"))
    print("%-24s %10s %10s %10s %10s %12s" % ("server (ms)", "median", "median", "min",
                                              "median", "diagnostics"))
    stats = {}
    for bench in benches:
        stats[bench.label] = (statistics.median(bench.open_wall) * 1e3,
                              statistics.median(bench.edit_wall) * 1e3,
                              min(bench.edit_wall) * 1e3,
                              statistics.median(bench.edit_cpu) / 1e6)
        print("%-24s %10.1f %10.1f %10.1f %10.1f %12d"
              % ((bench.label,) + stats[bench.label] + (bench.tidy,)))
    for label, top, base in (("flagspace / clangd", "flagspace-clangd", "clangd"),
                             ("flagspace / anchor", "flagspace-clangd", "clangd + anchor"),
                             ("anchor / clangd", "clangd + anchor", "clangd")):
        ratios = [a / b for a, b in zip(stats[top], stats[base])]
        print("%-24s %9.3fx %9.3fx %9.3fx %9.3fx" % ((label,) + tuple(ratios)))
    if args.show_diagnostics:
        for d in benches[2].diagnostics:
            start = d["range"]["start"]
            print("%s:%d:%d: %s [%s]" % (args.file or "bench.c", start["line"] + 1,
                                         start["character"] + 1, d["message"], d.get("code")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
