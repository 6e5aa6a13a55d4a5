#!/usr/bin/python3
"""audit_bench.py: measures `flagspace audit` against run-clang-tidy and
against the parse floor on one compilation database, side by side in one
run, at the same -j (issues 4 and 25, "Speed"), in CPU time and wall time.

usage: nice test/bench/audit_bench.py [--build DIR] [-j N] [--rounds N]
                                 [--out DIR] [--rows NAME,...|all]
                                 [--files REGEX]
                                 (DB_DIR | --fetch WORK | --configs WORK)

DB_DIR holds compile_commands.json. --fetch WORK gets Debian's util-linux
source and makes its database first, with test/realworld/run.py (root, the
network, about 10 minutes). --configs WORK writes a generated project of
the shape that made one batch run alone at the end (lxc: 1578 commands for
86 files): 40 files of 4 configurations each and one of 200, each
configuration a -D that the file's code reads. --files REGEX keeps the
entries whose file (as the database names it) matches, e.g. '(^|/)fs/' for
a kernel's fs/: every row then reads a copy of the database holding those.
Rows, run in turn, --rounds times:

  parse floor       clang-N -fsyntax-only on every entry, xargs -P N
  parse floor, 1/file  the same on the first entry of each source file only
                    (for scale: the floor if every file had one configuration)
  built-in check    run-clang-tidy -checks=-*,readability-else-after-return
  anchor            run-clang-tidy -load <plugin> -checks=-*,flagspace-*
                    -header-filter=.*
  audit --no-runner  flagspace audit --no-runner -j N (clang-tidy with the
                    plugin, the prefilter and the cover set on)
  audit --no-prefilter  flagspace audit --no-prefilter -j N (every unit)
  audit --no-shared-headers  flagspace audit --no-shared-headers -j N
                    (every unit parses its own headers)
  audit --no-cover-set  flagspace audit --no-cover-set -j N (the prefilter
                    on, every unit it keeps run)
  audit             flagspace audit -j N (the default: flagspace-runner-N,
                    the prefilter and the cover set)

By default the parse floor, the anchor, `audit --no-runner` and `audit`
run; --rows NAME,... runs those (the anchor and the parse floor always:
the ratios are against them), --rows all every row.

Each row's CPU time is the user + system time of its whole process tree
(the rusage wait4 returns covers every descendant waited for), which a
load from other processes on the machine moves little; its wall time is
what a user waits. Of several rounds the one of least CPU time counts. It
prints both, each as a ratio to the parse floor and to the anchor, the peak
RSS of the largest process of each row and the load average before, during
(sampled every 5 s) and after it, and exits 1 when the anchor and an
audit do not report the same findings (file:line:col:check, sorted,
headers once). Run it under `nice`.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CHEAP_CHECK = "readability-else-after-return"
# clang-tidy's diagnostic line, as run-clang-tidy passes it through.
DIAG = re.compile(r"^(.+?):(\d+):(\d+): (?:warning|error): .* \[(flagspace-[a-z-]+)\]$")
# What makes the compiler write files or stop at something other than parsing.
DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ"}
DROP_ALONE = {"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG"}


def log(msg):
    print("audit_bench: %s" % msg, file=sys.stderr, flush=True)


def build_paths(build):
    """FLAGSPACE_* of the build's flagspace-paths.sh, and its flagspace command."""
    paths = {}
    with open(os.path.join(build, "flagspace-paths.sh")) as f:
        for line in f:
            m = re.match(r"^(FLAGSPACE_\w+)='(.*)'$", line.strip())
            if m:
                paths[m.group(1)] = m.group(2)
    paths["cli"] = os.path.join(build, "checker", "cli", "flagspace")
    for what in ("FLAGSPACE_CLANG_TIDY", "FLAGSPACE_TIDY_PLUGIN", "cli"):
        if not paths.get(what) or not os.path.exists(paths[what]):
            sys.exit("audit_bench: %s of %s is missing; build it first" % (what, build))
    return paths


def run_clang_tidy_script(major):
    """A run-clang-tidy with -load: this major's, else the newest installed
    (14's has no -load; any of them drives the given clang-tidy binary)."""
    majors = [major] + sorted((d[len("llvm-"):] for d in os.listdir("/usr/lib")
                               if re.match(r"^llvm-\d+$", d)), key=int, reverse=True)
    for m in majors:
        script = "/usr/lib/llvm-%s/bin/run-clang-tidy" % m
        if os.path.exists(script):
            helptext = subprocess.run([script, "--help"], capture_output=True, text=True).stdout
            if "-load" in helptext:
                return script
    sys.exit("audit_bench: no run-clang-tidy with -load is installed (clang-tidy-19 has one)")


