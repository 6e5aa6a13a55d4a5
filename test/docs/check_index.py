#!/usr/bin/env python3
"""check_index.py: the README's table of checks and checker/docs/ follow checker/core/checks.def.

usage: check_index.py <source dir>

Each check of checks.def must have one row in the README's table, in the
order of checks.def, linking checker/docs/<name>.md, with the check's
summary in its "reports" column (backticks and escaped bars aside); each
must have that page, opening with "# <name>"; and no row or page may name a
check that is not there. Exit status 0 when all holds, 1 with each problem
printed otherwise.
"""

import os
import re
import sys

CHECK = re.compile(r'^FS_CHECK\(\s*\w+,\s*"([^"]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+),', re.M)
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
ROW = re.compile(r"^\| \[(flagspace-[a-z-]+)\]\(checker/docs/\1\.md\) \| ((?:[^|\\]|\\.)*) \|", re.M)


def read_checks(path):
    with open(path) as f:
        text = f.read()
    return [(m.group(1), unescape("".join(STRING.findall(m.group(2)))))
            for m in CHECK.finditer(text)]


def unescape(c_text):
    """A C string literal's text as the program sees it (\\" and \\\\)."""
    return re.sub(r"\\(.)", r"\1", c_text)


def plain(cell):
    return cell.replace("`", "").replace("\\|", "|").strip()


def main(argv):
    if len(argv) != 2:
        print("usage: check_index.py <source dir>", file=sys.stderr)
        return 2
    src = argv[1]
    problems = []
    checks = read_checks(os.path.join(src, "checker/core/checks.def"))
    names = [n for n, _ in checks]
    if not checks:
        problems.append("checks.def: no FS_CHECK line read")
    with open(os.path.join(src, "README.md")) as f:
        rows = [(m.group(1), plain(m.group(2))) for m in ROW.finditer(f.read())]
    if [n for n, _ in rows] != names:
        problems.append("README.md: the table's checks %s are not checks.def's %s"
                        % ([n for n, _ in rows], names))
    for (name, summary), row in zip(checks, rows):
        if row[0] == name and row[1] != summary:
            problems.append("README.md: %s reports %r, checks.def says %r"
                            % (name, row[1], summary))
    docs = os.path.join(src, "checker/docs")
    pages = sorted(f[:-3] for f in os.listdir(docs)
                   if f.startswith("flagspace-") and f.endswith(".md"))
    if pages != sorted(names):
        problems.append("checker/docs: pages %s, checks %s" % (pages, sorted(names)))
    for name in names:
        page = os.path.join(docs, name + ".md")
        if os.path.exists(page):
            with open(page) as f:
                if f.readline().strip() != "# " + name:
                    problems.append("%s: does not open with '# %s'" % (page, name))
    for p in problems:
        print("check_index.py: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
