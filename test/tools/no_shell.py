"""no_shell.py ROOT: fails when code under ROOT (checker/) starts a process
through a shell. flagspace starts every process from an argv
(checker/base/spawn.h), so that no word of a path, a compile command or a
file name from the audited tree is ever read by sh (issue 22: "nothing in
checker/ calls popen or system").

Flagged, in C and C++ (comments and the insides of strings left out):
calls of popen, system and std::system (not a declaration of a name
`system`, nor a member), and a "sh" or "/bin/sh" string followed by "-c"
(an exec of a shell, whatever the function). In Python
(the pre-commit hook): shell=True, os.system, os.popen, and subprocess's
getoutput and getstatusoutput. Prints each as FILE:LINE: what, and exits 1
when there is one."""
import os
import re
import sys

C_EXTENSIONS = (".c", ".h", ".cpp", ".hpp", ".cc", ".def", ".inc")

# A call, not a member (x.system(), x->popen()) nor another namespace's.
C_CALL = re.compile(r"(?<![\w.>:])(?:std::|::)?\b(popen|system)\s*\(")
C_SHELL = re.compile(r'"(?:/bin/|/usr/bin/)?(?:sh|bash|dash)"\s*,\s*"-c"')
PY_SHELL = re.compile(r"\bshell\s*=\s*True\b|\bos\.(system|popen)\s*\(|"
                      r"\bsubprocess\.(getoutput|getstatusoutput)\s*\(")


def blank_c(text, keep_strings):
    """text with comments blanked, and string and character literals
    emptied (their quotes kept) unless keep_strings; lines stay where they
    were."""
    out, i, n = [], 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == "/*" or two == "//":
            end = text.find("*/" if two == "/*" else "\n", i + 2)
            end = n if end < 0 else end + (2 if two == "/*" else 0)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif text[i] in "\"'":
            quote, j = text[i], i + 1
            while j < n and text[j] != quote and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j, n - 1)
            out.append(text[i:j + 1] if keep_strings else
                       quote + " " * (j - i - 1) + text[j])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def is_declared(code, m):
    """Whether the name is declared there (`int system(int);`) rather than
    called: the word before it is a type, not `return`."""
    before = re.search(r"(\w+)\s*$", code[:m.start()])
    return bool(before) and before.group(1) != "return"


def check_c(text):
    code, with_strings = blank_c(text, False), blank_c(text, True)
    found = [(line_of(code, m.start()), "calls %s()" % m.group(1))
             for m in C_CALL.finditer(code) if not is_declared(code, m)]
    found += [(line_of(with_strings, m.start()), "runs a shell with -c")
              for m in C_SHELL.finditer(with_strings)]
    return found


def check_python(text):
    return [(line_of(text, m.start()), "starts a shell (%s)" % m.group(0))
            for m in PY_SHELL.finditer(text)]


def is_python(path, text):
    return path.endswith(".py") or text.startswith("#!") and \
        "python" in text.split("\n", 1)[0]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: no_shell.py ROOT")
    root, bad = sys.argv[1], 0
    for dirpath, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except (UnicodeDecodeError, OSError):
                continue
            if name.endswith(C_EXTENSIONS):
                found = check_c(text)
            elif is_python(path, text):
                found = check_python(text)
            else:
                continue
            for line, what in found:
                print("%s:%d: %s: start processes with base/spawn.h, "
                      "from an argv" % (path, line, what))
                bad += 1
    if bad:
        print("no_shell.py: %d place%s start%s a shell" %
              (bad, "" if bad == 1 else "s", "s" if bad == 1 else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
