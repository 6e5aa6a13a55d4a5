#!/usr/bin/env python3
"""check_links.py: every relative link in the project's Markdown files leads somewhere.

usage: check_links.py <source dir>

Reads README.md, HACKING.md and every *.md under checker/, rules/, test/,
examples/ and cmake/ (not build/), and for each link [text](target) that is
not a URL: the file or folder must exist, and a #fragment must be the
GitHub anchor of one of the target page's headings (or of this page's, for
a bare #fragment). Exit status 0 when every link holds, 1 with each broken
link printed as file:line: ... otherwise.
"""

import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
FOLDERS = ("checker", "rules", "test", "examples", "cmake")
TOP = ("README.md", "HACKING.md")


def markdown_files(src):
    for name in TOP:
        if os.path.exists(os.path.join(src, name)):
            yield name
    for top in FOLDERS:
        for root, dirs, files in os.walk(os.path.join(src, top)):
            dirs[:] = sorted(d for d in dirs if d != "build" and not d.startswith("."))
            for f in sorted(files):
                if f.endswith(".md"):
                    yield os.path.relpath(os.path.join(root, f), src)


def slug(heading):
    """GitHub's anchor: lower case, punctuation but - and _ dropped, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def lines_outside_code(path):
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line


def anchors(path, cache):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in lines_outside_code(path):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else "%s-%d" % (base, n))
        cache[path] = found
    return cache[path]


def check_link(src, page, target, cache):
    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
        return None
    path, _, fragment = target.partition("#")
    here = os.path.dirname(os.path.join(src, page))
    dest = os.path.normpath(os.path.join(here, path)) if path else os.path.join(src, page)
    if not os.path.exists(dest):
        return "%s does not exist" % os.path.relpath(dest, src)
    if fragment and dest.endswith(".md") and fragment not in anchors(dest, cache):
        return "%s has no heading with the anchor #%s" % (os.path.relpath(dest, src), fragment)
    return None


def main(argv):
    if len(argv) != 2:
        print("usage: check_links.py <source dir>", file=sys.stderr)
        return 2
    src = argv[1]
    cache = {}
    problems = []
    pages = list(markdown_files(src))
    for page in pages:
        for number, line in lines_outside_code(os.path.join(src, page)):
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                problem = check_link(src, page, target, cache)
                if problem:
                    problems.append("%s:%d: [..](%s): %s" % (page, number, target, problem))
    for p in problems:
        print("check_links.py: " + p)
    print("check_links.py: %d pages, %d broken links" % (len(pages), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
