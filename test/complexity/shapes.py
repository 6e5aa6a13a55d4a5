"""shapes.py: generators of the source files whose analysis once grew faster
than their size (issue 14), one function per shape, each taking the size n.

Run as a script to write one: `python3 shapes.py SHAPE N > file.c`.
"""

import sys

HEADER = ("#define _GNU_SOURCE\n#include <fcntl.h>\n#include <sys/stat.h>\n"
          "#include <unistd.h>\n")
BAD = "O_RDONLY | AT_SYMLINK_NOFOLLOW"


def or_twice(n):
    """1: a followed value used twice, n variables deep (2^n terms)."""
    body = ["int v0 = %s;" % BAD]
    body += ["int v%d = v%d | v%d;" % (i, i - 1, i - 1) for i in range(1, n)]
    return _function("int f(const char *p)", body + ["return open(p, v%d);" % (n - 1)])


def ternary_twice(n):
    """1 with ?:: each arm reads the previous variable."""
    body = ["int c = p[0];", "int v0 = %s;" % BAD]
    body += ["int v%d = c ? v%d : v%d;" % (i, i - 1, i - 1) for i in range(1, n)]
    return _function("int f(const char *p)", body + ["return open(p, v%d);" % (n - 1)])


def constexpr_twice(n):
    """1 with C++ constexpr locals."""
    body = ["constexpr int v0 = %s;" % BAD]
    body += ["constexpr int v%d = v%d | v%d;" % (i, i - 1, i - 1) for i in range(1, n)]
    return _function("int f(const char *p)", body + ["return open(p, v%d);" % (n - 1)])


def constexpr_calls_twice(n):
    """1 with static constexpr functions, each returning the previous one's
    value twice (C++)."""
    out = [HEADER, "static constexpr int g0() { return %s; }\n" % BAD]
    out += ["static constexpr int g%d() { return g%d() | g%d(); }\n" % (i, i - 1, i - 1)
            for i in range(1, n)]
    out.append("int f(const char *p) { return open(p, g%d()); }\n" % (n - 1))
    return "".join(out)


def wrapper_fanout(n, depth=9):
    """2: wrappers `depth` deep, each calling the next n times; g calls the
    outermost with a bad flag (depth 9 is one past the hop limit) and each
    level's caller h_i calls w_i with one."""
    out = [HEADER, "static int w0(const char *p, int fl) { return open(p, fl); }\n"]
    for i in range(1, depth):
        calls = " + ".join(["w%d(p, fl)" % (i - 1)] * n)
        out.append("static int w%d(const char *p, int fl) { return %s; }\n" % (i, calls))
    for i in range(depth):
        out.append("int h%d(const char *p) { return w%d(p, %s); }\n" % (i, i, BAD))
    return "".join(out)


def chain_reads(n):
    """3: n calls in one function, each reading a variable copied from the
    previous one."""
    body = ["int r = 0;", "int v0 = %s;" % BAD, "r += open(p, v0);"]
    for i in range(1, n):
        body += ["int v%d = v%d;" % (i, i - 1), "r += open(p, v%d);" % i]
    return _function("int f(const char *p)", body + ["return r;"])


def or_assign_reads(n):
    """3: n `|=` of one variable, each followed by a call reading it."""
    body = ["int r = 0;", "int x = %s;" % BAD]
    body += ["x |= O_CLOEXEC; r += open(p, x);"] * n
    return _function("int f(const char *p)", body + ["return r;"])


def one_variable_reads(n):
    """3: one variable read by n calls."""
    body = ["int r = 0;", "int x = %s;" % BAD]
    body += ["r += open(p, x);"] * n
    return _function("int f(const char *p)", body + ["return r;"])


def wrapper_chain(n):
    """5: w_i returns w_{i-1}(p, fl), and h_i calls w_i with a bad flag."""
    out = [HEADER, "static int w0(const char *p, int fl) { return open(p, fl); }\n"]
    for i in range(1, n):
        out.append("static int w%d(const char *p, int fl) { return w%d(p, fl); }\n"
                   % (i, i - 1))
    for i in range(n):
        out.append("int h%d(const char *p) { return w%d(p, %s); }\n" % (i, i, BAD))
    return "".join(out)


def _function(signature, body):
    return HEADER + signature + " {\n" + "".join("  %s\n" % s for s in body) + "}\n"


# name: (generator, language)
SHAPES = {
    "or-twice": (or_twice, "c"),
    "ternary-twice": (ternary_twice, "c"),
    "constexpr-twice": (constexpr_twice, "c++"),
    "constexpr-calls-twice": (constexpr_calls_twice, "c++"),
    "wrapper-fanout": (wrapper_fanout, "c"),
    "chain-reads": (chain_reads, "c"),
    "or-assign-reads": (or_assign_reads, "c"),
    "one-variable-reads": (one_variable_reads, "c"),
    "wrapper-chain": (wrapper_chain, "c"),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES:
        sys.exit("usage: shapes.py {%s} N" % ",".join(SHAPES))
    sys.stdout.write(SHAPES[sys.argv[1]][0](int(sys.argv[2])))
