"""owner.py (give | show) FILE: `give` hands FILE to uid and gid 65534 when
run as root (a file of another user, which --fix must keep so); `show`
prints its owner and mode."""
import os
import sys

what, path = sys.argv[1], sys.argv[2]
if what == "give":
    if os.geteuid() == 0:
        os.chown(path, 65534, 65534)
else:
    st = os.stat(path)
    print("uid=%d gid=%d mode=%o" % (st.st_uid, st.st_gid, st.st_mode & 0o7777))
