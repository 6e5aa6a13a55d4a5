"""concurrent.py N OUT_PREFIX -- COMMAND...: runs COMMAND N times at once
and writes each one's stdout to OUT_PREFIX.<i>, its exit status to
OUT_PREFIX.<i>.status (audits sharing one cache folder)."""
import subprocess
import sys

n, prefix = int(sys.argv[1]), sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
procs = []
for i in range(n):
    out = open("%s.%d" % (prefix, i), "w")
    procs.append((subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL), out))
for i, (p, out) in enumerate(procs):
    status = p.wait()
    out.close()
    with open("%s.%d.status" % (prefix, i), "w") as f:
        f.write("%d\n" % status)
