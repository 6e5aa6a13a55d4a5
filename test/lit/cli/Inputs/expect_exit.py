"""expect_exit.py [--stderr=FILE] STATUS COMMAND...: runs COMMAND, prints its
stdout then its stderr (or writes its stderr to FILE), and fails unless it
exited with STATUS (lit's internal shell has no $?)."""
import subprocess
import sys

args = sys.argv[1:]
stderr_file = None
if args[0].startswith("--stderr="):
    stderr_file = args.pop(0)[len("--stderr="):]
want = int(args[0])
proc = subprocess.run(args[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
if stderr_file:
    with open(stderr_file, "wb") as f:
        f.write(proc.stderr)
else:
    sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
if proc.returncode != want:
    sys.stdout.write("expect_exit.py: exit status %d, expected %d\n" % (proc.returncode, want))
    sys.exit(1)
