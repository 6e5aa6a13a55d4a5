#!/usr/bin/env python3
"""sizes_test.py: sizes.py measures what it must, on inputs made for it.

usage: sizes_test.py

The scanner, on small C and C++ texts: each function's name, first and
last line, where braces, parentheses and lines that are not code could
mislead it (comments, strings, character literals, raw strings,
preprocessor lines, initializers, struct and class bodies, namespaces,
extern "C", lambdas, constructors' member initialisers, operators, a
return type on the line above, a parameter list over several lines).

The check, on a small tree (checker/part/) run through sizes.py against a
list of known sizes:
 - a 601-line file and a 61-line function, both listed: passes;
 - the same, not listed: fails, naming both;
 - a listed function that grew: fails, naming the line; one that shrank
   but is still over: passes, with a note to lower its number;
 - a listed file that is no longer over: fails, naming the line;
 - a 600-line file and a 60-line function: within the limits;
 - a malformed line in the list: exit 2.
Exit status 0 when all holds, 1 otherwise.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sizes  # noqa: E402
from script_test import Failed, run_script, write  # noqa: E402

PROG = "sizes_test.py"
SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sizes.py")


C_TEXT = r'''#include <stdio.h>
#define BODY(x) { return (x); }
#define LONG(x) \
    { if (x) { return 1; } \
      return 0; }
/* a comment { with a brace
   over lines } */
static const struct row { int a; const char *b; } rows[] = {
    { 1, "{" }, { 2, "}" },
};
enum colour { RED, GREEN };

static int
after_type(int a, char c)
{
    if (a == '{') // a brace { here
        return "}"[0];
    return c == '}';
}

int over_lines(int a,
               int b) {
#if 0
    {
#endif
    struct { int x; } s = { a };
    return s.x + b;
}
int one_line(void) { return 0; }
'''

CPP_TEXT = r'''namespace outer {
namespace {
struct Holder {
  int Value = 0;
  Holder(int V) : Other{V}, Value(V) { }
  ~Holder() { }
  bool operator()(int X) const { return X == Value; }
  bool operator==(const Holder &O) const { return Value == O.Value; }
  int Other;
};
} // namespace

auto Table = [](int X) {
  return X;
};

int Outer::method(int X) const {
  auto F = [&](int Y) { return Y + X; };
  const char *S = R"({ "raw" })";
  return F(X) + S[0];
}

template <typename T>
auto trailing(T X) -> decltype(X + 1) {
  return X + 1;
}
} // namespace outer

extern "C" {
int c_linkage(void) {
  return 0;
}
}
'''

EXPECTED_C = [("after_type", 14, 19), ("over_lines", 21, 28), ("one_line", 29, 29)]
EXPECTED_CPP = [("Holder", 5, 5), ("~Holder", 6, 6), ("operator()", 7, 7),
                ("operator==", 8, 8), ("Outer::method", 17, 21), ("trailing", 24, 26),
                ("c_linkage", 30, 32)]


def expect_functions(text, expected, what):
    found = sizes.functions(text)
    if found != expected:
        raise Failed("%s: found %s, expected %s" % (what, found, expected))
    print("%s: %d functions, as expected" % (what, len(found)))


def function_of(name, lines):
    """A C function of that many lines, from its name to its brace."""
    return "int %s(void)\n{\n%s    return 0;\n}\n" % (name, "    (void)0;\n" * (lines - 4))


def filler(lines):
    return "/* filler */\n" * lines


def run(root, known, expect, *wanted):
    write(root, "known.txt", known)
    run_script([SCRIPT, "--source", root, "--known", os.path.join(root, "known.txt")],
               expect, *wanted)


def scenarios(root):
    big = function_of("big", 61)
    write(root, "checker/part/big.c", big + filler(601 - big.count("\n")))
    write(root, "checker/part/fits.c", function_of("fits", 60) +
          filler(600 - 60))
    write(root, "checker/docs/long.md", "text\n" * 700)
    listed = "file part/big.c 601\nfunction part/big.c big 61\n"
    run(root, listed, 0, "2 over 600/60 lines", "known file part/big.c: 601 lines",
        "known function part/big.c big(): 61 lines")
    run(root, "", 1, "NEW file part/big.c: 601 lines (limit 600)",
        "NEW function part/big.c big(): 61 lines (limit 60)")
    run(root, "file part/big.c 601\nfunction part/big.c big 60\n", 1,
        "known.txt:2: function part/big.c big(): 61 lines (limit 60), grew from 60: "
        "shrink it, the number never rises")
    run(root, "file part/big.c 601\nfunction part/big.c big 70\n", 0,
        "known.txt:2: function part/big.c big(): 61 lines (limit 60), down from 70: "
        "lower its number to 61")
    write(root, "checker/part/big.c", big)
    run(root, listed, 1, "known.txt:1: file part/big.c is no longer over 600 lines: "
        "remove the line")
    run(root, "function part/big.c big\n", 2, "known.txt:1: not 'file PATH LINES'")


def main(argv):
    try:
        expect_functions(C_TEXT, EXPECTED_C, "C text")
        expect_functions(CPP_TEXT, EXPECTED_CPP, "C++ text")
        with tempfile.TemporaryDirectory(prefix="flagspace-sizes-") as root:
            scenarios(root)
        problem = None
    except Failed as e:
        problem = str(e)
    print("%s: %s" % (PROG, "FAIL: " + problem if problem else "ok"))
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
