"""plant.py CACHE_DIR ELSEWHERE: as someone who can write the cache folder
might, replaces the first entry (by name) with a FIFO, which would block a
reader for ever, and the folder of an entry in another folder with a
symbolic link to ELSEWHERE (that entry gone), through which a writer would
store its result there."""
import glob
import os
import shutil
import sys

cache, elsewhere = sys.argv[1], sys.argv[2]
entries = sorted(glob.glob(os.path.join(cache, "v2", "??", "?" * 64)))
fifo = entries[0]
os.unlink(fifo)
os.mkfifo(fifo)
other = [e for e in entries if os.path.dirname(e) != os.path.dirname(fifo)][0]
shutil.rmtree(os.path.dirname(other))
os.symlink(elsewhere, os.path.dirname(other))
