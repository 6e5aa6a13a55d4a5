#!/usr/bin/python3
"""Audits Debian bookworm sources (the packages of recipes.RECIPES: crun, systemd, Linux 6.1's
fs/ ...) with flagspace and compares the findings with the reviewed expectations in
test/realworld/expected/."""

import argparse
import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import aptsrc  # noqa: E402
import compare  # noqa: E402
import each  # noqa: E402
import recipes  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PHASES = ("sources", "fetch", "prepare", "audit", "compare")


def log(msg):
    print("realworld: %s" % msg, flush=True)


class Timer:
    """Measures one phase of one package and appends it to <work>/times.tsv."""

    def __init__(self, work, pkg, phase):
        self.path, self.pkg, self.phase = os.path.join(work, "times.tsv"), pkg, phase

    def __enter__(self):
        self.start = time.monotonic()

    def __exit__(self, *exc):
        secs = time.monotonic() - self.start
        log("%s %s: %.0f s%s" % (self.pkg, self.phase, secs, " (failed)" if exc[0] else ""))
        with open(self.path, "a") as f:
            f.write("%s\t%s\t%.1f\t%s\n" % (self.pkg, self.phase, secs,
                                            "failed" if exc[0] else "ok"))


def state_path(work, pkg):
    return os.path.join(work, "results", pkg + ".state.json")


def save_state(work, pkg, version, root):
    os.makedirs(os.path.join(work, "results"), exist_ok=True)
    with open(state_path(work, pkg), "w") as f:
        json.dump({"package": pkg, "version": version, "root": root}, f)


def load_state(work, pkg):
    """The version and tree the last fetch chose; without fetch, the phases after it use these."""
    try:
        with open(state_path(work, pkg)) as f:
            s = json.load(f)
        return s["version"], s["root"]
    except OSError:
        raise RuntimeError("not fetched yet (run the fetch phase, as root)")


def audit(a, pkg, root, db_dir):
    """Runs `flagspace audit` and stores its JSON report; exits if there is no report."""
    tool = os.path.join(a.build, "checker", "cli", "flagspace")
    out = os.path.join(a.work, "results", pkg + ".json")
    err = os.path.join(a.work, "results", pkg + ".audit.stderr")
    cmd = [tool, "audit", "-p", db_dir, "-j", str(a.jobs), "--format=json"]
    with open(out, "w") as o, open(err, "w") as e:
        rc = subprocess.run(cmd, cwd=root, stdout=o, stderr=e).returncode
    try:
        with open(out) as f:
            report = json.load(f)
    except ValueError:
        raise RuntimeError("`%s` exited %d without a JSON report; see %s"
                           % (" ".join(cmd), rc, err))
    log("%s: %d units, %d findings, %d not analysed, %d compile errors (exit %d)"
        % (pkg, report["translation_units"], len(report["findings"]),
           len(report["not_analysed"]), len(report["compile_errors"]), rc))


def check(a, pkg, version, root):
    """Compares the stored report with the expectations; returns the exit status."""
    with open(os.path.join(a.work, "results", pkg + ".json")) as f:
        report = json.load(f)
    expected = os.path.join(HERE, "expected", pkg + ".txt")
    draft = os.path.join(a.work, "results", pkg + ".draft.txt")
    with open(draft, "w") as f:
        compare.draft(pkg, version, report, root, f)
    if not os.path.exists(expected):
        log("%s: no %s; a draft to review is in %s" % (pkg, expected, draft))
        return 1
    try:
        return compare.compare(pkg, version, report, root, expected, stats=a.stats)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2


def run_package(a, pkg):
    """The phases asked for, for one package; returns its comparison status (0 if not compared)."""
    if "fetch" in a.phases:
        with Timer(a.work, pkg, "fetch"):
            recipe = recipes.RECIPES[pkg]
            if "binary" in recipe:
                version, root = aptsrc.fetch_binary_source(
                    os.path.join(a.work, "src"), recipe["binary"], recipe.get("packages", []),
                    log)
            else:
                version, root = aptsrc.fetch(os.path.join(a.work, "src"), pkg, log)
            save_state(a.work, pkg, version, root)
    version, root = load_state(a.work, pkg)
    log("%s %s in %s" % (pkg, version, root))
    if "prepare" in a.phases:
        with Timer(a.work, pkg, "prepare"):
            recipes.prepare(pkg, root, a.jobs, a.rebuild, log)
    if "audit" in a.phases:
        with Timer(a.work, pkg, "audit"):
            audit(a, pkg, root, recipes.db_dir(pkg, root))
    return check(a, pkg, version, root) if "compare" in a.phases else 0


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packages", nargs="*", default=list(recipes.RECIPES),
                    help="default: %s" % " ".join(recipes.RECIPES))
    ap.add_argument("--work", default=os.environ.get(
        "FLAGSPACE_REALWORLD_WORK", os.path.join(REPO, "build", "realworld")),
        help="sources, builds and reports (env FLAGSPACE_REALWORLD_WORK; "
             "default build/realworld)")
    ap.add_argument("--build", default=os.path.join(REPO, "build", "llvm-19"),
                    help="the flagspace build tree (default build/llvm-19)")
    ap.add_argument("--phases", default=",".join(PHASES),
                    help="comma-separated subset of %s" % ",".join(PHASES))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--rebuild", action="store_true",
                    help="configure and build again even if a compilation database exists")
    a = ap.parse_args()
    a.phases = set(a.phases.split(","))
    a.work, a.build = os.path.abspath(a.work), os.path.abspath(a.build)
    for p in a.packages:
        if p not in recipes.RECIPES:
            ap.error("unknown package %s" % p)
    if not a.phases <= set(PHASES):
        ap.error("unknown phase in %s" % ",".join(sorted(a.phases - set(PHASES))))
    return a


def main():
    a = parse_args()
    a.stats = compare.new_stats()
    os.makedirs(a.work, exist_ok=True)
    if "sources" in a.phases:
        with Timer(a.work, "apt", "sources"):
            aptsrc.ensure_deb_src(log)
    status = each.run_each(a.packages, lambda pkg: run_package(a, pkg), log)
    if a.stats["total"]:
        log("all packages compared: " + compare.agreement(a.stats))
    return status


if __name__ == "__main__":
    sys.exit(main())
