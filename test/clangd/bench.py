#!/usr/bin/env python3
# bench.py: time-to-diagnostics of flagspace-clangd against stock clangd of the same major, on the same file, side by side.
#
# usage: bench.py --flagspace-clangd=<flagspace-clangd-N> --clangd=<clangd-N>
#                 [--runs=<n>] [--shape=(flags | clean | plain) | --file=<c file>]
#                 [--checks=<glob>] [--anchor-checks=<glob>]
#
# Each run starts a fresh server, opens the file (open: didOpen to the first
# publishDiagnostics, preamble included) and then sends an unsaved edit (edit:
# didChange to its publishDiagnostics, the preamble reused: the main file is
# parsed and the clang-tidy checks run again) a few times. Both servers see the
# same project, the same .clang-tidy and the same edits, alternately, so
# machine noise hits both alike. Prints medians and the ratio
# flagspace-clangd / clangd (the goal is at most 1.05).
#
# Stock clangd runs no check there (it has no flagspace-*), so a third server
# is the fair anchor: stock clangd with a built-in clang-tidy check that reads
# the same calls and reports about as many findings (android-cloexec-open: one
# per openat() without O_CLOEXEC, 200 on the generated flags and clean files),
# in a copy of the project whose .clang-tidy enables it. The last line is the
# ratio flagspace-clangd / that anchor.
#
# The default file is generated: 200 functions of flag calls, one finding each
# (--shape picks other kinds). Not a ctest by default (see CMakeLists.txt).

import argparse
import os
import statistics
import sys
import tempfile

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspclient  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EDITS = 5

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


def one_run(argv, project, name, text, timeout):
    uri = lspclient.path_uri(os.path.join(project, name))
    server = lspclient.Server(argv + ["--background-index=false", "--log=error"],
                              project, os.path.join(project, "clangd.log"))
    try:
        server.initialize(project, timeout)
        sent = lspclient.time.monotonic()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "c", "version": 1, "text": text}})
        stamp, diags = server.wait_diagnostics(uri, 1, timeout)
        opened = stamp - sent
        edits = []
        for version in range(2, 2 + EDITS):
            # A comment at the end: a new main file, the same preamble.
            changed = text + "// edit %d\n" % version
            sent = lspclient.time.monotonic()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": changed}]})
            stamp, diags = server.wait_diagnostics(uri, version, timeout)
            edits.append(stamp - sent)
        tidy = sum(1 for d in diags if d.get("source") == "clang-tidy")
        return opened, edits, tidy
    finally:
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flagspace-clangd", required=True)
    parser.add_argument("--clangd", required=True, help="stock clangd of the same major")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--functions", type=int, default=200,
                        help="size of the generated file (functions of 9 lines)")
    parser.add_argument("--shape", choices=("flags", "clean", "plain"), default="flags",
                        help="generated file: flag calls with findings (flags), the same "
                             "corrected (clean), or ordinary code with one flag call (plain)")
    parser.add_argument("--file", help="a C file to use instead of the generated one")
    parser.add_argument("--checks", default="-*,flagspace-*",
                        help="Checks: of the .clang-tidy both servers read")
    parser.add_argument("--anchor-checks", default=ANCHOR_CHECKS,
                        help="Checks: of stock clangd's second project, the anchor")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()

    if args.file:
        with open(args.file) as f:
            text = f.read()
    else:
        text = default_source(args.functions, args.shape)
    # (label, server, project of its .clang-tidy)
    servers = [("clangd", [args.clangd], "plain"),
               ("clangd + anchor", [args.clangd], "anchor"),
               ("flagspace-clangd", [args.flagspace_clangd], "plain")]
    results = {label: {"open": [], "edit": [], "tidy": 0} for label, _, _ in servers}
    with tempfile.TemporaryDirectory(prefix="flagspace-bench-") as work:
        projects = {"plain": os.path.join(work, "plain"), "anchor": os.path.join(work, "anchor")}
        for kind, checks in (("plain", args.checks), ("anchor", args.anchor_checks)):
            os.mkdir(projects[kind])
            lspclient.write_project(projects[kind], {"bench.c": text}, checks=checks)
        for run in range(args.runs):
            # Rotate which server goes first.
            order = servers[run % 3:] + servers[:run % 3]
            for label, argv, kind in order:
                opened, edits, tidy = one_run(argv, projects[kind], "bench.c", text,
                                              args.timeout)
                results[label]["open"].append(opened)
                results[label]["edit"].extend(edits)
                results[label]["tidy"] = tidy

    lines = text.count("\n")
    print("file: %s (%d lines), .clang-tidy Checks: '%s' (anchor: '%s'), "
          "%d runs x (1 open + %d edits)"
          % (args.file or "generated (%s)" % args.shape, lines, args.checks,
             args.anchor_checks, args.runs, EDITS))
    # The minimum resists a busy machine better; the median shows the spread.
    print("%-18s %18s %18s %17s" % ("", "open (ms)", "edit (ms)", "tidy"))
    print("%-18s %9s %8s %9s %8s %17s" % ("server", "median", "min", "median", "min",
                                         "diagnostics"))
    stats = {}
    for label, _, _ in servers:
        r = results[label]
        stats[label] = [f(r[kind]) * 1000 for kind in ("open", "edit")
                        for f in (statistics.median, min)]
        print("%-18s %9.1f %8.1f %9.1f %8.1f %17d" % ((label,) + tuple(stats[label])
                                                       + (r["tidy"],)))
    for label, base in (("ratio", "clangd"), ("ratio to anchor", "clangd + anchor")):
        ratios = [a / b for a, b in zip(stats["flagspace-clangd"], stats[base])]
        print("%-18s %8.3fx %7.3fx %8.3fx %7.3fx" % ((label,) + tuple(ratios)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
