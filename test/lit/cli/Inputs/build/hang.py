"""hang.py [--ignore-term]: a build step that never ends (the interrupt
tests stop the build while it runs); with --ignore-term, SIGTERM does not
stop it either. hang.py --write-ninja DIR writes DIR/build.ninja, whose
build compiles wrong.c and runs hang.py --ignore-term: ninja runs each job
in a process group of its own, and waits for it after SIGTERM."""
import os
import signal
import sys
import time

if sys.argv[1:2] == ["--write-ninja"]:
    with open(os.path.join(sys.argv[2], "build.ninja"), "w") as f:
        f.write("rule cc\n  command = cc -c $in -o $out\n"
                "rule hang\n  command = %s %s --ignore-term\n"
                "build wrong.o: cc wrong.c\n"
                "build hang: hang\n"
                "default wrong.o hang\n" % (sys.executable, os.path.abspath(__file__)))
    sys.exit(0)
if "--ignore-term" in sys.argv:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
while True:
    time.sleep(1)
