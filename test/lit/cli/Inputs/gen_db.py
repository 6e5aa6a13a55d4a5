"""gen_db.py OUT_DIR SRC_DIR [--cc=CC] [--command] [--flag=F]...
FILE[@F1,F2...]...: writes OUT_DIR/compile_commands.json with one `cc -c
FILE` command (CC instead of cc with --cc; a "command" string, its words
joined with blanks, instead of "arguments" with --command) per FILE, run in
SRC_DIR, each with the extra flags F, and F1, F2... for that command only
(the audit tests' databases). A file may be named several times: one
command each (several configurations). An entry cd=SUB:FILE runs in
SRC_DIR/SUB, FILE being relative to it."""
import json
import os
import sys

out, src = sys.argv[1], os.path.abspath(sys.argv[2])
flags = [a[len("--flag="):] for a in sys.argv[3:] if a.startswith("--flag=")]
cc = [a[len("--cc="):] for a in sys.argv[3:] if a.startswith("--cc=")]
files = [a for a in sys.argv[3:] if not a.startswith("--")]
as_command = "--command" in sys.argv[3:]
os.makedirs(out, exist_ok=True)
db = []
for n, entry in enumerate(files):
    f, _, own = entry.partition("@")
    own = own.split(",") if own else []
    cwd = src
    if f.startswith("cd="):
        sub, _, f = f[3:].partition(":")
        cwd = os.path.join(src, sub)
    db.append({"directory": cwd, "file": f,
               "arguments": (cc or ["cc"]) + ["-D_GNU_SOURCE"] + flags + own +
                            ["-c", f, "-o", "%s.%d.o" % (f, n)]})
if as_command:
    for entry in db:
        entry["command"] = " ".join(entry.pop("arguments"))
with open(os.path.join(out, "compile_commands.json"), "w") as fh:
    json.dump(db, fh, indent=1)
