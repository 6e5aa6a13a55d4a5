#!/usr/bin/env python3
"""add_new_check_test.py: checker/add_new_check.py, run into a copy of the source tree.

usage: add_new_check_test.py --source DIR --cc COMPILER [--include DIR]...
                             [--cmocka-include DIR]

Copies the tree (without build/ and .git), and there:
 - refuses a bad name (exit 2) and an existing check (exit 1), writing nothing;
 - --dry-run lists the files and writes nothing;
 - adds two checks whose summary holds a bar and quotes (the README's and
   the C string's escapes), the first and the last by name, and after each: test/docs/check_index.py and check_links.py pass
   on the copy (checks.def, the README's row and the docs page agree); the
   engine stub, checks.c and the unit test compile with -Wall -Wextra
   -Werror; the new sources are in the CMake lists; audit-sarif.test names
   every check of checks.def, in order, and its ruleIndex values follow;
   a second run refuses and changes nothing.
Exit status 0 when all holds, 1 otherwise.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROG = "add_new_check_test.py"
SUMMARY = 'a mode of 0 with O_CREAT | O_TMPFILE ("none")'
DESCRIPTION = "A file created with mode 0 cannot be opened again by its owner."
EXAMPLE = "open(p, O_CREAT | O_WRONLY, 0)"


class Failed(Exception):
    pass


def run(cmd, expect, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    print("$ " + " ".join(cmd) + "\n" + p.stdout, end="")
    if p.returncode != expect:
        raise Failed("%s exited %d, expected %d" % (cmd[1] if len(cmd) > 1 else cmd[0],
                                                     p.returncode, expect))
    return p.stdout


def snapshot(root):
    """Every file's bytes under root, to see that a refused run wrote nothing."""
    files = {}
    for d, _, names in os.walk(root):
        for n in names:
            path = os.path.join(d, n)
            with open(path, "rb") as f:
                files[os.path.relpath(path, root)] = f.read()
    return files


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def add(script, root, name, *more):
    return [sys.executable, script, "--root", root, name, "--summary", SUMMARY,
            "--description", DESCRIPTION, "--example", EXAMPLE] + list(more)


def check_refusals(script, root):
    before = snapshot(root)
    out = run(add(script, root, "Zero_Mode"), 2)
    if "no check name" not in out:
        raise Failed("a bad name is not named as such")
    out = run(add(script, root, "flagspace-wrong-namespace"), 1)
    if "exists" not in out or "nothing written" not in out:
        raise Failed("an existing check is not refused by name")
    out = run(add(script, root, "zero-mode", "--dry-run"), 0)
    for path in ("checker/core/check_zero_mode.c", "test/unit/test_zero_mode.c",
                 "checker/docs/flagspace-zero-mode.md", "test/lit/flagspace-zero-mode.c"):
        if "would create " + path not in out:
            raise Failed("--dry-run does not list " + path)
    if snapshot(root) != before:
        raise Failed("a refused run or a dry run changed the tree")


def check_compiles(root, cc, cmocka, snake, generated):
    core = os.path.join(root, "checker/core")
    unit = os.path.join(root, "test/unit")
    sources = [os.path.join(core, "check_%s.c" % snake), os.path.join(core, "checks.c")]
    if cmocka:
        sources.append(os.path.join(unit, "test_%s.c" % snake))
    else:
        print("%s: no cmocka.h: test_%s.c not compiled" % (PROG, snake))
    for source in sources:
        run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
             "-I", core, "-I", unit] + ["-I" + d for d in generated] +
            (["-I", cmocka] if cmocka else []) + [source], 0)


def check_lists(root, name, snake):
    core = read(root, "checker/core/CMakeLists.txt")
    if not re.search(r"^\s+check_%s\.c$" % snake, core, re.M):
        raise Failed("checker/core/CMakeLists.txt does not list check_%s.c" % snake)
    unit = read(root, "test/unit/CMakeLists.txt")
    if not re.search(r"^\s+test_%s$" % snake, unit, re.M):
        raise Failed("test/unit/CMakeLists.txt does not list test_%s" % snake)
    if "XFAIL: *" not in read(root, "test/lit/%s.c" % name):
        raise Failed("the lit test is not XFAIL while the stub reports nothing")


def check_sarif(root):
    names = re.findall(r'^FS_CHECK\(\s*\w+,\s*"([^"]+)"',
                       read(root, "checker/core/checks.def"), re.M)
    sarif = read(root, "test/lit/cli/audit-sarif.test")
    rules = re.findall(r'^CHECK(?:-NEXT)?:\s+\{"id": "(flagspace-[a-z0-9-]+)"', sarif, re.M)
    if rules != sorted(names):
        raise Failed("audit-sarif.test's rules %s are not checks.def's, sorted: %s"
                     % (rules, sorted(names)))
    for rule, index in re.findall(r'"ruleId": "([a-z-]+)", "ruleIndex": (\d+)', sarif):
        if rules.index(rule) != int(index):
            raise Failed("audit-sarif.test: %s has ruleIndex %s, its rule is #%d"
                         % (rule, index, rules.index(rule)))


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--source", required=True)
    parser.add_argument("--cc", required=True)
    parser.add_argument("--include", action="append", default=[],
                        help="a folder of the build's generated headers (fs_version.h)")
    parser.add_argument("--cmocka-include", default="",
                        help="cmocka.h's folder; empty: the unit test is not compiled")
    args = parser.parse_args(argv[1:])
    args.source = os.path.abspath(args.source)
    script = os.path.join(args.source, "checker/add_new_check.py")
    with tempfile.TemporaryDirectory(prefix="flagspace-new-check-") as tmp:
        root = os.path.join(tmp, "src")
        shutil.copytree(args.source, root, ignore=lambda d, names: [
            n for n in names if n in (".git", "build") and d == args.source])
        try:
            check_refusals(script, root)
            # The first of all checks by name, then the last: SARIF's rules
            # list changes at both ends and every ruleIndex moves.
            for short in ("create-mode-zero", "zero-mode"):
                snake = short.replace("-", "_")
                run(add(script, root, short), 0)
                for checker in ("check_index.py", "check_links.py"):
                    run([sys.executable, os.path.join(root, "test/docs", checker), root], 0)
                check_compiles(root, args.cc, args.cmocka_include, snake, args.include)
                check_lists(root, "flagspace-" + short, snake)
                check_sarif(root)
            after = snapshot(root)
            run(add(script, root, "zero-mode"), 1)
            if snapshot(root) != after:
                raise Failed("a second run changed the tree")
        except Failed as e:
            print("%s: FAIL: %s" % (PROG, e))
            return 1
    print("%s: ok" % PROG)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
