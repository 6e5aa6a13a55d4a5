#!/usr/bin/env python3
# lsp_test.py: drives flagspace-clangd over stdio like an editor and checks the flagspace diagnostic and its fix.
#
# usage: lsp_test.py --clangd=<flagspace-clangd-N> [--timeout=<seconds>]
#
# In a temporary project (main.c, compile_commands.json, .clang-tidy with
# Checks: '-*,flagspace-*'): initialize, didOpen a correct main.c (no flagspace
# diagnostic may appear), didChange with unsaved text adding
# open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW) (flagspace-wrong-namespace must appear
# on AT_SYMLINK_NOFOLLOW), then codeAction on it (an edit to O_NOFOLLOW). The
# .clangd sets nothing: the flagspace checks run under clangd's default
# FastCheckFilter (Strict), which checker/clangd/FastChecks.cpp answers for.
# Then, in a second project whose .clang-tidy names a malformed rules file,
# the rules error must reach the editor (on the file's first line), not be
# dropped as a diagnostic with no place. In a third, the rules file is a FIFO:
# it must be refused the same way (never waited on) and the built-in rules
# still apply. In a fourth, the .clang-tidy names its rules file relative to
# its own folder, and the server runs elsewhere: the rule must still apply to
# a file in a sub-folder. In a fifth, a finding of each consequence: those
# that change nothing on the target (same-value, deprecated) come as
# information (severity 3), the others as warnings (2), and a class
# flagspace.ConsequencesAsErrors names as an error (1).

import argparse
import os
import sys
import tempfile

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspclient  # noqa: E402

CHECK = "flagspace-wrong-namespace"
CORRECT = """\
#include <fcntl.h>

int open_it(const char *p) {
  return open(p, O_RDONLY | O_NOFOLLOW);
}
"""
WRONG_LINE = "  return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);"
WRONG = CORRECT.replace("  return open(p, O_RDONLY | O_NOFOLLOW);", WRONG_LINE)
# Where the diagnostic must point: AT_SYMLINK_NOFOLLOW on line 3 (0-based).
LINE = 3
START = WRONG_LINE.index("AT_SYMLINK_NOFOLLOW")
END = START + len("AT_SYMLINK_NOFOLLOW")


class TestFailure(Exception):
    pass


def fail(message):
    raise TestFailure(message)


def flagspace_diags(diags):
    return [d for d in diags if str(d.get("code", "")).startswith("flagspace-")]


