#!/usr/bin/env python3
# nvim_test.py: checks that a real editor, Debian's Neovim with its built-in LSP client, shows flagspace-clangd's diagnostic.
#
# usage: nvim_test.py --clangd=<flagspace-clangd-N> [--nvim=<nvim>] [--timeout=<seconds>]
#
# Writes a project with a misplaced flag into a temporary directory, runs
# `nvim --headless --clean` with nvim_diagnostic.lua, and expects
# flagspace-wrong-namespace at the AT_SYMLINK_NOFOLLOW in vim.diagnostic.get().
# Exits 77 (ctest: skipped) only when Neovim is not installed.

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspclient  # noqa: E402

SKIP = 77
SOURCE = """\
#include <fcntl.h>

int open_it(const char *p) {
  return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
"""
# vim.diagnostic positions are 0-based.
EXPECTED = "diagnostic flagspace-wrong-namespace 3:%d " % SOURCE.splitlines()[3].index(
    "AT_SYMLINK_NOFOLLOW")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clangd", required=True)
    parser.add_argument("--nvim", default=shutil.which("nvim"))
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    if not args.nvim or not os.access(args.nvim, os.X_OK):
        print("SKIP: Neovim (nvim) is not installed; `apt-get install neovim` "
              "(sh cmake/setup.sh test installs it) to run this test")
        return SKIP
    version = subprocess.run([args.nvim, "--version"], capture_output=True,
                             text=True).stdout.splitlines()[:1]
    print("editor: %s" % (version[0] if version else args.nvim))

    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nvim_diagnostic.lua")
    with tempfile.TemporaryDirectory(prefix="flagspace-nvim-") as project:
        lspclient.write_project(project, {"main.c": SOURCE})
        env = dict(os.environ,
                   FLAGSPACE_CLANGD=args.clangd,
                   FLAGSPACE_FILE=os.path.join(project, "main.c"),
                   FLAGSPACE_TIMEOUT_MS=str(int(args.timeout * 1000)),
                   HOME=project, XDG_CONFIG_HOME=project, XDG_DATA_HOME=project,
                   XDG_STATE_HOME=project, XDG_CACHE_HOME=project)
        # --clean: no user config or plugins; the shada and swap files go to
        # the temporary HOME. stdin is not a terminal, so no UI is attached.
        proc = subprocess.Popen(
            [args.nvim, "--headless", "--clean", "-n", "-c", "luafile " + script],
            cwd=project, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            output, _ = proc.communicate(timeout=args.timeout + 30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            output, _ = proc.communicate()
            print(output)
            print("FAIL: Neovim did not finish within %.0f s" % (args.timeout + 30))
            return 1
        finally:
            # nvim ends its LSP client; this catches a clangd left behind.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    print(output.rstrip())
    if proc.returncode != 0 or "RESULT ok" not in output:
        print("FAIL: nvim exited with %d" % proc.returncode)
        return 1
    if EXPECTED not in output:
        print("FAIL: the diagnostic is not at the expected place (%r)" % EXPECTED.strip())
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
