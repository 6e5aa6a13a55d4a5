"""make_plugin.py CLANG_TIDY OUT.so MARK: builds OUT.so, a shared object
whose constructor creates the file MARK, with the clang beside CLANG_TIDY:
whatever loads it (a compiler plugin, -Xclang -load) leaves MARK behind,
the proof that code from the audited tree ran."""
import os
import subprocess
import sys

clang_tidy, out, mark = sys.argv[1:4]
clang = os.path.join(os.path.dirname(os.path.realpath(clang_tidy)), "clang")
source = out + ".c"
with open(source, "w") as f:
    f.write('#include <stdio.h>\n'
            '__attribute__((constructor)) static void ran(void)\n'
            '{\n\tFILE *f = fopen("%s", "w");\n\n'
            '\tif (f)\n\t\tfclose(f);\n}\n' % mark)
subprocess.run([clang, "-shared", "-fPIC", "-o", out, source], check=True)
