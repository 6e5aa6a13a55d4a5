# lspclient.py: a minimal Language Server Protocol client over stdio (python3 stdlib only), for the clangd tests and the benchmark.
#
# One Server object runs one language server process. Messages are read by a
# thread into a queue; every wait has a deadline, and close() always ends the
# process (shutdown/exit first, then kill).

import json
import os
import queue
import subprocess
import threading
import time


class LspError(Exception):
    """A protocol failure or a timeout, with a message saying which."""


def path_uri(path):
    return "file://" + os.path.abspath(path)


class Server:
    def __init__(self, argv, cwd, stderr_path, env=None):
        self.stderr_file = open(stderr_path, "wb")
        self.proc = subprocess.Popen(
            argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr_file, start_new_session=True, env=env)
        self.messages = queue.Queue()
        self.next_id = 1
        self.reader = threading.Thread(target=self._read_loop, daemon=True)
        self.reader.start()

    # ---- wire -----------------------------------------------------------

    def _read_loop(self):
        stream = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                if length is None:
                    continue
                body = stream.read(length)
                self.messages.put((time.monotonic(), json.loads(body)))
        finally:
            self.messages.put((time.monotonic(), None))

    def _send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        """Sends a request and returns its id; wait for it with wait_response."""
        rid = self.next_id
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    # ---- waiting ----------------------------------------------------------

    def wait_for(self, predicate, timeout, what):
        """Returns (time, message) for the first message matching predicate.

        Requests from the server (window/workDoneProgress/create, ...) get an
        empty result so that it never waits on us."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LspError("timed out after %.0f s waiting for %s" % (timeout, what))
            try:
                stamp, message = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if message is None:
                raise LspError("the server exited (status %s) while waiting for %s"
                               % (self.proc.poll(), what))
            if "method" in message and "id" in message:
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                continue
            if predicate(message):
                return stamp, message

    def wait_response(self, rid, timeout, what):
        _, message = self.wait_for(lambda m: m.get("id") == rid and "method" not in m,
                                   timeout, what)
        if "error" in message:
            raise LspError("%s failed: %s" % (what, message["error"]))
        return message.get("result")

    def wait_diagnostics(self, uri, version, timeout):
        """Returns (time, diagnostics) of the first publishDiagnostics for uri
        at this document version (clangd sends the version back)."""
        def matches(m):
            if m.get("method") != "textDocument/publishDiagnostics":
                return False
            p = m["params"]
            return p.get("uri") == uri and p.get("version", version) == version
        stamp, message = self.wait_for(
            matches, timeout, "diagnostics for %s version %d" % (uri, version))
        return stamp, message["params"]["diagnostics"]

    # ---- session ------------------------------------------------------------

    def initialize(self, root, timeout):
        rid = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": path_uri(root),
            "capabilities": {
                "textDocument": {
                    "publishDiagnostics": {"relatedInformation": True,
                                           "versionSupport": True},
                    "codeAction": {"codeActionLiteralSupport": {
                        "codeActionKind": {"valueSet": ["quickfix", "refactor"]}}},
                },
            },
        })
        result = self.wait_response(rid, timeout, "initialize")
        self.notify("initialized", {})
        return result

    def close(self, timeout=5):
        """Ends the server: shutdown and exit if it answers, kill otherwise."""
        try:
            if self.proc.poll() is None:
                rid = self.request("shutdown", None)
                self.wait_response(rid, timeout, "shutdown")
                self.notify("exit", None)
                self.proc.wait(timeout=timeout)
        except (LspError, OSError, subprocess.TimeoutExpired, ValueError):
            pass
        finally:
            if self.proc.poll() is None:
                try:
                    os.killpg(self.proc.pid, 9)
                except ProcessLookupError:
                    pass
                self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            self.stderr_file.close()


def write_project(directory, sources, checks="-*,flagspace-*"):
    """Writes sources ({name: text}), a compile_commands.json for them and a
    .clang-tidy enabling `checks` into directory."""
    commands = [{"directory": directory,
                 "file": os.path.join(directory, name),
                 "arguments": ["cc", "-std=gnu11", "-c", name]}
                for name in sources]
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump(commands, f, indent=1)
    with open(os.path.join(directory, ".clang-tidy"), "w") as f:
        f.write("Checks: '%s'\n" % checks)
    for name, text in sources.items():
        with open(os.path.join(directory, name), "w") as f:
            f.write(text)