def apply_edits(text, edits):
    """Applies LSP TextEdits (line/character positions, ASCII text) to text."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(pos):
        return offsets[pos["line"]] + pos["character"]

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
        text = text[:start] + edit["newText"] + text[end:]
    return text


def edits_for(action, uri):
    edit = action.get("edit") or {}
    edits = list((edit.get("changes") or {}).get(uri, []))
    for change in edit.get("documentChanges") or []:
        if change.get("textDocument", {}).get("uri") == uri:
            edits.extend(change.get("edits", []))
    return edits


def run(server, project, timeout):
    uri = lspclient.path_uri(os.path.join(project, "main.c"))
    info = server.initialize(project, timeout)
    print("server: %s" % (info.get("serverInfo") or {}))

    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": CORRECT}})
    _, diags = server.wait_diagnostics(uri, 1, timeout)
    if flagspace_diags(diags):
        fail("the correct file got flagspace diagnostics: %s" % flagspace_diags(diags))
    print("ok: correct file, %d diagnostics, none from flagspace" % len(diags))

    # Unsaved text: main.c on disk stays correct.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": WRONG}]})
    _, diags = server.wait_diagnostics(uri, 2, timeout)
    found = [d for d in diags if d.get("code") == CHECK]
    if not found:
        fail("no %s diagnostic after didChange; got %s" % (CHECK, diags))
    diag = found[0]
    want = {"start": {"line": LINE, "character": START},
            "end": {"line": LINE, "character": END}}
    if diag["range"] != want:
        fail("%s range is %s, expected %s" % (CHECK, diag["range"], want))
    if "O_NOFOLLOW" not in diag["message"]:
        fail("the message does not name O_NOFOLLOW: %r" % diag["message"])
    print("ok: %s at %d:%d-%d: %s (source %s)" % (
        CHECK, LINE, START, END, diag["message"], diag.get("source")))

    rid = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": diag["range"],
        "context": {"diagnostics": [diag], "only": ["quickfix"]}})
    actions = server.wait_response(rid, timeout, "codeAction") or []
    fixed = None
    for action in actions:
        edits = edits_for(action, uri)
        if edits and "O_NOFOLLOW" in apply_edits(WRONG, edits):
            after = apply_edits(WRONG, edits)
            if "AT_SYMLINK_NOFOLLOW" not in after:
                fixed = (action.get("title"), after)
                break
    if not fixed:
        fail("no code action replaces AT_SYMLINK_NOFOLLOW with O_NOFOLLOW; got %s" % actions)
    if fixed[1] != CORRECT:
        fail("the fix gives\n%s\nexpected\n%s" % (fixed[1], CORRECT))
    print("ok: code action %r turns the line into the correct one" % fixed[0])


BAD_RULES = "call safe_openat flags(2) NO_SUCH_NAMESPACE\n"


def run_bad_rules(server, project, timeout):
    uri = lspclient.path_uri(os.path.join(project, "main.c"))
    server.initialize(project, timeout)
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": CORRECT}})
    _, diags = server.wait_diagnostics(uri, 1, timeout)
    found = [d for d in flagspace_diags(diags)
             if "bad.rules:1:" in d["message"] and "NO_SUCH_NAMESPACE" in d["message"]]
    if not found:
        fail("the malformed rules file was not reported; got %s" % diags)
    diag = found[0]
    # clangd shows clang-tidy's errors as warnings unless WarningsAsErrors.
    if diag["range"]["start"]["line"] != 0:
        fail("the rules error is not on line 0: %s" % diag)
    print("ok: rules error shown as %s on line 0: %s" % (diag["code"], diag["message"]))


def run_fifo_rules(server, project, timeout):
    uri = lspclient.path_uri(os.path.join(project, "main.c"))
    server.initialize(project, timeout)
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": WRONG}})
    # Opening the FIFO blocked the checks for ever: no diagnostics came.
    _, diags = server.wait_diagnostics(uri, 1, min(timeout, 60))
    refused = [d for d in flagspace_diags(diags)
               if "fifo.rules': not a regular file (a FIFO)" in d["message"]]
    if not refused or refused[0]["range"]["start"]["line"] != 0:
        fail("the FIFO rules file was not refused on line 0; got %s" % diags)
    # The built-in rules still check the file.
    if not [d for d in diags if d.get("code") == CHECK]:
        fail("no %s beside the refused rules file; got %s" % (CHECK, diags))
    print("ok: FIFO rules file refused on line 0: %s" % refused[0]["message"])


WRAPPER_RULES = "call mine_open flags(1) O\n"
WRAPPER_CALL = CORRECT.replace("open(p, O_RDONLY | O_NOFOLLOW)",
                               "mine_open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW)").replace(
    "#include <fcntl.h>\n", "#include <fcntl.h>\nint mine_open(const char *, int);\n")


def run_relative_rules(server, project, timeout):
    uri = lspclient.path_uri(os.path.join(project, "src", "main.c"))
    server.initialize(project, timeout)
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": WRAPPER_CALL}})
    _, diags = server.wait_diagnostics(uri, 1, timeout)
    unread = [d for d in flagspace_diags(diags) if "cannot read rules file" in d["message"]]
    if unread:
        fail("the relative rules file was looked up elsewhere: %s" % unread)
    found = [d for d in diags if d.get("code") == CHECK and "mine_open()" in d["message"]]
    if not found:
        fail("the rule of tools/mine.rules did not apply; got %s" % diags)
    print("ok: relative rules file found from .clang-tidy's folder: %s" % found[0]["message"])


CLASSES = """\
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>

