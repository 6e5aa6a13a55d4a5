"""bytes_db.py OUT_DIR SRC_DIR NAME=FROM...: copies each file FROM to
SRC_DIR/NAME and writes OUT_DIR/compile_commands.json with one `cc -c NAME`
command per NAME, run in SRC_DIR. NAME may hold \\xNN escapes for bytes
that are not UTF-8; they are written to the database as they are (Python's
json would write \\udcXX escapes, which clang reads as other bytes)."""
import os
import shutil
import sys


def name_bytes(text):
    return text.encode("ascii").decode("unicode_escape").encode("latin-1")


def quoted(raw):
    return b'"' + raw.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"'


out, src = sys.argv[1], os.path.abspath(sys.argv[2])
entries = []
for arg in sys.argv[3:]:
    name, _, origin = arg.partition("=")
    raw = name_bytes(name)
    shutil.copy(origin, os.path.join(os.fsencode(src), raw))
    entries.append(b'{"directory": ' + quoted(os.fsencode(src)) +
                   b', "file": ' + quoted(raw) + b', "arguments": ["cc", ' +
                   b'"-c", ' + quoted(raw) + b']}')
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "compile_commands.json"), "wb") as fh:
    fh.write(b"[\n" + b",\n".join(entries) + b"\n]\n")
