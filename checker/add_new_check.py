#!/usr/bin/env python3
"""add_new_check.py: create a new flagspace check's files, as clang-tidy's add_new_check.py does.

usage: checker/add_new_check.py [--root DIR] [--dry-run] NAME
           --summary TEXT --description TEXT --example CODE

NAME is the check's name, `flagspace-` followed by lower-case words joined
by `-` (the `flagspace-` may be left out). It writes, under the source
tree DIR (default: this script's parent's parent):

  checker/core/checks.def            the FS_CHECK line (id, name, summary,
                                     description): the engine's enum, the
                                     clang-tidy registration and SARIF's rules
  checker/core/check_<id>.c, .h      the engine's check: a stub that reports
                                     nothing yet, listed in CMakeLists.txt
  checker/docs/flagspace-<name>.md   the check's page
  test/lit/flagspace-<name>.c        a lit test of the example, XFAIL until
                                     the engine reports it
  test/unit/test_<id>.c              a unit test, listed in CMakeLists.txt
  README.md                          the row of the table of checks
  test/lit/cli/audit-sarif.test      the check among SARIF's rules

and says what is left to do. Nothing is written when the check exists or
any file it would create is there already. --dry-run prints what would be
written and changed, and writes nothing. Exit status: 0 done, 1 refused
(the check or a file exists, a file to change is not as expected), 2 bad
arguments.
"""

import argparse
import os
import re
import sys
import textwrap

PROG = "add_new_check.py"
NAME = re.compile(r"^(?:flagspace-)?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)$")


class Refused(Exception):
    """The tree is not as the script expects; nothing has been written."""


def c_string_lines(text, indent="\t "):
    """A C string literal split into lines of at most about 70 columns."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    parts = textwrap.wrap(escaped, 62, drop_whitespace=False, break_long_words=False)
    return "\n".join(indent + '"%s"' % p for p in parts)


def checks_def_entry(ident, name, summary, description):
    return "FS_CHECK(%s, \"%s\",\n%s,\n%s)\n" % (
        ident, name, c_string_lines(summary), c_string_lines(description))


def engine_header(ident, snake, name, summary):
    guard = "FS_CHECK_%s_H" % ident
    return """/* check_%(snake)s.h: %(name)s: %(summary)s. */
#ifndef %(guard)s
#define %(guard)s

#include "site.h"

/* Reports %(name)s's findings of a call whose site is open (its slots and
 * the reading of each argument, site->reads). Returns 0, or -1 when out of
 * memory. */
int fs_check_call_%(snake)s(const fs_site *site, const fs_call *call);

#endif
""" % dict(snake=snake, name=name, summary=summary, guard=guard)


def engine_source(ident, snake, name, summary):
    return """/* check_%(snake)s.c: %(name)s: %(summary)s.
 *
 * TODO: decide from the site: each slot (site->slots) says what an argument
 * accepts, each reading (site->reads) what the user wrote there. Report a
 * finding with fs_findings_add(site->out, FS_CHECK_%(ident)s, slot, term,
 * &message, fix) (findings.h), the message in lower case naming the flag
 * and what to use; then call this function from fs_check_call
 * (check_call.c), beside fs_check_call_combos. HACKING.md says where the
 * other kinds of site are checked. */
#include "check_%(snake)s.h"

int fs_check_call_%(snake)s(const fs_site *site, const fs_call *call)
{
	(void)site;
	(void)call;
	return 0;
}
""" % dict(snake=snake, ident=ident, name=name, summary=summary)


def docs_page(name, summary, description, example):
    return """# %(name)s

Reports %(summary)s.

## Why it matters
%(description)s

## Example

    %(example)s
    // warning: TODO: the message the engine gives

## Options
- `flagspace.RulesFiles`: TODO: the rules (rules/README.md) that decide
  what this check reports, for a user's own functions.

## Limits
TODO: what is not reported, and why.
""" % dict(name=name, summary=summary, description="\n".join(textwrap.wrap(description, 76)),
           example=example)


def lit_test(name, summary, example):
    return """// RUN: %%check_flagspace %%s %(name)s %%t
// XFAIL: *
// %(name)s: %(summary)s.
// TODO: remove the XFAIL line once the engine reports the example, give the
// message in full, and add the cases the check must not report.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void example(const char *p, int dfd, int fd, int flags, mode_t mode) {
  %(example)s;
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.+}} [%(name)s]
}
""" % dict(name=name, summary=summary.replace("%", "%%"), example=example)


def unit_test(ident, snake, name, summary, example):
    call = example.replace("\\", "\\\\").replace('"', '\\"')
    return """/* test_%(snake)s.c: %(name)s (check_%(snake)s.c): %(summary)s. */
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	*state = rules;
	return 0;
}

