"""forge.py CACHE_DIR (--replace FROM TO | --empty): rewrites every entry of
the cache as someone who can write the folder but has no key would: the
YAML changed (FROM replaced by TO, or emptied: no finding), its length and
SHA-256 sum recomputed, so that the entry reads back whole. A mac line (an
HMAC under a key the forger does not have) is kept as it was. Prints how
many entries it changed."""
import glob
import hashlib
import os
import re
import sys

MAGIC = b"flagspace cache entry 2\n"


def forge(data, change):
    m = re.match(rb"(key [0-9a-f]{64}\n)yaml (\d+)\n", data[len(MAGIC):])
    start = len(MAGIC) + m.end()
    yaml = change(data[start:start + int(m.group(2))])
    body = MAGIC + m.group(1) + b"yaml %d\n" % len(yaml) + yaml + b"\n"
    mac = re.search(rb"\nmac [0-9a-f]{64}\n$", data)
    return (body + b"sum " + hashlib.sha256(body).hexdigest().encode() +
            b"\n" + (mac.group(0)[1:] if mac else b""))


def main():
    cache, mode = sys.argv[1], sys.argv[2]
    if mode == "--empty":
        change = lambda yaml: b""
    else:
        old, new = sys.argv[3].encode(), sys.argv[4].encode()
        change = lambda yaml: yaml.replace(old, new)
    count = 0
    for path in sorted(glob.glob(os.path.join(cache, "v2", "??", "*"))):
        data = open(path, "rb").read()
        if not data.startswith(MAGIC):
            continue
        forged = forge(data, change)
        if forged != data:
            open(path, "wb").write(forged)
            count += 1
    print(count)


main()
