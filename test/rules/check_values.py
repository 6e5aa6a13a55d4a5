#!/usr/bin/env python3
"""Check every value stated in the rules files against the system headers.

For each namespace member `NAME VALUE` the script writes
    _Static_assert((NAME) == (VALUE), "rules/x.rules:LINE: NAME");
into a C file that includes the headers the rules come from, and compiles it
with `cc -fsyntax-only`, as strace checks its tables. A member no header
declares (a flag newer than the installed headers) is skipped and listed as
information. `same=OTHER` claims are checked the same way.

Which names the headers declare is found by a first compile rather than by
wrapping each assert in `#ifdef NAME`: some names are enumerators, not macros
(glibc's F_OWNER_* and the FSCONFIG_* commands), and `#ifdef` would skip them
without a word.

Two translation units are compiled, because glibc's <fcntl.h> and the
kernel's <linux/fcntl.h> cannot be included together: one with the C library
headers (and the kernel headers that coexist with them), one with kernel uapi
headers only. A name declared in both is checked in both.

It also checks the names the rules use: a subset member, a deprecated
spelling or an equivalent that is no namespace member, and a macro listed in
two namespaces, are errors.

With --target=TRIPLE (a compiler that takes --target=, such as clang), the
values expected are those of the rules' `arch` section whose cpus= matches
the triple (the x86-64 values where it lists none), and the headers are the
target's: before any value, the script checks that <fcntl.h> is read from
a folder named after the triple and that the section's first value holds
(exit 77, "skipped", when the target's headers are not installed). With
--suggest it prints, instead of errors, the arch section that would make
every value hold, with `NAME -` for the names the host's headers declare and
the target's do not: the start of a new architecture's file, to review.

Each `layout RECORD FIELD,... size=BYTES` line is checked against the kernel
uapi unit's `struct RECORD`: every field listed is there, BYTES long, at BYTES
times its index (offsetof). A record no installed header declares is listed
as not checked.

With --kernel-tree DIR (a Linux source tree after `make prepare` and a build
that wrote DIR/compile_commands.json), a third unit includes the kernel's own
headers (<linux/fs.h>, <linux/namei.h> ...) with the compiler and flags of the
kernel's fs/open.c: the members of the kernel profile (`profile kernel`, the
FMODE_, SB_, MNT_, LOOKUP_ ... namespaces) are checked there, except the few
whose value depends on the configuration (KERNEL_UNCHECKED). Without
it, the kernel profile's members that no installed header declares are
listed as not checked.

Usage: check_values.py [--cc CC] [--keep FILE.c] [--target TRIPLE [--suggest]]
                       [--kernel-tree DIR [--kernel-cc CLANG]]
                       [RULES_FILE_OR_DIR...]
Exit status: 0 when every check passes, 1 otherwise (the failing rules lines
are printed), 2 on a usage or tool error.
"""

import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_RULES = os.path.normpath(os.path.join(HERE, "..", "..", "rules"))

# Members whose rules value is the kernel's and deliberately differs from the
# C library's. The rules format has no attribute saying so, so the list lives
# here; these names are checked only against the kernel uapi headers.
KERNEL_VALUE_ONLY = {
    # glibc x86-64 bits/fcntl.h: __O_LARGEFILE 0; asm-generic/fcntl.h: 0100000.
    "O_LARGEFILE",
}

