#!/usr/bin/python3
"""Checks `flagspace audit -- <build>` against bear followed by `audit -p` (issue 25): for
each package, configures its tree once, then builds it twice from clean, once under
`bear -- <build>` and `flagspace audit -p` of bear's database, once under
`flagspace audit -- <build>`, and compares the two JSON reports: the findings (file, line,
column, check, message), the units, the units not analysed and the compile errors. Exit
status 0 when every package gives the same, 1 when one differs, 2 when one could not be
built or audited.

    test/realworld/intercept.py --work /var/tmp/intercept-rw dash liburing bubblewrap lighttpd

The trees are <work>/<package>-<version>, unpacked and with their build dependencies
installed beforehand (`apt-get source <package>`, `apt-get build-dep <package>`: run.py's
fetch phase does both). dash (autotools and make), liburing (its own configure and make),
bubblewrap (meson and ninja), lighttpd (CMake and Ninja: the tarball ships a CMakeLists.txt
beside its autotools and meson files)."""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import time

import each

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BUILD = "fs-build"

# configure (run once), clean (before each build), build.
PACKAGES = {
    "dash": {"configure": [["./configure"]], "clean": ["make", "clean"],
             "build": ["make", "-k", "-j2"]},
    "liburing": {"configure": [["./configure"]], "clean": ["make", "clean"],
                 "build": ["make", "-k", "-j2"]},
    "bubblewrap": {"configure": [["meson", "setup", BUILD, "-Dman=disabled"]],
                   "clean": ["ninja", "-C", BUILD, "-t", "clean"],
                   "build": ["ninja", "-C", BUILD, "-j2"]},
    "lighttpd": {"configure": [["cmake", "-S", ".", "-B", BUILD, "-G", "Ninja"]],
                 "clean": ["ninja", "-C", BUILD, "-t", "clean"],
                 "build": ["cmake", "--build", BUILD, "-j2"]},
}


def log(msg):
    print("intercept: %s" % msg, flush=True)


def tree(work, pkg):
    found = [d for d in glob.glob(os.path.join(work, pkg + "-*")) if os.path.isdir(d)]
    if len(found) != 1:
        raise RuntimeError("expected one unpacked tree %s/%s-*, found %d"
                           % (work, pkg, len(found)))
    return found[0]


def run_report(cmd, cwd, out, err):
    """Runs an audit; returns its JSON report and how long it took."""
    start = time.monotonic()
    with open(out, "w") as o, open(err, "w") as e:
        rc = subprocess.run(cmd, cwd=cwd, stdout=o, stderr=e).returncode
    secs = time.monotonic() - start
    try:
        with open(out) as f:
            return json.load(f), rc, secs
    except ValueError:
        raise RuntimeError("`%s` exited %d without a report; see %s" % (" ".join(cmd), rc, err))


def summary(report):
    """What must be the same: the build's own failure note aside (bear alone has none)."""
    return {
        "findings": sorted((f["file"], f["line"], f["column"], f["check"], f["message"])
                           for f in report["findings"]),
        "translation_units": report["translation_units"],
        "not_analysed": sorted((n["file"], n["reason"]) for n in report["not_analysed"]
                               if not n["reason"].startswith("the build failed")),
        "compile_errors": sorted((e["file"], e["message"]) for e in report["compile_errors"]),
    }


def compare_package(a, pkg):
    recipe, root = PACKAGES[pkg], tree(a.work, pkg)
    tool = os.path.join(a.build, "checker", "cli", "flagspace")
    res = os.path.join(a.work, "results")
    os.makedirs(res, exist_ok=True)
    if not os.path.exists(os.path.join(root, ".fs-configured")):
        for cmd in recipe["configure"]:
            subprocess.run(cmd, cwd=root, check=True, stdout=subprocess.DEVNULL)
        open(os.path.join(root, ".fs-configured"), "w").close()
    # bear, then audit -p of its database (kept outside the tree)
    subprocess.run(recipe["clean"], cwd=root, stdout=subprocess.DEVNULL)
    bear_dir = os.path.join(res, pkg + ".bear")
    shutil.rmtree(bear_dir, ignore_errors=True)
    os.makedirs(bear_dir)
    start = time.monotonic()
    subprocess.run(["bear", "--output", os.path.join(bear_dir, "compile_commands.json"), "--"]
                   + recipe["build"], cwd=root, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    bear_secs = time.monotonic() - start
    old, old_rc, old_secs = run_report(
        [tool, "audit", "-p", bear_dir, "-j2", "--format=json"], root,
        os.path.join(res, pkg + ".bear.json"), os.path.join(res, pkg + ".bear.stderr"))
    # audit -- <build>
    subprocess.run(recipe["clean"], cwd=root, stdout=subprocess.DEVNULL)
    new, new_rc, new_secs = run_report(
        [tool, "audit", "-j2", "--format=json",
         "--keep-database=" + os.path.join(res, pkg + ".intercept.db.json"), "--"]
        + recipe["build"], root,
        os.path.join(res, pkg + ".intercept.json"), os.path.join(res, pkg + ".intercept.stderr"))
    a_sum, b_sum = summary(old), summary(new)
    same = a_sum == b_sum
    log("%s: bear + audit -p: %d units, %d findings, exit %d, %.0f s (build %.0f s); "
        "audit --: %d units, %d findings, exit %d, %.0f s: %s"
        % (pkg, a_sum["translation_units"], len(a_sum["findings"]), old_rc,
           bear_secs + old_secs, bear_secs, b_sum["translation_units"],
           len(b_sum["findings"]), new_rc, new_secs, "same" if same else "DIFFERENT"))
    for key in a_sum:
        if a_sum[key] != b_sum[key]:
            log("%s: %s differ:\n  bear + audit -p: %s\n  audit --: %s"
                % (pkg, key, a_sum[key], b_sum[key]))
    return 0 if same else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("packages", nargs="*", default=list(PACKAGES))
    ap.add_argument("--work", required=True, help="the folder holding the unpacked trees")
    ap.add_argument("--build", default=os.path.join(REPO, "build", "llvm-19"),
                    help="the flagspace build tree (default build/llvm-19)")
    a = ap.parse_args()
    a.work, a.build = os.path.abspath(a.work), os.path.abspath(a.build)
    for pkg in a.packages:
        if pkg not in PACKAGES:
            ap.error("unknown package %s (known: %s)" % (pkg, " ".join(PACKAGES)))
    return each.run_each(a.packages, lambda pkg: compare_package(a, pkg), log)


if __name__ == "__main__":
    sys.exit(main())