def syntax_only(entry, clang, mode=("-fsyntax-only",)):
    """The entry's command with clang-N as compiler, parsing only (or the
    given mode's flags): a shell line."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out = [clang]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in DROP_WITH_VALUE:
            skip = True
        elif a in DROP_ALONE or a.startswith("-Wp,-M") or (a.startswith("-o") and len(a) > 2):
            continue
        else:
            out.append(a)
    out.extend(mode)
    return "cd %s && exec %s" % (shlex.quote(entry["directory"]),
                                 " ".join(shlex.quote(a) for a in out))


class LoadSampler(threading.Thread):
    """The 1-minute load average every `every` seconds while a row runs."""

    def __init__(self, every=5.0):
        super().__init__(daemon=True)
        self.every, self.samples, self.done = every, [], threading.Event()

    def run(self):
        while not self.done.wait(self.every):
            self.samples.append(os.getloadavg()[0])

    def stop(self):
        self.done.set()
        self.join()
        return sum(self.samples) / len(self.samples) if self.samples else os.getloadavg()[0]


def timed(cmd, out_path, cwd=None):
    """Runs cmd with stdout to out_path; returns a dict: wall and cpu
    seconds (user + system of the whole tree), rss (peak RSS in MB of its
    largest process), rc (exit status) and load (before, during, after)."""
    before = os.getloadavg()[0]
    sampler = LoadSampler()
    sampler.start()
    with open(out_path, "w") as out:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd)
        # wait4's usage covers the child and every descendant it waited for.
        _, status, usage = os.wait4(proc.pid, 0)
        secs = time.monotonic() - start
    during = sampler.stop()
    return {"wall": secs, "cpu": usage.ru_utime + usage.ru_stime,
            "rss": usage.ru_maxrss / 1024.0, "rc": os.waitstatus_to_exitcode(status),
            "load": (before, during, os.getloadavg()[0]), "path": out_path}


def resolve(name, dirs):
    """clang-tidy prints a file as its compile command named it: a relative
    name is under the directory of some entry."""
    if not os.path.isabs(name):
        for d in dirs:
            if os.path.exists(os.path.join(d, name)):
                name = os.path.join(d, name)
                break
    return os.path.realpath(name)


def tidy_findings(path, dirs):
    found = set()
    with open(path, errors="replace") as f:
        for line in f:
            m = DIAG.match(line.rstrip("\n"))
            if m:
                found.add("%s:%s:%s:%s" % (resolve(m.group(1), dirs), m.group(2),
                                           m.group(3), m.group(4)))
    return found


def audit_findings(path):
    # The row's stderr is in the file too: lines audit says before its
    # JSON report (how many units read a shared PCH).
    with open(path) as f:
        text = f.read()
    report = json.loads(text[text.index("\n{") + 1 if not text.startswith("{") else 0:])
    return {"%s:%d:%d:%s" % (os.path.realpath(x["file"]), x["line"], x["column"], x["check"])
            for x in report["findings"]}, report


def fetch_util_linux(work):
    """Debian's util-linux and its compile_commands.json, by the real-world script."""
    script = os.path.join(REPO, "test", "realworld", "run.py")
    if not os.path.exists(script):
        sys.exit("audit_bench: test/realworld/run.py is missing; give a DB_DIR instead")
    subprocess.run([sys.executable, script, "--work", work,
                    "--phases", "sources,fetch,prepare", "util-linux"], check=True)
    with open(os.path.join(work, "results", "util-linux.state.json")) as f:
        return json.load(f)["root"]


CONFIG_FILE = r"""#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CONF
#define CONF 0
#endif

int open_%(n)d_%%(i)d(const char *p)
{
	int fd = open(p, O_RDONLY | O_CLOEXEC | (CONF & 1 ? O_NOFOLLOW : 0));
	return fd < 0 ? fd : fchmod(fd, S_IRUSR | S_IWUSR);
}
"""


