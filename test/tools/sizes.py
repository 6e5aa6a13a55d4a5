#!/usr/bin/env python3
"""sizes.py: no source file in checker/ over 600 lines, no function over 60.

usage: sizes.py --source DIR [--known FILE] [--list]

Source files are the code under DIR/checker/: C and C++ (.c .h .cpp .hpp
.cc .def .inc, and .in templates of them), Python, shell and CMake files,
and scripts with a #! line; Markdown pages and man pages are documents, not
counted. A file's size is its number of lines.

A function is a C or C++ function body: it counts from the line of its name
(the signature's line; a return type or attribute on a line above is not
counted) to the line of its closing brace, both included. Bodies are found
by a scanner of the text (below), not by a compiler or ctags, so that this
test needs nothing the project does not install; on checker/ it finds the
functions Universal Ctags finds (`ctags --fields=+ne`, line: to end:), with
the same lengths.

The scanner drops comments, string and character literals (raw strings
too), preprocessor lines (with their continuations) and the lines an
`#if 0` leaves out, then follows the braces (of every other branch of a
conditional: this codebase opens and closes a body in the same branch). Outside a function, the words since the last `;`, `{` or `}` say
what a `{` opens: a namespace or `extern "C"` and a class, struct, union or
enum body hold functions (inline methods); a `=` (outside parentheses)
makes it an initializer; words with a parenthesised list after a name make
it a function (its name the last name followed by a parenthesised list:
`f`, `Class::method`, `~Class`, `operator()`; a constructor's member
initialisers `: a(1), b{2}` are part of its head). Inside a function every
brace is the function's (blocks, lambdas, local classes).

The files and functions over the limits today are listed in FILE (default:
known_sizes.txt beside this script), one a line with its size when it was
listed, relative to checker/:
    file cli/plan/prefilter.c 801
    function cli/command/cmd_audit.c cmd_audit 105
The list may only shrink: something over a limit that is not listed fails;
a listed one that grew past its number fails (shrink it, never raise the
number); a listed one that is no longer over the limit fails too (remove
its line), and one that shrank but is still over passes with a note to
lower its number. --list prints every function with its lines, for
checking the scanner. Exit status 0 when nothing but the listed sizes is
over, 1 otherwise, 2 when the list cannot be read.
"""

import argparse
import os
import re
import sys

PROG = "sizes.py"
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 60
C_SOURCES = (".c", ".h", ".cpp", ".hpp", ".cc", ".def", ".inc")
OTHER_SOURCES = (".py", ".sh", ".cmake")
# Words before a parenthesised list that do not name a function.
NOT_NAMES = {"__attribute__", "__declspec", "alignas", "decltype", "noexcept",
             "sizeof", "throw", "requires", "if", "while", "for", "switch", "return"}
# What may follow a function's parameter list before its body (and after a
# trailing return type's `->`, anything).
QUALIFIERS = {"const", "volatile", "override", "final", "noexcept", "mutable",
              "try", "&", "&&"}

