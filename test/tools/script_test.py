"""script_test.py: what the tests of test/tools' scripts share: writing a
file of a tree made for a test, and running a script on it with the exit
status and the lines it must print."""

import os
import subprocess
import sys


class Failed(Exception):
    pass


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


def run_script(args, expect, *wanted):
    """Runs the Python script args[0] with args[1:]; Failed unless it exits
    with expect and its output says each of wanted."""
    p = subprocess.run([sys.executable] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    print(p.stdout, end="")
    if p.returncode != expect:
        raise Failed("exit %d, expected %d" % (p.returncode, expect))
    for w in wanted:
        if w not in p.stdout:
            raise Failed("the output does not say: " + w)