# Headers of the C library translation unit, in include order. Each is
# included only if present (__has_include), so a missing -dev package shows up
# as names "no header declares", not as a compile error.
LIBC_HEADERS = [
    "fcntl.h",
    "unistd.h",
    "stdio.h",
    "stdlib.h",
    "time.h",
    "signal.h",
    "spawn.h",
    "mqueue.h",
    "semaphore.h",
    "sys/types.h",
    "sys/stat.h",
    "sys/file.h",
    "sys/mman.h",
    "sys/socket.h",
    "sys/eventfd.h",
    "sys/timerfd.h",
    "sys/signalfd.h",
    "sys/epoll.h",
    "sys/inotify.h",
    "sys/fanotify.h",
    "sys/mount.h",
    "sys/xattr.h",
    "sys/uio.h",
    "sys/pidfd.h",
    "sys/syscall.h",
    "sys/wait.h",
    "sys/random.h",
    "sys/msg.h",
    "sys/shm.h",
    "sys/statvfs.h",
    "sched.h",
    # kernel headers that coexist with the ones above
    "linux/openat2.h",
    "linux/close_range.h",
    "linux/falloc.h",
    "linux/memfd.h",
    "linux/userfaultfd.h",
    "linux/perf_event.h",
    "linux/fs.h",
    "linux/module.h",
    "liburing.h",
]

# Headers of the kernel translation unit (no C library flag headers).
KERNEL_HEADERS = [
    "linux/types.h",
    "linux/fcntl.h",
    "linux/stat.h",
    "linux/openat2.h",
    "linux/watch_queue.h",
    "linux/fs.h",
    "linux/falloc.h",
    "linux/fadvise.h",
    "linux/mman.h",
    "linux/memfd.h",
    "linux/mount.h",
    "linux/eventpoll.h",
    "linux/inotify.h",
    "linux/fanotify.h",
    "linux/timerfd.h",
    "linux/signalfd.h",
    "linux/close_range.h",
    "linux/pidfd.h",
    "linux/userfaultfd.h",
    "linux/module.h",
    "linux/perf_event.h",
    "linux/xattr.h",
    "linux/io_uring.h",
    "linux/sched.h",
    "linux/wait.h",
    "linux/random.h",
    "linux/msg.h",
    "asm/signal.h",
]

# Kernel profile members not checked against a configured tree, and why.
KERNEL_UNCHECKED = {
    # The rules keep the bit the flag has when it exists.
    "S_DAX": "CONFIG_FS_DAX: include/linux/fs.h makes it 0 without it",
    # A translation named as a member (rules/kernel.rules): no value.
    "OPEN_FMODE": "a function-like macro",
}

# Headers of the kernel source unit (--kernel-tree): the kernel's own.
KERNEL_SOURCE_HEADERS = [
    "linux/fs.h",
    "linux/mount.h",
    "linux/namei.h",
    "linux/fileattr.h",
    "linux/fcntl.h",
    "linux/stat.h",
]

# The compiler's messages are parsed: keep them in English with ASCII quotes.
C_LOCALE = dict(os.environ, LC_ALL="C")

TAG_RE = re.compile(r"([^\s\"']+\.rules:\d+: [A-Za-z_][A-Za-z0-9_]*"
                    r"(?: (?:same|field)=[A-Za-z_][A-Za-z0-9_]*)?)")

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# An attribute's key may hold '-' (complement-note=), as the rules lexer
# allows.
KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
NUMBER_RE = re.compile(r"-?(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)\Z")
DIRECTIVES = {"namespace", "call", "field", "result", "needs-mode",
              "excludes", "requires", "ignored-unless",
              "deprecated", "equivalent", "swappable", "layout",
              "since", "arch", "profile", "mode-string"}


class Member:
    def __init__(self, name, value, namespace, path, line, attrs,
                 profile=None):
        self.name = name
        self.profile = profile      # the profile section it is in, or None
        self.value = value          # the C literal as written
        self.namespace = namespace
        self.path = path
        self.line = line
        self.attrs = attrs


