"""cc1_db.py OUT_DIR SRC_DIR FILE [--driver]: writes OUT_DIR/compile_commands.json
with clang's own compile job of FILE (`clang -cc1 ... -dependency-file`), as
bear records it when a command compiles and links (`clang -o prog prog.c`),
after the driver's command that ran it with --driver."""
import json
import os
import sys

out, src, f = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
db = []
if "--driver" in sys.argv[4:]:
    db.append({"directory": src, "file": f,
               "arguments": ["clang", "-D_GNU_SOURCE", "-Wp,-MD,.%s.d" % f,
                             "-o", "prog", f]})
db.append({"directory": src, "file": f,
           "arguments": ["clang", "-cc1", "-triple", "x86_64-pc-linux-gnu",
                         "-emit-obj", "-dependency-file", ".%s.d" % f,
                         "-sys-header-deps", "-D_GNU_SOURCE", "-x", "c",
                         "-o", os.path.join(out, "job.o"), f]})
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "compile_commands.json"), "w") as fh:
    json.dump(db, fh, indent=1)