def make_configs(work):
    """A generated database with one file of many configurations."""
    src = os.path.join(work, "configs")
    os.makedirs(src, exist_ok=True)
    db = []
    for n in range(41):
        name = "file%02d.c" % n
        with open(os.path.join(src, name), "w") as f:
            # Enough code per file that parsing is not all of the cost.
            for i in range(60):
                f.write((CONFIG_FILE % {"n": n}) % {"i": i} if i == 0 else
                        (CONFIG_FILE.split("#endif\n", 1)[1] % {"n": n}) % {"i": i})
        for c in range(200 if n == 0 else 4):
            db.append({"directory": src, "file": name,
                       "arguments": ["cc", "-DCONF=%d" % c, "-c", name,
                                     "-o", "%s.%d.o" % (name, c)]})
    with open(os.path.join(src, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    return src


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db", nargs="?", help="directory holding compile_commands.json")
    ap.add_argument("--fetch", metavar="WORK",
                    help="get util-linux from Debian's sources into WORK and use it")
    ap.add_argument("--configs", metavar="WORK",
                    help="generate a project with many configurations per file in WORK and use it")
    ap.add_argument("--build", default=os.path.join(REPO, "build", "llvm-14"),
                    help="flagspace build directory (default: build/llvm-14)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1,
                    help="run every row this many times; the round of least CPU time counts")
    ap.add_argument("--rows", default=",".join(DEFAULT_ROWS),
                    help="comma-separated rows to run (the anchor and parse floor always), "
                         "or all (default: %s)" % ",".join(DEFAULT_ROWS))
    ap.add_argument("--files", metavar="REGEX", default=None,
                    help="only the entries whose file matches REGEX (re.search)")
    ap.add_argument("--out", default=None,
                    help="where the rows' outputs go (default: a new directory under /tmp)")
    a = ap.parse_args()
    if (bool(a.db) + bool(a.fetch) + bool(a.configs)) != 1:
        ap.error("give one of DB_DIR, --fetch WORK and --configs WORK")
    return a


DEFAULT_ROWS = ("parse floor", "anchor", "audit --no-runner", "audit")


def select_entries(db, regex, out):
    """The database's entries, those whose file matches regex only when one
    is given (then written to out/db, which every row reads instead)."""
    with open(os.path.join(db, "compile_commands.json")) as f:
        entries = json.load(f)
    if not regex:
        return db, entries
    entries = [e for e in entries if re.search(regex, e["file"])]
    if not entries:
        sys.exit("audit_bench: no entry's file matches %s" % regex)
    sub = os.path.join(out, "db")
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return sub, entries


def rows(a, p, db, entries, out):
    """(name, command) of each row, in the order run."""
    major = p["FLAGSPACE_LLVM_MAJOR"]
    clang = "/usr/lib/llvm-%s/bin/clang" % major
    rct = run_clang_tidy_script(major)
    lines = os.path.join(out, "syntax-only.cmds")
    with open(lines, "w") as f:
        f.write("\0".join(syntax_only(e, clang) for e in entries))
    # For scale: the floor if every file had one configuration.
    firsts, seen = [], set()
    for e in entries:
        path = os.path.realpath(os.path.join(e["directory"], e["file"]))
        if path not in seen:
            seen.add(path)
            firsts.append(e)
    lines1 = os.path.join(out, "syntax-only-per-file.cmds")
    with open(lines1, "w") as f:
        f.write("\0".join(syntax_only(e, clang) for e in firsts))
    xargs = "xargs -0 -n 1 -P %d sh -c < %s"
    tidy = [sys.executable, rct, "-p", db, "-j", str(a.jobs), "-quiet",
            "-clang-tidy-binary", p["FLAGSPACE_CLANG_TIDY"], "-header-filter", ".*"]
    # Without --clang-tidy or --plugin, audit runs the build's flagspace-runner-N.
    audit = [p["cli"], "audit", "-p", db, "-j", str(a.jobs), "--format=json",
             "--progress=never"]
    plugin = ["--clang-tidy", p["FLAGSPACE_CLANG_TIDY"], "--plugin", p["FLAGSPACE_TIDY_PLUGIN"]]
    a.dirs = sorted({e["directory"] for e in entries})
    a.nfiles = len(firsts)
    return [
        ("parse floor", ["sh", "-c", xargs % (a.jobs, shlex.quote(lines))]),
        ("parse floor, 1/file", ["sh", "-c", xargs % (a.jobs, shlex.quote(lines1))]),
        ("built-in check", tidy + ["-checks=-*," + CHEAP_CHECK]),
        ("anchor", tidy + ["-load", p["FLAGSPACE_TIDY_PLUGIN"], "-checks=-*,flagspace-*"]),
        ("audit --no-runner", audit + ["--no-runner"] + plugin),
        ("audit --no-prefilter", audit + ["--no-prefilter"]),
        ("audit --no-cover-set", audit + ["--no-cover-set"]),
        ("audit --no-shared-headers", audit + ["--no-shared-headers"]),
        ("audit", audit),
    ]


def chosen(a, plan):
    if a.rows == "all":
        return plan
    wanted = set(a.rows.split(",")) | {"anchor", "parse floor"}
    unknown = wanted - {name for name, _ in plan}
    if unknown:
        sys.exit("audit_bench: unknown rows: %s" % ", ".join(sorted(unknown)))
    return [(name, cmd) for name, cmd in plan if name in wanted]


def main():
    a = parse_args()
    if a.configs:
        db = make_configs(os.path.abspath(a.configs))
    else:
        db = os.path.abspath(a.db) if a.db else fetch_util_linux(os.path.abspath(a.fetch))
    if not os.path.exists(os.path.join(db, "compile_commands.json")):
        sys.exit("audit_bench: no compile_commands.json in %s" % db)
    p = build_paths(os.path.abspath(a.build))
    out = a.out or os.path.join("/tmp", "audit-bench-%d" % os.getpid())
    os.makedirs(out, exist_ok=True)
    # Rows run in the database's directory: audit's tree (--root) is the
    # current one, also when they read the copy --files makes.
    tree = db
    db, entries = select_entries(db, a.files, out)
    plan = chosen(a, rows(a, p, db, entries, out))
    log("%d entries (%d source files) in %s; LLVM %s; -j%d; nice %d; outputs in %s"
        % (len(entries), a.nfiles, db, p["FLAGSPACE_LLVM_MAJOR"], a.jobs, os.nice(0), out))
    results = {}
    # Rounds go through every row in turn, so that a load from elsewhere
    # falls on all rows alike; each row keeps its round of least CPU time.
    for r in range(a.rounds):
        for name, cmd in plan:
            path = os.path.join(out, "%s.%d.out" % (re.sub(r"[^a-z0-9]+", "-", name).strip("-"),
                                                    r + 1))
            run = timed(cmd, path, cwd=tree)
            log("round %d: %-20s cpu %7.1f s  wall %7.1f s  exit %d  (load %.1f / %.1f / %.1f)"
                % ((r + 1, name, run["cpu"], run["wall"], run["rc"]) + run["load"]))
            if name not in results or run["cpu"] < results[name]["cpu"]:
                results[name] = run
    report(a, results, len(entries))
    return compare(results, a.dirs)


def report(a, results, nentries):
    anchor, floor = results["anchor"], results["parse floor"]
    print("%d compile commands (%d source files), -j%d, nice %d, the round of least CPU"
          " time of %d; CPU = user + system of the row's process tree; load average"
          " before / during / after the row" % (nentries, a.nfiles, a.jobs, os.nice(0), a.rounds))
    print("| row | CPU s | CPU / floor | CPU / anchor | wall s | wall / floor | wall / anchor"
          " | peak RSS MB | exit | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, r in results.items():
        print("| %s | %.1f | %.2f | %.2f | %.1f | %.2f | %.2f | %.0f | %d | %.1f / %.1f / %.1f |"
              % ((name, r["cpu"], r["cpu"] / floor["cpu"], r["cpu"] / anchor["cpu"],
                  r["wall"], r["wall"] / floor["wall"], r["wall"] / anchor["wall"],
                  r["rss"], r["rc"]) + r["load"]))


def compare(results, dirs):
    anchor = tidy_findings(results["anchor"]["path"], dirs)
    print("anchor: %d findings" % len(anchor))
    status = 0
    for name in ("audit --no-runner", "audit --no-prefilter", "audit --no-cover-set",
                 "audit --no-shared-headers", "audit"):
        if name not in results:
            continue
        found, report = audit_findings(results[name]["path"])
        extra = "; %d units not run" % report.get("skipped", 0) if report.get("skipped") else ""
        if report.get("covered"):
            extra += " (%d covered by the cover set)" % report["covered"]
        if found == anchor:
            print("%s: the same %d findings as the anchor%s" % (name, len(found), extra))
            continue
        status = 1
        print("%s: findings differ from the anchor's%s" % (name, extra))
        for f in sorted(anchor - found):
            print("  only in the anchor: " + f)
        for f in sorted(found - anchor):
            print("  only in %s: %s" % (name, f))
    return status


if __name__ == "__main__":
    sys.exit(main())