def split_words(text):
    """Split one rules line into words; `#` outside quotes ends it."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    return list(lexer)


def parse_attrs(words):
    attrs = {}
    rest = []
    for word in words:
        if "=" in word and KEY_RE.match(word.split("=", 1)[0]):
            key, value = word.split("=", 1)
            attrs[key] = value
        else:
            rest.append(word)
    return rest, attrs


class Arch:
    def __init__(self, name, cpus):
        self.name = name
        self.cpus = cpus            # first words of triples; "arm*" a prefix
        self.values = {}            # macro -> (value literal, path, line)

    def matches(self, triple):
        cpu = triple.split("-", 1)[0]
        return any(cpu.startswith(c[:-1]) if c.endswith("*") else cpu == c
                   for c in self.cpus)


class Rules:
    def __init__(self):
        self.namespaces = {}        # name -> {"prefix": str, "members": [..]}
        self.arches = {}            # name -> Arch
        self.members = {}           # macro -> Member
        self.uses = []              # (path, line, kind, text) to resolve later
        self.layouts = []           # (path, line, record, [fields], size)
        self.errors = []

    def error(self, path, line, message):
        self.errors.append("%s:%d: %s" % (path, line, message))

    def load(self, path, shown):
        current = None
        self.profile = None         # a profile section runs to the file's end
        with open(path, encoding="utf-8") as f:
            for number, raw in enumerate(f, 1):
                try:
                    words = split_words(raw)
                except ValueError as e:
                    self.error(shown, number, "cannot split line: %s" % e)
                    continue
                if not words:
                    continue
                head = words[0]
                if head in DIRECTIVES:
                    current = self.directive(shown, number, words, current)
                elif current is None:
                    self.error(shown, number,
                               "'%s' is neither a directive nor a member "
                               "of an open namespace" % head)
                elif isinstance(current, Arch):
                    self.arch_value(shown, number, words, current)
                else:
                    self.member(shown, number, words, current)

    def directive(self, path, line, words, current):
        head = words[0]
        rest, attrs = parse_attrs(words[1:])
        if head == "profile":
            if len(rest) != 1:
                self.error(path, line, "profile takes NAME")
            else:
                self.profile = rest[0]
            return None
        if head == "arch":
            if len(rest) != 1:
                self.error(path, line, "arch needs NAME cpus=CPU,...")
                return None
            arch = self.arches.get(rest[0])
            if arch is None:
                if "cpus" not in attrs:
                    self.error(path, line, "new arch needs cpus=")
                    return None
                arch = self.arches[rest[0]] = Arch(
                    rest[0], attrs["cpus"].split(","))
            return arch
        if head == "namespace":
            if len(rest) != 1 or "prefix" not in attrs:
                self.error(path, line, "namespace needs NAME prefix=PREFIX")
                return None
            self.namespaces.setdefault(
                rest[0], {"prefix": attrs["prefix"], "members": []})
            return rest[0]
        if head in ("call", "field", "result"):
            want = 3 if head == "call" else 2
            if head == "call":
                rest = [w for w in rest if w != "replaces"]  # a bare flag
            if len(rest) != want:
                self.error(path, line, "%s takes %d words besides attributes"
                           % (head, want))
            else:
                self.uses.append((path, line, "accepted", rest[-1]))
            if "when" in attrs:
                names = attrs["when"].split(":", 1)[-1].split(",")
                for name in names:
                    self.uses.append((path, line, "name", name))
            for name in attrs.get("never", "").split(",") if "never" in attrs else []:
                self.uses.append((path, line, "name", name))
        elif head == "swappable":
            if len(rest) != 3:
                self.error(path, line, "swappable takes FUNC A(POS) B(POS)")
        elif head == "layout":
            if len(rest) != 2 or "size" not in attrs or "passed" not in attrs:
                self.error(path, line, "layout takes RECORD FIELD,... size= passed=")
            elif not re.match(r"[1-9][0-9]*\Z", attrs["size"]):
                self.error(path, line, "layout size= takes a number of bytes")
            else:
                self.layouts.append((path, line, rest[0], rest[1].split(","),
                                     int(attrs["size"])))
        elif head == "needs-mode":
            if rest and rest[-1] == "strict":
                rest = rest[:-1]
            # zero-unless=FLAG,...: NAME_RE takes no '-', so it is a word.
            unless = [w for w in rest if w.startswith("zero-unless=")]
            rest = [w for w in rest if not w.startswith("zero-unless=")]
            if len(rest) != 4:
                self.error(path, line, "needs-mode takes SITE FLAGS MODE FLAG,...")
            else:
                for name in rest[3].split(",") + [
                        n for w in unless for n in w.split("=", 1)[1].split(",")]:
                    self.uses.append((path, line, "name", name))
        elif head in ("excludes", "requires", "ignored-unless"):
            if len(rest) != 4:
                self.error(path, line, "%s takes SITE PARAM FIRST,... OTHER,..."
                           % head)
            else:
                others = rest[3].split(":", 1)[-1]
                # `*`: any other member; `-`: none (the FIRST alone).
                names = rest[2].split(",") + (others.split(",")
                                              if others not in ("*", "-") else [])
                for key in ("except", "unless", "means"):
                    if key in attrs:
                        names += attrs[key].split(",")
                for name in names:
                    self.uses.append((path, line, "name", name))
        elif head == "since":
            rest = [w for w in rest if w != "emulated"]  # a bare flag
            if len(rest) not in (1, 3):
                self.error(path, line, "since takes FUNC [PARAM(POS) FLAG,...]")
            elif len(rest) == 3:
                for name in rest[2].split(","):
                    self.uses.append((path, line, "name", name))
        elif head == "deprecated":
            if rest and rest[-1] == "unneeded":
                rest = rest[:-1]
            if len(rest) != 2:
                self.error(path, line, "deprecated takes OLD NEW")
            else:
                self.uses.append((path, line, "name", rest[0]))
                if rest[1] != "-":
                    for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", rest[1]):
                        self.uses.append((path, line, "name", name))
        elif head == "equivalent":
            if len(rest) < 2:
                self.error(path, line, "equivalent takes FROM TO")
            else:
                self.uses.append((path, line, "name", rest[0]))
                if "never-merged" not in rest[2:]:
                    self.uses.append((path, line, "name", rest[1]))
        return None

    def member(self, path, line, words, namespace):
        rest, attrs = parse_attrs(words)
        if len(rest) != 2 or not NAME_RE.match(rest[0]) \
                or not NUMBER_RE.match(rest[1]):
            self.error(path, line, "member line must be MACRO VALUE [attributes]")
            return
        name, value = rest
        old = self.members.get(name)
        if old is not None:
            self.error(path, line, "%s is already a member of %s (%s:%d)"
                       % (name, old.namespace, old.path, old.line))
            return
        m = Member(name, value, namespace, path, line, attrs, self.profile)
        self.members[name] = m
        self.namespaces[namespace]["members"].append(m)
        if "same" in attrs:
            self.uses.append((path, line, "name", attrs["same"]))

    def arch_value(self, path, line, words, arch):
        if len(words) != 2 or not NAME_RE.match(words[0]) \
                or not (NUMBER_RE.match(words[1]) or words[1] == "-"):
            self.error(path, line, "an arch value line must be MACRO VALUE "
                       "or MACRO -")
            return
        if words[0] in arch.values:
            self.error(path, line, "%s already has a value on %s"
                       % (words[0], arch.name))
            return
        arch.values[words[0]] = (words[1], path, line)
        self.uses.append((path, line, "name", words[0]))

    def arch_of(self, triple):
        for arch in self.arches.values():
            if arch.matches(triple):
                return arch
        return None

    def expected(self, member, arch):
        """The value the headers of `arch` should give the member, as a C
        literal, with where it is stated."""
        if arch is not None and member.name in arch.values:
            return arch.values[member.name]
        return member.value, member.path, member.line

    def resolve(self):
        """Report names that are used but are no namespace member."""
        for path, line, kind, text in self.uses:
            if kind == "name":
                if text not in self.members:
                    self.error(path, line, "'%s' is no namespace member" % text)
                continue
            if text in ("-", "0"):
                continue
            for part in text.split("|"):
                ns_name, _, subset = part.partition(":")
                ns = self.namespaces.get(ns_name)
                if ns is None:
                    self.error(path, line, "unknown namespace '%s'" % ns_name)
                    continue
                for short in filter(None, subset.split(",")):
                    full = ns["prefix"] + short
                    m = self.members.get(full)
                    if m is None or m.namespace != ns_name:
                        self.error(path, line, "'%s' is not a member of %s"
                                   % (full, ns_name))


def header_block(headers):
    out = ["#define _GNU_SOURCE 1", "#define _DEFAULT_SOURCE 1"]
    for h in headers:
        out.append("#if __has_include(<%s>)" % h)
        out.append("#include <%s>" % h)
        out.append("#endif")
    return out


def error_limit(cc, cache={}):
    """The option that lifts the limit on reported errors: clang stops after
    20 by default."""
    key = tuple(cc)
    if key not in cache:
        proc = subprocess.run(cc + ["--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              universal_newlines=True, env=C_LOCALE)
        cache[key] = ("-ferror-limit=0" if "clang" in proc.stdout
                      else "-fmax-errors=0")
    return cache[key]


def run_cc(cc, text, keep=None):
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(text)
        name = f.name
    try:
        proc = subprocess.run(cc + ["-fsyntax-only", "-std=gnu11", "-w",
                                    error_limit(cc), name],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, env=C_LOCALE)
    finally:
        if keep:
            with open(keep, "w") as k:
                k.write(text)
        os.unlink(name)
    return proc.returncode, proc.stdout


def declared_names(cc, headers, names):
    """Return the subset of `names` that the headers declare (as a macro or
    an enumerator)."""
    lines = header_block(headers)
    for i, name in enumerate(names):
        lines.append("#ifndef %s" % name)
        lines.append("enum { fs_probe_%d = sizeof(%s) };" % (i, name))
        lines.append("#endif")
    _, output = run_cc(cc, "\n".join(lines) + "\n")
    # gcc: 'X' undeclared; clang: use of undeclared identifier 'X'
    missing = set(re.findall(r"'([A-Za-z_][A-Za-z0-9_]*)' undeclared", output))
    missing |= set(re.findall(r"undeclared identifier '([A-Za-z_][A-Za-z0-9_]*)'",
                              output))
    return [n for n in names if n not in missing]


def check_unit(cc, label, headers, checks, keep):
    """checks: list of (expr_left, expr_right, tag). Returns failing tags."""
    lines = header_block(headers)
    for left, right, tag in checks:
        lines.append('_Static_assert((%s) == (%s), "%s");' % (left, right, tag))
    code, output = run_cc(cc, "\n".join(lines) + "\n", keep)
    # gcc: static assertion failed: "TAG"; clang 14: static_assert failed due
    # to requirement '...' "TAG"; newer clang: ...: TAG. Find the tags.
    tags = set(t for _, _, t in checks)
    failed = []
    for tag in TAG_RE.findall(output):
        if tag in tags and tag not in failed:
            failed.append(tag)
    if code != 0 and not failed:
        sys.stderr.write("check_values: the %s unit does not compile:\n%s"
                         % (label, output))
        return None
    return failed


def declared_records(cc, headers, records):
    """Return the subset of struct tags in `records` the headers complete."""
    lines = header_block(headers)
    for i, record in enumerate(records):
        lines.append("enum { fs_record_%d = sizeof(struct %s) };" % (i, record))
    _, output = run_cc(cc, "\n".join(lines) + "\n")
    # gcc and clang: ... incomplete type 'struct X'
    missing = set(re.findall(r"incomplete type '?struct ([A-Za-z_][A-Za-z0-9_]*)",
                             output))
    return [r for r in records if r not in missing]


def check_layouts(cc, rules, keep):
    """The `layout` lines against the uapi headers' structs: returns
    (errors, checks made, records not declared), or None when the unit
    does not compile."""
    records = sorted(set(rec for _, _, rec, _, _ in rules.layouts))
    declared = set(declared_records(cc, KERNEL_HEADERS, records))
    checks, said = [], {}
    for path, line, record, fields, size in rules.layouts:
        if record not in declared:
            continue
        for index, field in enumerate(fields):
            tag = "%s:%d: %s field=%s" % (path, line, record, field)
            checks.append(("__builtin_offsetof(struct %s, %s)" % (record, field),
                           index * size, tag))
            checks.append(("sizeof(((struct %s *)0)->%s)" % (record, field),
                           size, tag))
            said[tag] = "%s at offset %d, %d bytes long" % (field, index * size, size)
    if not checks:
        return [], 0, sorted(set(records) - declared)
    failed = check_unit(cc, "layout", KERNEL_HEADERS, checks,
                        keep + ".layout.c" if keep else None)
    if failed is None:
        # A field the struct lacks is a compile error, not a failed assert.
        _, output = run_cc(cc, "\n".join(header_block(KERNEL_HEADERS) + [
            "enum { fs_l_%d = %s };" % (i, left) for i, (left, _, _)
            in enumerate(checks)]) + "\n")
        missing = re.findall(r"no (?:member named )?'?([A-Za-z_][A-Za-z0-9_]*)'? in "
                             r"'?struct ([A-Za-z_][A-Za-z0-9_]*)", output)
        if not missing:
            return None
        failed = []
        for field, record in missing:
            for _, _, tag in checks:
                if tag.endswith(" %s field=%s" % (record, field)) and tag not in failed:
                    failed.append(tag)
                    said[tag] = "%s (the header's struct %s has no such field)" % (
                        said[tag], record)
    errors = ["%s: rules say %s; the uapi headers do not" % (tag, said[tag])
              for tag in failed]
    return errors, len(checks), sorted(set(records) - declared)


def header_value(cc, headers, name):
    """Best effort: the header's value of `name`, as text, for messages."""
    text = "\n".join(header_block(headers)) + "\nfs_value_of %s\n" % name
    proc = subprocess.run(cc + ["-E", "-P", "-x", "c", "-"], input=text,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          universal_newlines=True, env=C_LOCALE)
    for line in proc.stdout.splitlines():
        if line.startswith("fs_value_of "):
            expr = line[len("fs_value_of "):].strip()
            py = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expr)
            py = re.sub(r"\b0([0-7]+)\b", r"0o\1", py)
            try:
                value = eval(py, {"__builtins__": {}})
                return "%s (%s)" % (hex(value) if value >= 0 else value, expr)
            except Exception:
                return expr
    return "?"


