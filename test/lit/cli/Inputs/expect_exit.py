"""expect_exit.py [--stderr=FILE] [--timeout=S] STATUS COMMAND...: runs
COMMAND, prints its stdout then its stderr (or writes its stderr to FILE),
and fails unless it exited with STATUS (lit's internal shell has no $?);
with --timeout, a COMMAND still running after S seconds is killed and fails
(a test of "never hangs")."""
import subprocess
import sys

args = sys.argv[1:]
stderr_file = None
timeout = None
while args[0].startswith("--"):
    option, _, value = args.pop(0).partition("=")
    if option == "--stderr":
        stderr_file = value
    elif option == "--timeout":
        timeout = float(value)
    else:
        sys.exit("expect_exit.py: unknown option %s" % option)
want = int(args[0])
try:
    proc = subprocess.run(args[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=timeout)
except subprocess.TimeoutExpired:
    sys.stdout.write("expect_exit.py: still running after %g s\n" % timeout)
    sys.exit(1)
sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
if stderr_file:
    with open(stderr_file, "wb") as f:
        f.write(proc.stderr)
else:
    sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
if proc.returncode != want:
    sys.stdout.write("expect_exit.py: exit status %d, expected %d\n" % (proc.returncode, want))
    sys.exit(1)
