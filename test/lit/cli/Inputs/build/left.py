"""left.py TMPDIR TREE: what an audit of a build left behind: the files in
TMPDIR (its temporary folder goes there) and the compilation databases
under TREE (the source and build tree)."""
import os
import sys

tmp, tree = sys.argv[1], sys.argv[2]
print("temporary files left: %s" % sorted(os.listdir(tmp)))
found = sorted(os.path.relpath(os.path.join(d, f), tree)
               for d, _, files in os.walk(tree) for f in files
               if f == "compile_commands.json")
print("databases in the tree: %s" % found)
