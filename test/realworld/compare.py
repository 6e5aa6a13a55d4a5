#!/usr/bin/python3
"""Compares a `flagspace audit --format=json` report with a reviewed expectations file."""

import argparse
import collections
import json
import os
import re
import sys

VERDICTS = ("bug", "accident", "harmless", "false-positive")
CONSEQUENCES = ("fails", "misbehaves", "ignored", "same-value", "deprecated")
# <verdict> <consequence>[[tool:<consequence>]] <check> <file>:<line> `<source line>` -- <why>
FINDING = re.compile(r"^(?P<verdict>\S+)\s+(?P<consequence>[a-z-]+)(?:\[tool:(?P<tool>[a-z-]+)\])?\s+"
                     r"(?P<check>flagspace-\S+)\s+(?P<file>[^\s:]+):(?P<line>\d+)\s+"
                     r"`(?P<code>.*?)`\s+--\s+(?P<why>.+)$")
HEADER = re.compile(r"^(?P<key>package|units|not-analysed|compile-errors):\s*(?P<value>.*)$")

# consequence: the review's (or, from a report, the tool's); tool: a known disagreement, the class
# the tool gives (README.md lists and explains each), else None.
Finding = collections.namedtuple("Finding", "verdict consequence tool check file line code why")


def normalise(code):
    """A source line's text with runs of white space as one space: the line-shift-robust key."""
    return " ".join(code.split())


def key(f):
    return (f.file, f.check, normalise(f.code))


def parse_expected(path):
    """Returns (header dict, findings); raises ValueError naming file:line on a bad line."""
    header, findings = {}, []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            h = HEADER.match(line)
            m = FINDING.match(line)
            if h:
                header[h.group("key")] = h.group("value").strip()
            elif m and m.group("verdict") not in VERDICTS:
                raise ValueError("%s:%d:1: error: verdict '%s' is not one of %s"
                                 % (path, n, m.group("verdict"), ", ".join(VERDICTS)))
            elif m and not {m.group("consequence"), m.group("tool") or "fails"} <= set(CONSEQUENCES):
                raise ValueError("%s:%d:1: error: consequence '%s' is not one of %s"
                                 % (path, n, m.group("consequence") + (
                                     "[tool:%s]" % m.group("tool") if m.group("tool") else ""),
                                    ", ".join(CONSEQUENCES)))
            elif m:
                findings.append(Finding(m.group("verdict"), m.group("consequence"), m.group("tool"),
                                        m.group("check"), m.group("file"), int(m.group("line")),
                                        m.group("code"), m.group("why")))
            else:
                raise ValueError("%s:%d:1: error: expected `<verdict> <consequence> <check> "
                                 "<file>:<line> `<code>` -- <why>` or a header line" % (path, n))
    return header, findings


def source_line(root, rel, line):
    try:
        with open(os.path.join(root, rel), errors="replace") as f:
            for n, text in enumerate(f, 1):
                if n == line:
                    return text.rstrip("\n")
    except OSError:
        pass
    return ""


def relative(root, path):
    path = os.path.normpath(os.path.join(root, path))
    rel = os.path.relpath(path, root)
    return path if rel.startswith("..") else rel


def audited_findings(report, root):
    """The report's findings as Finding tuples keyed like the expectations file."""
    out = []
    for f in report["findings"]:
        rel = relative(root, f["file"])
        code = source_line(root, rel, f["line"]).strip()
        out.append(Finding("?", f.get("consequence"), None, f["check"], rel, f["line"], code,
                           f["message"]))
    return out


def format_finding(f, verdict=None, why=None):
    consequence = (f.consequence or "?") + ("[tool:%s]" % f.tool if f.tool else "")
    return "%s %s %s %s:%d `%s` -- %s" % (verdict or f.verdict, consequence, f.check, f.file,
                                           f.line, normalise(f.code), why or f.why)


def diff(expected, audited):
    """Returns (new, missing, moved, matched): multiset difference by key, kept keys whose line
    moved, and the (expected, audited) pairs."""
    want = collections.defaultdict(list)
    for f in expected:
        want[key(f)].append(f)
    new, moved, matched = [], [], []
    for f in audited:
        if want[key(f)]:
            old = want[key(f)].pop(0)
            matched.append((old, f))
            if old.line != f.line:
                moved.append((old, f))
        else:
            new.append(f)
    missing = [f for fs in want.values() for f in fs]
    return new, missing, moved, matched


def compare_consequences(pkg, matched, out, stats):
    """The tool's consequence against the review's, for each finding both have: agreement, a
    disagreement the expectations record (`<review>[tool:<tool's>]`, explained in README.md),
    or one they do not (1). A report without consequences (an older flagspace) is not compared."""
    status = 0
    for want, got in matched:
        if got.consequence is None:
            continue
        stats["total"] += 1
        if got.consequence == want.consequence:
            stats["agree"] += 1
        elif got.consequence == want.tool:
            stats["known"] += 1
            print("%s: note: known disagreement (README.md): the tool says %s, the review %s: %s"
                  % (pkg, got.consequence, want.consequence, format_finding(want)), file=out)
        else:
            stats["differ"] += 1
            status = 1
            print("%s: consequence: the tool says %s, the review %s: %s"
                  % (pkg, got.consequence, want.consequence, format_finding(want)), file=out)
    return status