int classes(const char *p) {
  int s = socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);
  s += open(p, O_RDONLY | O_NDELAY);
  s += open(p, O_RDONLY | AT_REMOVEDIR);
  return s + fcntl(s, F_SETFL, O_NONBLOCK | O_RDWR);
}
"""
# The LSP severity each class comes with: 1 error, 2 warning, 3 information.
SEVERITIES = {"same-value": 3, "deprecated": 3, "misbehaves": 1, "ignored": 2}


def run_consequences(server, project, timeout):
    uri = lspclient.path_uri(os.path.join(project, "main.c"))
    server.initialize(project, timeout)
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": CLASSES}})
    _, diags = server.wait_diagnostics(uri, 1, timeout)
    got = {}
    for d in flagspace_diags(diags):
        for cls in SEVERITIES:
            if "[%s]" % cls in d["message"].split("\n")[0]:
                got[cls] = d.get("severity")
    if got != SEVERITIES:
        fail("severity by consequence is %s, expected %s; got %s" % (got, SEVERITIES, diags))
    print("ok: severity by consequence: %s" % got)


def with_server(clangd, project, timeout, body, cwd=None):
    log = os.path.join(project, "clangd.log")
    server = lspclient.Server([clangd, "--log=verbose", "--background-index=false"],
                              cwd or project, log)
    try:
        body(server, project, timeout)
    except (lspclient.LspError, TestFailure) as e:
        server.close()
        with open(log, errors="replace") as f:
            sys.stdout.write("---- clangd log (last 60 lines) ----\n")
            sys.stdout.writelines(f.readlines()[-60:])
        print("FAIL: %s" % e)
        return False
    finally:
        server.close()
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clangd", required=True)
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    if not os.access(args.clangd, os.X_OK):
        print("FAIL: '%s' is not an executable; build the flagspace-clangd target"
              % args.clangd)
        return 1

    with tempfile.TemporaryDirectory(prefix="flagspace-lsp-") as project:
        lspclient.write_project(project, {"main.c": CORRECT})
        if not with_server(args.clangd, project, args.timeout, run):
            return 1
    with tempfile.TemporaryDirectory(prefix="flagspace-lsp-") as project:
        lspclient.write_project(project, {"main.c": CORRECT})
        rules = os.path.join(project, "bad.rules")
        with open(rules, "w") as f:
            f.write(BAD_RULES)
        with open(os.path.join(project, ".clang-tidy"), "a") as f:
            f.write("CheckOptions:\n  - key: flagspace.RulesFiles\n    value: '%s'\n" % rules)
        if not with_server(args.clangd, project, args.timeout, run_bad_rules):
            return 1
    with tempfile.TemporaryDirectory(prefix="flagspace-lsp-") as project:
        lspclient.write_project(project, {"main.c": CORRECT})
        fifo = os.path.join(project, "fifo.rules")
        os.mkfifo(fifo)
        with open(os.path.join(project, ".clang-tidy"), "a") as f:
            f.write("CheckOptions:\n  - key: flagspace.RulesFiles\n    value: '%s'\n" % fifo)
        if not with_server(args.clangd, project, args.timeout, run_fifo_rules):
            return 1
    with tempfile.TemporaryDirectory(prefix="flagspace-lsp-") as project:
        os.makedirs(os.path.join(project, "src"))
        os.makedirs(os.path.join(project, "tools"))
        lspclient.write_project(project, {"src/main.c": WRAPPER_CALL})
        with open(os.path.join(project, "tools", "mine.rules"), "w") as f:
            f.write(WRAPPER_RULES)
        with open(os.path.join(project, ".clang-tidy"), "a") as f:
            f.write("CheckOptions:\n  - key: flagspace.RulesFiles\n"
                    "    value: 'tools/mine.rules'\n")
        # The server's working directory is not the project's root.
        if not with_server(args.clangd, project, args.timeout, run_relative_rules,
                           cwd=os.path.join(project, "src")):
            return 1
    with tempfile.TemporaryDirectory(prefix="flagspace-lsp-") as project:
        lspclient.write_project(project, {"main.c": CLASSES})
        with open(os.path.join(project, ".clang-tidy"), "a") as f:
            f.write("CheckOptions:\n  - key: flagspace.ConsequencesAsErrors\n"
                    "    value: 'misbehaves'\n")
        if not with_server(args.clangd, project, args.timeout, run_consequences):
            return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
