"""make_plugin.py CLANG OUT.so MARK: builds OUT.so with CLANG, a shared object
whose constructor creates the file MARK:
whatever loads it (a compiler plugin, -Xclang -load) leaves MARK behind,
the proof that code from the audited tree ran."""
import subprocess
import sys

clang, out, mark = sys.argv[1:4]
source = out + ".c"
with open(source, "w") as f:
    f.write('#include <stdio.h>\n'
            '__attribute__((constructor)) static void ran(void)\n'
            '{\n\tFILE *f = fopen("%s", "w");\n\n'
            '\tif (f)\n\t\tfclose(f);\n}\n' % mark)
subprocess.run([clang, "-shared", "-fPIC", "-o", out, source], check=True)
