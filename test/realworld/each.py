"""Runs a step for each package named, as run.py and intercept.py do."""
import subprocess


def run_each(packages, run_one, log):
    """run_one(pkg) for each package; returns the worst status. A package
    that cannot be fetched or built is logged and counts 2: it must not hide
    the others' results."""
    status = 0
    for pkg in packages:
        try:
            status = max(status, run_one(pkg))
        except (subprocess.CalledProcessError, RuntimeError, OSError) as e:
            log("%s: FAILED: %s" % (pkg, e))
            status = 2
    return status