def kernel_command(tree, compiler=None):
    """The compiler and flags the kernel tree builds fs/open.c with (from
    its compile_commands.json), without the source, output and dependency
    options, and the directory to run them in. `compiler` replaces the
    database's (a bare `clang` there is whichever clang was first in PATH)."""
    import json
    db = os.path.join(tree, "compile_commands.json")
    with open(db, encoding="utf-8") as f:
        entries = json.load(f)
    for e in entries:
        if e["file"].endswith("/fs/open.c") or e["file"] == "fs/open.c":
            args = e.get("arguments") or shlex.split(e["command"])
            break
    else:
        raise OSError("%s has no fs/open.c" % db)
    out = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in ("-o", "-c"):
            skip = a == "-o"
        elif not (a.startswith("-Wp,") or a.endswith("fs/open.c")):
            out.append(a)
    if compiler and out:
        out[0] = compiler
    return out, e["directory"]


def target_header(cc, header):
    """The file `#include <header>` reads, or None when it is missing."""
    proc = subprocess.run(cc + ["-M", "-x", "c", "-"],
                          input="#include <%s>\n" % header,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, env=C_LOCALE)
    if proc.returncode != 0:
        return None
    words = proc.stdout.replace("\\\n", " ").split()
    for word in words:
        if word.endswith("/bits/fcntl.h"):
            return word
    return None


