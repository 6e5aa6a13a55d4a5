"""damage.py CACHE_DIR: cuts the first entry of the cache (by name) in
half, as a full disk or a bad copy might, and prints its path."""
import glob
import os
import sys

entries = sorted(glob.glob(os.path.join(sys.argv[1], "v2", "??", "*")))
path = entries[0]
data = open(path, "rb").read()
open(path, "wb").write(data[: len(data) // 2])
print(path)
