"""stdout_to.py (full | closed) STATUS COMMAND...: runs COMMAND with its
stdout on /dev/full (every write fails: no space left on device) or
closed, prints its stderr, and fails unless it exited with STATUS."""
import os
import subprocess
import sys

where, want = sys.argv[1], int(sys.argv[2])
if where == "full":
    with open("/dev/full", "w") as out:
        proc = subprocess.run(sys.argv[3:], stdout=out, stderr=subprocess.PIPE)
else:
    proc = subprocess.run(sys.argv[3:], stderr=subprocess.PIPE,
                          preexec_fn=lambda: os.close(1))
sys.stdout.write(proc.stderr.decode("utf-8", "replace"))
if proc.returncode != want:
    sys.stdout.write("stdout_to.py: exit status %d, expected %d\n" % (proc.returncode, want))
    sys.exit(1)
