"""codequality_check.py REPORT [--moved OTHER]: checks that REPORT is a GitLab
Code Quality report (a JSON array of issues, each with a description,
check_name, unique fingerprint, GitLab severity, and location.path relative
to the project with location.lines.begin), then prints one line per issue,
"<check_name> <path>:<line> <severity>: <description>", for FileCheck.
With --moved OTHER, OTHER (the same code with lines moved) must have the
same fingerprints, and each is printed as "moved <path> <line> -> <line>"."""
import json
import sys

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def fail(msg):
    sys.stdout.write("codequality_check.py: %s\n" % msg)
    sys.exit(1)


def load(path):
    with open(path) as f:
        issues = json.load(f)
    if not isinstance(issues, list):
        fail("%s: not a JSON array" % path)
    seen = {}
    for i, issue in enumerate(issues):
        where = "%s: issue %d" % (path, i)
        for key in ("description", "check_name", "fingerprint", "severity"):
            if not isinstance(issue.get(key), str) or not issue[key]:
                fail("%s: no string '%s'" % (where, key))
        if issue["severity"] not in SEVERITIES:
            fail("%s: severity '%s'" % (where, issue["severity"]))
        loc = issue.get("location", {})
        if not isinstance(loc.get("path"), str) or loc["path"].startswith("/"):
            fail("%s: location.path '%s' is not relative" % (where, loc.get("path")))
        begin = loc.get("lines", {}).get("begin")
        if not isinstance(begin, int) or begin < 1:
            fail("%s: location.lines.begin '%s'" % (where, begin))
        if issue["fingerprint"] in seen:
            fail("%s: fingerprint of issue %d again" % (where, seen[issue["fingerprint"]]))
        seen[issue["fingerprint"]] = i
    return issues


issues = load(sys.argv[1])
for issue in issues:
    loc = issue["location"]
    print("%s %s:%d %s: %s" % (issue["check_name"], loc["path"], loc["lines"]["begin"],
                               issue["severity"], issue["description"]))
if len(sys.argv) > 3 and sys.argv[2] == "--moved":
    other = {i["fingerprint"]: i for i in load(sys.argv[3])}
    if set(other) != {i["fingerprint"] for i in issues}:
        fail("the fingerprints differ")
    for issue in issues:
        moved = other[issue["fingerprint"]]["location"]
        print("moved %s %d -> %d" % (issue["location"]["path"],
                                     issue["location"]["lines"]["begin"],
                                     moved["lines"]["begin"]))
