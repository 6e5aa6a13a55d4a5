"""gen_db.py OUT_DIR SRC_DIR [--flag=F]... FILE...: writes
OUT_DIR/compile_commands.json with one `cc -c FILE` command per FILE, run in
SRC_DIR, each with the extra flags F (the audit tests' databases)."""
import json
import os
import sys

out, src = sys.argv[1], os.path.abspath(sys.argv[2])
flags = [a[len("--flag="):] for a in sys.argv[3:] if a.startswith("--flag=")]
files = [a for a in sys.argv[3:] if not a.startswith("--flag=")]
os.makedirs(out, exist_ok=True)
db = [{"directory": src, "file": f,
       "arguments": ["cc", "-D_GNU_SOURCE"] + flags + ["-c", f, "-o", f + ".o"]}
      for f in files]
with open(os.path.join(out, "compile_commands.json"), "w") as fh:
    json.dump(db, fh, indent=1)