def check_target(cc, rules, arch, triple):
    """Before any value: the headers must be the target's own, and the
    first value the arch states must hold, so that a run cannot silently
    read the host's (x86-64) headers. Returns 0, 77 when the target's
    C library headers are not installed (skip), or 1."""
    found = target_header(cc, "fcntl.h")
    if found is None:
        print("skipped: no C library headers for %s (Debian: install "
              "libc6-dev-<arch>-cross, linux-libc-dev-<arch>-cross and "
              "libgcc-12-dev-<arch>-cross; cmake/setup.sh does)" % triple)
        return 77
    if "/%s/" % triple not in found:
        print("error: <fcntl.h> for %s reads %s, not the target's own "
              "headers" % (triple, found))
        return 1
    print("%s: headers %s" % (arch.name if arch else triple,
                              os.path.dirname(os.path.dirname(found))))
    if arch is None or not arch.values:
        return 0
    name, (value, path, line) = next(iter(arch.values.items()))
    tag = "%s:%d: %s" % (path, line, name)
    if value == "-":
        if declared_names(cc, LIBC_HEADERS, [name]):
            print("error: %s: the %s headers declare %s: not the target's "
                  "headers?" % (tag, triple, name))
            return 1
        print("arch %s: no %s, as stated" % (arch.name, name))
        return 0
    failed = check_unit(cc, "first value", LIBC_HEADERS,
                        [(name, value, tag)], None)
    if failed is None or failed:
        print("error: %s: the %s headers do not say %s is %s (%s): not "
              "the target's headers?" % (tag, triple, name, value,
                                         header_value(cc, LIBC_HEADERS,
                                                      name)))
        return 1
    print("arch %s: %s is %s, as stated" % (arch.name, name, value))
    return 0