TOKEN = re.compile(r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<newline>\n)
  | (?P<comment>//(?:[^\n]|\\\n)*|/\*.*?\*/)
  | (?P<raw>(?:u8|[uUL])?R"(?P<delim>[^ ()\\\n]{0,16})\(.*?\)(?P=delim)")
  | (?P<string>(?:u8|[uUL])?"(?:[^"\\\n]|\\.|\\\n)*")
  | (?P<char>(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*')
  | (?P<word>[A-Za-z_]\w*)
  | (?P<number>\.?\d(?:[\w.']|[eEpP][+-])*)
  | (?P<punct>::|->|&&|.)
""", re.S | re.X)


IF_0 = re.compile(r"#\s*if\s+0\b")
CONDITIONAL = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b", re.M)


class Unreadable(Exception):
    pass


def end_of_if_0(text, pos):
    """Where the lines an `#if 0` leaves out end: the start of its own
    #else, #elif or #endif line (nested conditionals skipped)."""
    depth = 0
    for m in CONDITIONAL.finditer(text, pos):
        word = m.group(1)
        if word.startswith("if"):
            depth += 1
        elif depth:
            depth -= word == "endif"
        else:
            return m.start()
    return len(text)


def tokens(text):
    """(token, line) for the code of a C or C++ text: no comments, literals
    as one token each ('""'), no preprocessor lines."""
    out, line, pos, at_line_start = [], 1, 0, True
    while pos < len(text):
        m = TOKEN.match(text, pos)
        kind, value = m.lastgroup, m.group(0)
        if kind == "delim":
            kind = "raw"
        if at_line_start and value == "#":
            end = pos
            while True:
                nl = text.find("\n", end)
                if nl < 0:
                    end = len(text)
                    break
                # a comment opened on the directive's line may span lines
                opened = text.rfind("/*", end, nl)
                if opened >= 0 and text.find("*/", opened, nl) < 0:
                    close = text.find("*/", opened)
                    end = len(text) if close < 0 else close + 2
                    continue
                if text[nl - 1] == "\\":
                    end = nl + 1
                    continue
                end = nl
                break
            if IF_0.match(text, pos):
                end = end_of_if_0(text, end)
            line += text.count("\n", pos, end)
            pos = end
            continue
        if kind in ("raw", "string", "char"):
            out.append(('""', line))
        elif kind in ("word", "number", "punct"):
            out.append((value, line))
        if kind == "newline":
            at_line_start = True
        elif kind not in ("space", "comment"):
            at_line_start = False
        line += value.count("\n")
        pos = m.end()
    return out


def top_level(head):
    """Indices of head's tokens outside parentheses, brackets and template
    arguments, with the index of the matching ')' for each top-level '('."""
    depth, angle, shown, closes, opened = 0, 0, [], {}, []
    for i, (t, _) in enumerate(head):
        if t in "([":
            if depth == 0 and angle == 0:
                shown.append(i)
                opened.append(i)
            depth += 1
        elif t in ")]":
            depth -= 1
            if depth == 0 and angle == 0 and opened:
                closes[opened.pop()] = i
        elif depth == 0 and t == "<" and i and (head[i - 1][0] == "template" or
                                                re.match(r"\w", head[i - 1][0]) and
                                                head[i - 1][0] != "operator"):
            angle += 1
        elif depth == 0 and t == ">" and angle:
            angle -= 1
        elif depth == 0 and angle == 0:
            shown.append(i)
    return shown, closes


def function_name(head):
    """(name, line) when a body after head is a function's, else None."""
    shown, closes = top_level(head)
    for i in shown:
        # a constructor's member initialisers: the name is before them
        if head[i][0] == ":" and i and head[i - 1][0] == ")":
            return function_name(head[:i])
    words = [head[i][0] for i in shown]
    if "=" in words and not any(head[i][0] == "=" and i and head[i - 1][0] == "operator"
                                for i in shown):
        return None
    found = None
    for i in shown:
        if i not in closes:
            continue
        j = i - 1
        if j < 0:
            continue
        name = head[j][0]
        k = j
        if name == ")" and j >= 2 and head[j - 1][0] == "(" and head[j - 2][0] == "operator":
            k, name = j - 2, "operator()"
        elif not re.match(r"[A-Za-z_~]", name):
            # operator+, operator==, operator[]...
            start = j
            while start > 0 and not re.match(r"\w", head[start][0]):
                start -= 1
            if head[start][0] != "operator":
                continue
            k, name = start, "operator" + "".join(t for t, _ in head[start + 1:i])
        elif name in NOT_NAMES:
            continue
        while k >= 2 and head[k - 1][0] == "::" and re.match(r"\w", head[k - 2][0]):
            k -= 2
            name = head[k][0] + "::" + name
        if k >= 1 and head[k - 1][0] == "~":
            k -= 1
            name = "~" + name
        after = [head[x][0] for x in shown if x > closes[i]]
        if not follows_parameters(after):
            continue
        found = (name, head[k][1])
    return found


def follows_parameters(after):
    """Whether the top-level words after a parameter list may come between
    it and a body: qualifiers, noexcept(...), a trailing return type,
    a constructor's member initialisers, or attributes."""
    i = 0
    while i < len(after):
        t = after[i]
        if t in ("->", ":"):
            return True
        if t == "(" or t == "[":
            i += 1
            continue
        if t not in QUALIFIERS and t not in NOT_NAMES and not t.startswith("__"):
            return False
        i += 1
    return True


def is_scope(head):
    """Whether a body after head holds declarations: a namespace, an
    extern "C" block, a class, struct, union or enum."""
    shown, _ = top_level(head)
    words = [head[i][0] for i in shown]
    if "namespace" in words or (words[:1] == ["extern"] and words[1:2] == ['""']):
        return True
    return any(w in ("class", "struct", "union", "enum") for w in words) and "=" not in words


def functions(text):
    """[(name, first line, last line)] of the function bodies in a C or C++ text."""
    found, stack, head = [], [], []
    for t, line in tokens(text):
        inside = bool(stack) and stack[-1][0] in ("function", "block", "data")
        if inside:
            if t == "{":
                stack.append(("block", None))
            elif t == "}":
                kind, what = stack.pop()
                if kind == "function":
                    found.append((what[0], what[1], line))
            continue
        if t == "{":
            name = function_name(head)
            member_init = (name is not None and head and re.match(r"\w", head[-1][0])
                           and len(head) >= 2 and head[-2][0] in (":", ","))
            if member_init:
                stack.append(("init", head))
                head = []
            elif name:
                stack.append(("function", name))
            elif is_scope(head):
                stack.append(("scope", None))
            else:
                stack.append(("data", None))
            if not member_init:
                head = []
        elif t == "}":
            if stack and stack[-1][0] == "init":
                head = stack.pop()[1] + [("{", line), ("}", line)]
                continue
            if stack:
                stack.pop()
            head = []
        elif t == ";":
            head = []
        else:
            head.append((t, line))
    return found


def is_source(path):
    name = os.path.basename(path)
    if name.endswith(".in"):
        name = name[:-3]
    if name.endswith(C_SOURCES + OTHER_SOURCES) or name == "CMakeLists.txt":
        return True
    if "." in name:
        return False
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def source_files(source):
    root = os.path.join(source, "checker")
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            path = os.path.join(top, f)
            if is_source(path):
                yield os.path.relpath(path, root), path


def measure(source):
    """{('file', path): lines} and {('function', path, name): [lines...]}."""
    files, funcs = {}, {}
    for rel, path in source_files(source):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        files[("file", rel)] = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        base = path[:-3] if path.endswith(".in") else path
        if base.endswith(C_SOURCES):
            for name, first, last in functions(text):
                funcs.setdefault(("function", rel, name), []).append((last - first + 1, first))
    return files, funcs


def read_known(path):
    """{key: (size, line number)} from the list."""
    known = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            shape = {"file": 3, "function": 4}.get(words[0])
            if shape != len(words) or not words[-1].isdigit():
                raise Unreadable("%s:%d: not 'file PATH LINES' nor 'function PATH NAME LINES'"
                                 % (path, number))
            known[tuple(words[:-1])] = (int(words[-1]), number)
    return known


def over(files, funcs):
    """{key: size} of what is over a limit (a function: its longest body of that name)."""
    found = {k: n for k, n in files.items() if n > MAX_FILE_LINES}
    for k, bodies in funcs.items():
        longest = max(n for n, _ in bodies)
        if longest > MAX_FUNCTION_LINES:
            found[k] = longest
    return found


def describe(key):
    return key[1] if key[0] == "file" else "%s %s()" % (key[1], key[2])


def limit(key):
    return MAX_FILE_LINES if key[0] == "file" else MAX_FUNCTION_LINES


def check(found, known, known_path):
    """Prints a line for each problem and note; returns the number of problems."""
    bad = 0
    for key, size in sorted(found.items()):
        what = "%s %s: %d lines (limit %d)" % (key[0], describe(key), size, limit(key))
        if key not in known:
            print("NEW %s: split it (the list only shrinks)" % what)
            bad += 1
        elif size > known[key][0]:
            print("%s:%d: %s, grew from %d: shrink it, the number never rises"
                  % (known_path, known[key][1], what, known[key][0]))
            bad += 1
        elif size < known[key][0]:
            print("%s:%d: %s, down from %d: lower its number to %d"
                  % (known_path, known[key][1], what, known[key][0], size))
        else:
            print("known %s" % what)
    for key, (size, number) in sorted(known.items(), key=lambda kv: kv[1][1]):
        if key not in found:
            print("%s:%d: %s %s is no longer over %d lines: remove the line"
                  % (known_path, number, key[0], describe(key), limit(key)))
            bad += 1
    return bad


def main(argv):
    parser = argparse.ArgumentParser(prog=PROG)
    parser.add_argument("--source", required=True)
    parser.add_argument("--known", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                        "known_sizes.txt"))
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv[1:])
    source = os.path.abspath(args.source)
    if not os.path.isdir(os.path.join(source, "checker")):
        print("%s: %s has no checker/ folder" % (PROG, source))
        return 2
    files, funcs = measure(source)
    if args.list:
        for key, bodies in sorted(funcs.items()):
            for n, first in bodies:
                print("%s:%d: %s %d" % (key[1], first, key[2], n))
        return 0
    try:
        known = read_known(args.known)
    except (Unreadable, OSError) as e:
        print("%s: %s" % (PROG, e))
        return 2
    found = over(files, funcs)
    print("%s: %d source files, %d functions: %d over %d/%d lines, %d lines in %s"
          % (PROG, len(files), sum(len(b) for b in funcs.values()), len(found),
             MAX_FILE_LINES, MAX_FUNCTION_LINES, len(known), os.path.basename(args.known)))
    bad = check(found, known, os.path.basename(args.known))
    print("%s: %s" % (PROG, "ok" if not bad else "%d problems" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