def new_stats():
    return {"total": 0, "agree": 0, "known": 0, "differ": 0}


def agreement(stats):
    """'58 of 60 findings (96.7%): 2 known disagreements, 0 other'."""
    pct = 100.0 * stats["agree"] / stats["total"] if stats["total"] else 100.0
    return ("the tool's consequence agrees with the review's on %d of %d findings (%.1f%%): "
            "%d known disagreements, %d other" % (stats["agree"], stats["total"], pct,
                                                   stats["known"], stats["differ"]))


def header_text(pkg, version, report, root):
    errors = sorted({relative(root, e["file"]) for e in report.get("compile_errors", [])})
    return ["package: %s %s" % (pkg, version),
            "units: %d" % report["translation_units"],
            "not-analysed: %d" % len(report.get("not_analysed", [])),
            "compile-errors: %s" % (" ".join(errors) if errors else "none")]


def compare_errors(pkg, want, got, out):
    """A new file with compile errors may hide findings (1); one fewer is only a note (an older
    clang accepts what a newer one rejects, like implicit declarations before clang 16)."""
    def files(text):
        return set(text.split()) - {"none"}
    new, gone = files(got) - files(want), files(want) - files(got)
    for f in sorted(new):
        print("%s: compile errors in %s: findings there may be missing" % (pkg, f), file=out)
    for f in sorted(gone):
        print("%s: note: no compile errors in %s any more" % (pkg, f), file=out)
    return 1 if new else 0


def compare(pkg, version, report, root, expected_path, out=sys.stdout, stats=None):
    """Prints the differences; returns 0 when the audit matches the expectations, else 1. The
    consequences compared are added to `stats` (new_stats())."""
    header, expected = parse_expected(expected_path)
    audited = audited_findings(report, root)
    new, missing, moved, matched = diff(expected, audited)
    own = new_stats()
    status = compare_consequences(pkg, matched, out, own)
    if stats is not None:
        for k in own:
            stats[k] += own[k]
    for line in header_text(pkg, version, report, root):
        k, v = line.split(":", 1)
        if k == "compile-errors":
            status |= compare_errors(pkg, header.get(k, ""), v, out)
        elif header.get(k, "").strip() != v.strip():
            status = 1
            print("%s: %s: expected '%s', got '%s'" % (pkg, k, header.get(k, "(none)"),
                                                      v.strip()), file=out)
    if header.get("package", "") != "%s %s" % (pkg, version):
        print("%s: NOTE: the expectations were reviewed for '%s' but '%s %s' was audited: a new "
              "Debian release; review the differences below in the new code, then update %s"
              % (pkg, header.get("package"), pkg, version, expected_path), file=out)
    for f in new:
        print("%s: new finding (not in %s): %s" % (pkg, os.path.basename(expected_path),
                                                   format_finding(f, "VERDICT?", f.why)), file=out)
    for f in missing:
        print("%s: missing finding: %s" % (pkg, format_finding(f)), file=out)
    for old, f in moved:
        print("%s: note: moved %s:%d -> %d (same code)" % (pkg, f.file, old.line, f.line), file=out)
    if new or missing:
        status = 1
    counts = collections.Counter(f.verdict for f in expected)
    print("%s %s: %d findings (%s); %s" % (
        pkg, version, len(audited), ", ".join("%d %s" % (counts[v], v) for v in VERDICTS),
        "as expected" if status == 0 else "DIFFERENT from %s" % expected_path), file=out)
    if own["total"]:
        print("%s: %s" % (pkg, agreement(own)), file=out)
    return status


def draft(pkg, version, report, root, out=sys.stdout):
    """Prints an unreviewed expectations file: every verdict must then be written by hand."""
    print("# flagspace real-world expectations: %s (see test/realworld/README.md)" % pkg, file=out)
    for line in header_text(pkg, version, report, root):
        print(line, file=out)
    print("", file=out)
    # The tool's consequence stands in for the review's until one is written.
    for f in audited_findings(report, root):
        print(format_finding(f, "UNREVIEWED", f.why), file=out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--package", required=True)
    ap.add_argument("--version", required=True, help="Debian source version audited")
    ap.add_argument("--root", required=True, help="the unpacked source tree")
    ap.add_argument("--draft", action="store_true", help="print a draft expectations file")
    ap.add_argument("report", help="flagspace audit --format=json output")
    ap.add_argument("expected", nargs="?")
    a = ap.parse_args()
    with open(a.report) as f:
        report = json.load(f)
    if a.draft:
        draft(a.package, a.version, report, a.root)
        return 0
    try:
        return compare(a.package, a.version, report, a.root, a.expected)
    except (ValueError, OSError) as e:
        print(e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
