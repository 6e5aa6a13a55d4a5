"""expect_exit.py STATUS COMMAND...: runs COMMAND, prints its stdout then its
stderr, and fails unless it exited with STATUS (lit's internal shell has no $?)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
if proc.returncode != want:
    sys.stdout.write("expect_exit.py: exit status %d, expected %d\n" % (proc.returncode, want))
    sys.exit(1)
