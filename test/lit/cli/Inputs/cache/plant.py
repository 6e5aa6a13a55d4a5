"""plant.py CACHE_DIR ELSEWHERE: as someone who can write the cache folder
might, replaces the folder of an entry alone in its folder with a symbolic link
to ELSEWHERE (that entry gone), through which a writer would store its
result there, and the first entry (by name) of another folder with a FIFO,
which would block a reader for ever."""
import glob
import os
import shutil
import sys

cache, elsewhere = sys.argv[1], sys.argv[2]
entries = sorted(glob.glob(os.path.join(cache, "v2", "??", "?" * 64)))
# The linked folder holds one entry alone, whatever the keys' hashes: two
# keys that share a folder would both be lost through the link.
folders = sorted({os.path.dirname(e) for e in entries})
linked = [d for d in folders
          if sum(os.path.dirname(e) == d for e in entries) == 1][0]
fifo = [e for e in entries if os.path.dirname(e) != linked][0]
os.unlink(fifo)
os.mkfifo(fifo)
shutil.rmtree(linked)
os.symlink(elsewhere, linked)
