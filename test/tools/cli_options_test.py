#!/usr/bin/env python3
"""cli_options_test.py: every option of the flagspace command is documented, and nothing else is.

usage: cli_options_test.py --flagspace BIN --source DIR

Each command's options are its table (checker/cli/command/cmd_*.c), read
from what the command prints from it: `flagspace <command> --help`, its
usage lines and one line per option. Holds, for audit, merge, decode,
explain and rules:
 - the usage lines name every option of the table (but --help);
 - the man page (checker/cli/flagspace.1) names every option in the
   command's SYNOPSIS lines, and in its list of options (the .TP tags of
   the .RS block under the command in COMMANDS, where it has one; audit
   and merge do), and no option the table does not have;
 - docs/cli.md's table of commands names every option in the command's
   rows (the first cell), and none the table does not have.
--help and --rules, which the man page and cli.md describe once for every
command, are left out of the last two. An option is named by its long
form or, when it has one, its short form (-p, -j).
Exit status 0 when all holds, 1 otherwise (each problem one line).
"""

import argparse
import re
import subprocess
import sys

PROG = "cli_options_test.py"
COMMANDS = ("audit", "merge", "decode", "explain", "rules")
COMMON = {"--help", "--rules"}
# An option's spelling: -p or --build-dir, not the middle of build-dir
# nor the "--" before a build command.
NAME = re.compile(r"(?<![\w-])(--?[a-zA-Z][a-zA-Z-]*)")


class Option:
    def __init__(self, long, short):
        self.long = long
        self.short = short

    def spellings(self):
        return {self.long} | ({self.short} if self.short else set())


def from_help(flagspace, command):
    """The usage lines and the options (Option) of `flagspace command --help`."""
    out = subprocess.run([flagspace, command, "--help"], capture_output=True,
                         text=True, check=True).stdout
    usage, options = [], []
    for line in out.splitlines():
        if line.startswith(("usage: ", "   or: ")):
            usage.append(line[7:])
            continue
        m = re.match(r"^    (?:(-\w), )?(--[\w-]+)", line)
        if m:
            options.append(Option(m.group(2), m.group(1)))
    if not usage or not options:
        sys.exit("%s: cannot read 'flagspace %s --help':\n%s" % (PROG, command, out))
    return usage, options


def names(text):
    return set(NAME.findall(text))


def compare(where, found, options, problems):
    """Every option in `found` (a set of spellings), and nothing else."""
    known = set()
    for o in options:
        known |= o.spellings()
        if not found & o.spellings():
            problems.append("%s: %s is missing" % (where, o.long))
    for name in sorted(found - known):
        problems.append("%s: %s is no option of the command" % (where, name))


def roff_text(line):
    """A man page line's words: \\- as -, font changes and \\c removed."""
    line = re.sub(r"\\f[BIRP]", "", line).replace("\\-", "-").replace("\\c", "")
    return re.sub(r"^\.(B|I|BI|IB|BR|RB|IR|RI|TP|br)\b", "", line)


def man_synopsis(page, command):
    """The text of the command's SYNOPSIS lines: from '.B flagspace
    <command>' to the next '.br' or section."""
    text, inside, on = [], False, False
    for line in page.splitlines():
        if line.startswith(".SH"):
            inside = line.strip() == ".SH SYNOPSIS"
            on = False
            continue
        if not inside:
            continue
        if re.match(r"^\.B flagspace %s\b" % re.escape(command), line):
            on = True
        elif line.startswith(".br") or line.startswith(".PP"):
            on = False
        if on:
            text.append(roff_text(line))
    return " ".join(text)


def man_list(page, command):
    """The .TP tags of the .RS block in the command's entry in COMMANDS
    (from its .TP to the next .TP outside a block), or None when it has
    none."""
    lines = page.splitlines()
    head = re.compile(r'^\.(B|BI) "?%s\b' % re.escape(command))
    starts = [i for i in range(1, len(lines))
              if lines[i - 1] == ".TP" and head.match(lines[i])]
    if not starts:
        return None
    tags, depth = [], 0
    for i in range(starts[0] + 1, len(lines)):
        line = lines[i]
        if line.startswith(".SH") or (line == ".TP" and not depth):
            break
        if line.startswith(".RS"):
            depth += 1
        elif line.startswith(".RE"):
            depth -= 1
        elif line == ".TP" and depth and i + 1 < len(lines):
            tags.append(roff_text(lines[i + 1]))
    return " ".join(tags) if tags else None


def doc_rows(doc, command):
    """The first cells of the rows of docs/cli.md's table of commands for
    the command."""
    cells = []
    for line in doc.splitlines():
        m = re.match(r"^\| `(\w+)( [^`]*)?` \|", line)
        if m and m.group(1) == command:
            cells.append((m.group(2) or "").replace("\\|", "|"))
    return " ".join(cells)


def main():
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--flagspace", required=True)
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    with open("%s/checker/cli/flagspace.1" % args.source, encoding="utf-8") as f:
        page = f.read()
    with open("%s/checker/docs/cli.md" % args.source, encoding="utf-8") as f:
        doc = f.read()
    problems, counted = [], 0
    for command in COMMANDS:
        usage, options = from_help(args.flagspace, command)
        counted += len(options)
        compare("flagspace %s --help: usage" % command, names(" ".join(usage)),
                [o for o in options if o.long != "--help"], problems)
        documented = [o for o in options if o.long not in COMMON]
        compare("flagspace.1: SYNOPSIS of %s" % command,
                names(man_synopsis(page, command)), documented, problems)
        listed = man_list(page, command)
        if documented and listed is None:
            problems.append("flagspace.1: %s has no list of its options" % command)
        elif listed is not None:
            compare("flagspace.1: options of %s" % command, names(listed),
                    documented, problems)
        compare("docs/cli.md: table of commands, %s" % command,
                names(doc_rows(doc, command)), documented, problems)
    for p in problems:
        print("%s: %s" % (PROG, p))
    print("%s: %d options of %d commands, %d problem%s" % (
        PROG, counted, len(COMMANDS), len(problems), "" if len(problems) == 1 else "s"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
