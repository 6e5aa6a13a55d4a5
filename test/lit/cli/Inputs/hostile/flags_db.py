"""flags_db.py OUT_DIR SRC_DIR FLAGS_FILE FILE...: writes
OUT_DIR/compile_commands.json with one `cc -c FILE` command per FILE and
per line of FLAGS_FILE, run in SRC_DIR, with that line's words (split at
blanks; OUT in a word is replaced with OUT_DIR/out): one configuration of
each file per line."""
import json
import os
import sys

out, src, flags_file = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
where = os.path.join(os.path.abspath(out), "out")
with open(flags_file) as f:
    lines = [l.split() for l in f if l.strip() and not l.startswith("#")]
db = []
for n, words in enumerate(lines):
    words = [w.replace("OUT", where) for w in words]
    for name in sys.argv[4:]:
        db.append({"directory": src, "file": name,
                   "arguments": ["cc", "-D_GNU_SOURCE"] + words +
                                ["-c", name, "-o", "%s.%d.o" % (name, n)]})
os.makedirs(where, exist_ok=True)
with open(os.path.join(out, "compile_commands.json"), "w") as fh:
    json.dump(db, fh, indent=1)