def collect_paths(args):
    paths = []
    for arg in args or [DEFAULT_RULES]:
        if os.path.isdir(arg):
            paths.extend(sorted(glob.glob(os.path.join(arg, "*.rules"))))
        else:
            paths.append(arg)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    parser.add_argument("--keep", help="also write the C file here")
    parser.add_argument("--target", help="check the values of the rules' "
                        "arch for this triple against its headers (a "
                        "compiler that takes --target=, such as clang)")
    parser.add_argument("--suggest", action="store_true",
                        help="with --target: print the arch section that "
                        "would make the values hold (the lines of a new "
                        "rules/arch-NAME.rules file; review each)")
    parser.add_argument("--kernel-tree",
                        help="a prepared Linux source tree with a "
                             "compile_commands.json")
    parser.add_argument("--kernel-cc",
                        help="the clang the kernel tree was built with "
                             "(default: the database's compiler)")
    parser.add_argument("rules", nargs="*")
    opts = parser.parse_args()
    cc = shlex.split(opts.cc)

    paths = collect_paths(opts.rules)
    if not paths:
        sys.stderr.write("check_values: no rules files found\n")
        return 2
    rules = Rules()
    base = os.path.dirname(DEFAULT_RULES)
    for path in paths:
        shown = os.path.relpath(path, base) if path.startswith(base) else path
        rules.load(path, shown)
    rules.resolve()
    arch = None
    if opts.target:
        arch = rules.arch_of(opts.target)
        if arch is None and not opts.suggest:
            sys.stderr.write("check_values: no arch of the rules matches "
                             "the target '%s'\n" % opts.target)
            return 2
        host_cc = cc
        cc = cc + ["--target=" + opts.target]
        status = check_target(cc, rules, arch, opts.target)
        if status:
            return status

    absent = {}                     # name -> where the arch says `-`
    if arch is not None:
        for name, (value, path, line) in arch.values.items():
            if value == "-":
                absent[name] = "%s:%d" % (path, line)
    members = [m for m in rules.members.values() if m.name not in absent]
    names = [m.name for m in members]
    units = [("libc", cc, LIBC_HEADERS), ("kernel", cc, KERNEL_HEADERS)]
    if opts.kernel_tree:
        try:
            kcc, kdir = kernel_command(opts.kernel_tree, opts.kernel_cc)
        except (OSError, ValueError, KeyError) as e:
            sys.stderr.write("check_values: --kernel-tree: %s\n" % e)
            return 2
        os.chdir(kdir)
        units.append(("kernel-source", kcc, KERNEL_SOURCE_HEADERS))
    declared_anywhere = set()
    failures = []
    suggested = {}                  # name -> the headers' value
    checked = 0
    for label, ucc, headers in units:
        declared = set(declared_names(ucc, headers, names))
        declared_anywhere |= declared
        checks = []
        for m in members:
            if m.name not in declared:
                continue
            if label == "libc" and m.name in KERNEL_VALUE_ONLY:
                continue
            # The kernel's own headers check the kernel profile: the other
            # names are user space's, whose values they may not share
            # (F_GETLK64 is 12 there, 5 in glibc on 64-bit).
            if label == "kernel-source" and (
                    m.profile != "kernel" or m.name in KERNEL_UNCHECKED):
                continue
            value, path, line = rules.expected(m, arch)
            tag = "%s:%d: %s" % (path, line, m.name)
            checks.append((m.name, value, tag))
            same = m.attrs.get("same")
            if same and same in declared:
                checks.append((m.name, same, tag + " same=" + same))
        checked += len(checks)
        failed = check_unit(ucc, label, headers, checks,
                            opts.keep + "." + label + ".c" if opts.keep else None)
        if failed is None:
            return 2
        for tag in failed:
            name = tag.split(": ", 1)[1].split()[0]
            where, _, _ = tag.partition(": ")
            m = rules.members[name]
            shown = m.attrs.get("same") if " same=" in tag \
                else rules.expected(m, arch)[0]
            said = header_value(ucc, headers, name)
            failures.append("%s: %s: rules say %s, %s headers say %s"
                            % (where, tag.split(": ", 1)[1], shown, label,
                               said))
            if " same=" not in tag:
                suggested.setdefault(name, said.split()[0])

    if absent:
        for label, ucc, headers in units:
            for name in declared_names(ucc, headers, sorted(absent)):
                failures.append("%s: %s: rules say the target has no %s, "
                                "but its %s headers declare it"
                                % (absent[name], name, name, label))
    for name in KERNEL_VALUE_ONLY:
        if name in rules.members and name not in declared_anywhere \
                and name not in absent:
            failures.append("%s: listed in KERNEL_VALUE_ONLY but no kernel "
                            "header declares it" % name)

    if not opts.target:
        layout = check_layouts(cc, rules, opts.keep)
        if layout is None:
            return 2
        layout_errors, layout_checks, no_record = layout
        failures += layout_errors
        checked += layout_checks
        if no_record:
            print("information: no installed header declares struct %s "
                  "(its layout is not checked)" % ", struct ".join(no_record))

    undeclared = [m for m in members if m.name not in declared_anywhere]
    if undeclared:
        print("information: %d names no installed header declares "
              "(not checked):" % len(undeclared))
        for m in undeclared:
            print("  %s:%d: %s %s" % (m.path, m.line, m.name, m.value))

    if opts.suggest:
        print("arch %s cpus=%s triple=%s" % (
            arch.name if arch else "NAME",
            ",".join(arch.cpus) if arch else "CPU", opts.target))
        for m in members:
            if m.name in suggested:
                print("%-21s %s" % (m.name, suggested[m.name]))
        # Names the host's headers declare and the target's do not: absent
        # there, or only newer on the host (review each).
        host = set()
        for _, _, headers in units:
            host |= set(declared_names(host_cc, headers, names))
        for m in members:
            if m.name in host and m.name not in declared_anywhere:
                print("%-21s -          # not in the target's headers "
                      "(or newer than them?)" % m.name)
        return 0
    for e in rules.errors:
        print("error: " + e)
    for f in failures:
        print("error: " + f)
    print("%d files, %d members, %d value checks, %d errors"
          % (len(paths), len(members), checked,
             len(rules.errors) + len(failures)))
    return 1 if rules.errors or failures else 0


if __name__ == "__main__":
    sys.exit(main())