static void named_in_checks_def(void **state)
{
	(void)state;
	assert_string_equal(fs_check_name(FS_CHECK_%(ident)s), "%(name)s");
	assert_string_equal(fs_check_summary(FS_CHECK_%(ident)s),
			    %(csummary)s);
}

static void reports_the_example(void **state)
{
	(void)state;
	/* TODO: write the example as check_call_text reads a call
	 * (unit_helpers.h) with the finding it gives, then remove skip(). */
	skip();
	assert_string_equal(check_call_text(rules, "%(call)s"),
			    "%(name)s 0:0 TODO\\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_in_checks_def),
		cmocka_unit_test(reports_the_example),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
""" % dict(snake=snake, ident=ident, name=name, summary=summary, call=call,
           csummary=c_string_lines(summary, "\t\t\t    ").lstrip())


def readme_row(name, summary, example, columns):
    """The table's row: name, summary, example, then "—" in each column
    more (the fix-it, and any the table has since)."""
    def cell(text):
        return text.replace("|", "\\|")
    cells = ["[%s](checker/docs/%s.md)" % (name, name), cell(summary), "`%s`" % cell(example)]
    cells += ["—"] * max(0, columns - len(cells))
    return "| " + " | ".join(cells) + " |\n"


def columns_of(row):
    """The cells of a table row, escaped bars aside."""
    return len(re.findall(r"(?<!\\)\|", row.strip())) - 1


# ---- changes to existing files ------------------------------------------------------


def append_checks_def(text, entry, ident):
    if re.search(r"^FS_CHECK\(\s*%s\s*," % ident, text, re.M):
        raise Refused("checker/core/checks.def: FS_CHECK(%s, ...) exists" % ident)
    if "FS_CHECK(" not in text:
        raise Refused("checker/core/checks.def: no FS_CHECK line to add to")
    return text.rstrip("\n") + "\n" + entry


def insert_sorted(lines, start, end, new, key):
    """Inserts `new` among lines[start:end] (sorted by key) where it sorts."""
    at = end
    for i in range(start, end):
        if key(lines[i]) > key(new):
            at = i
            break
    return lines[:at] + [new] + lines[at:]


def add_to_cmake_list(text, opener, item, path):
    """Adds `item` to the indented one-per-line list after `opener`."""
    lines = text.split("\n")
    try:
        first = next(i for i, l in enumerate(lines) if l.strip().startswith(opener)) + 1
    except StopIteration:
        raise Refused("%s: no '%s' list" % (path, opener))
    end = first
    while end < len(lines) and re.match(r"^\s+[\w\"${}./-]+$", lines[end]):
        end += 1
    entries = [l.strip() for l in lines[first:end]]
    if item in entries:
        raise Refused("%s: %s is listed already" % (path, item))
    plain = [i for i in range(first, end) if not lines[i].strip().startswith('"')]
    if not plain:
        raise Refused("%s: the '%s' list has no entry to sort by" % (path, opener))
    indent = re.match(r"^\s*", lines[plain[0]]).group(0)
    lines = insert_sorted(lines, plain[0], plain[-1] + 1, indent + item, lambda l: l.strip())
    return "\n".join(lines)


def add_readme_row(text, name, summary, example):
    rows = [m for m in re.finditer(r"^\| \[(flagspace-[a-z0-9-]+)\]\(checker/docs/\1\.md\) \|.*\n",
                                   text, re.M)]
    if not rows:
        raise Refused("README.md: no table of checks")
    if any(m.group(1) == name for m in rows):
        raise Refused("README.md: %s has a row" % name)
    end = rows[-1].end()
    row = readme_row(name, summary, example, columns_of(rows[-1].group(0)))
    return text[:end] + row + text[end:]


def add_sarif_rule(text, name):
    """audit-sarif.test lists the rules sorted by name, one CHECK-NEXT each,
    the last closing the array; a result's ruleIndex is its rule's place."""
    lines = text.split("\n")
    rule = re.compile(r'^CHECK(?:-NEXT)?:\s+\{"id": "(flagspace-[a-z0-9-]+)"')
    at = [i for i, l in enumerate(lines) if rule.match(l)]
    if not at:
        raise Refused("test/lit/cli/audit-sarif.test: no rule lines")
    names = [rule.match(lines[i]).group(1) for i in at]
    if name in names:
        raise Refused("test/lit/cli/audit-sarif.test: %s is listed" % name)
    if name > names[-1]:
        close = "}]}},"
        if not lines[at[-1]].endswith("}" + close):
            raise Refused("test/lit/cli/audit-sarif.test: the last rule does not close the array")
        lines[at[-1]] = lines[at[-1]][:-len(close) + 1] + ","
        lines.insert(at[-1] + 1, 'CHECK-NEXT: {"id": "%s", {{.+}}}%s' % (name, close))
    else:
        first_after = next(i for i, n in zip(at, names) if n > name)
        prefix = "CHECK-NEXT: "
        if first_after == at[0]:   # a new first rule: CHECK:, the old one NEXT
            prefix = lines[first_after][:lines[first_after].index("{")]
            lines[first_after] = "CHECK-NEXT: " + lines[first_after][len(prefix):]
        lines.insert(first_after, prefix + '{"id": "%s",' % name)
    order = sorted(names + [name])
    return re.sub(r'"ruleId": "(flagspace-[a-z0-9-]+)", "ruleIndex": \d+',
                  lambda m: '"ruleId": "%s", "ruleIndex": %d' % (m.group(1), order.index(m.group(1))),
                  "\n".join(lines))


# ---- the plan --------------------------------------------------------------------


def plan(root, name, summary, description, example):
    """Returns (files to create, files to change): {path: text} each."""
    short = name[len("flagspace-"):]
    ident = short.upper().replace("-", "_")
    snake = short.replace("-", "_")

    def read(path):
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            raise Refused("%s: not found (is --root the source tree?)" % path)
        with open(full, encoding="utf-8") as f:
            return f.read()

    checks_def = append_checks_def(
        read("checker/core/checks.def"),
        checks_def_entry(ident, name, summary, description), ident)
    create = {
        "checker/core/check_%s.h" % snake: engine_header(ident, snake, name, summary),
        "checker/core/check_%s.c" % snake: engine_source(ident, snake, name, summary),
        "checker/docs/%s.md" % name: docs_page(name, summary, description, example),
        "test/lit/%s.c" % name: lit_test(name, summary, example),
        "test/unit/test_%s.c" % snake: unit_test(ident, snake, name, summary, example),
    }
    for path in create:
        if os.path.exists(os.path.join(root, path)):
            raise Refused("%s exists already" % path)
    change = {
        "checker/core/checks.def": checks_def,
        "checker/core/CMakeLists.txt": add_to_cmake_list(
            read("checker/core/CMakeLists.txt"), "add_library(flagspace_core STATIC",
            "check_%s.c" % snake, "checker/core/CMakeLists.txt"),
        "test/unit/CMakeLists.txt": add_to_cmake_list(
            read("test/unit/CMakeLists.txt"), "set(FLAGSPACE_UNIT_TESTS",
            "test_%s" % snake, "test/unit/CMakeLists.txt"),
        "README.md": add_readme_row(read("README.md"), name, summary, example),
        "test/lit/cli/audit-sarif.test": add_sarif_rule(
            read("test/lit/cli/audit-sarif.test"), name),
    }
    return create, change


LEFT_TO_DO = """left to do (HACKING.md, "A check"):
  - the engine: checker/core/check_%(snake)s.c decides, called from where its
    kind of site is checked (check_call.c for calls);
  - test/unit/test_%(snake)s.c: the example and the cases the check leaves
    alone, then remove skip();
  - test/lit/%(name)s.c: the message in full, then remove the XFAIL line;
  - checker/docs/%(name)s.md: the TODOs; README.md: the row's fix-it column;
  - a C++ class only for behaviour of its own in the front end
    (checker/tidy/check/FlagspaceModule.cpp).
"""


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("name")
    parser.add_argument("--summary", required=True,
                        help="what it reports, one line (the README's table, SARIF)")
    parser.add_argument("--description", required=True,
                        help="why that matters, a few sentences (SARIF, the docs page)")
    parser.add_argument("--example", required=True,
                        help="one C expression it reports, e.g. 'open(p, O_RDONLY)'")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv[1:])
    m = NAME.match(args.name)
    if not m:
        print("%s: '%s' is no check name: lower-case words joined by '-', "
              "as in flagspace-wrong-field" % (PROG, args.name), file=sys.stderr)
        return 2
    name = "flagspace-" + m.group(1)
    for what in ("summary", "description", "example"):
        if not getattr(args, what).strip() or "\n" in getattr(args, what):
            print("%s: --%s: one line of text" % (PROG, what), file=sys.stderr)
            return 2
    try:
        create, change = plan(args.root, name, args.summary.strip(),
                              args.description.strip(), args.example.strip().rstrip(";"))
    except Refused as e:
        print("%s: %s; nothing written" % (PROG, e), file=sys.stderr)
        return 1
    for path, text in sorted(create.items()):
        print("%s %s" % ("would create" if args.dry_run else "create", path))
        if not args.dry_run:
            with open(os.path.join(args.root, path), "x", encoding="utf-8") as f:
                f.write(text)
    for path, text in sorted(change.items()):
        print("%s %s" % ("would change" if args.dry_run else "change", path))
        if not args.dry_run:
            with open(os.path.join(args.root, path), "w", encoding="utf-8") as f:
                f.write(text)
    print(LEFT_TO_DO % dict(name=name, snake=name[len("flagspace-"):].replace("-", "_")), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
