"""interrupt.py [--build] SIGNAL WORK_DIR COMMAND...: runs COMMAND with
TMPDIR set to WORK_DIR/tmp (created empty), waits until one of its
clang-tidy workers runs, sends SIGNAL (INT, TERM or HUP) to the command
alone, and prints what it left: its exit status, the workers still alive,
the files in TMPDIR and the .*.flagspace-* files under WORK_DIR. The
signals start at their default action whatever lit's own are.

With --build (audit -- <build>), it waits until the build runs hang.py
instead, and the workers are every process whose command line names
WORK_DIR: bear, make or ninja run with -C WORK_DIR/..., hang.py."""
import os
import signal
import subprocess
import sys
import time

build = sys.argv[1] == "--build"
if build:
    del sys.argv[1]
sig = getattr(signal, "SIG" + sys.argv[1])
work = os.path.abspath(sys.argv[2])
tmp = os.path.join(work, "tmp")
os.makedirs(tmp, exist_ok=True)
for name in os.listdir(tmp):
    sys.exit("interrupt.py: %s is not empty" % tmp)


def default_signals():
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


def is_worker(words):
    if build:
        return any(work in w for w in words)
    return any(tmp in w for w in words) and "clang-tidy" in words[0]


def workers(name=None):
    """The pids of clang-tidy processes that write under tmp, or with
    --build, of the build's processes (only those whose command line holds
    `name`, if given)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                words = f.read().decode("utf-8", "replace").split("\0")
            with open("/proc/%s/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and is_worker(words) and \
                (name is None or any(name in w for w in words)):
            found.append(int(pid))
    return found


env = dict(os.environ, TMPDIR=tmp)
proc = subprocess.Popen(sys.argv[3:], env=env, preexec_fn=default_signals,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 60
while not workers("hang.py" if build else None) and proc.poll() is None \
        and time.time() < deadline:
    time.sleep(0.05)
if proc.poll() is not None:
    sys.exit("interrupt.py: the command ended (%d) before a worker ran" % proc.returncode)
time.sleep(0.5)
proc.send_signal(sig)
try:
    status = proc.wait(timeout=30)
except subprocess.TimeoutExpired:
    proc.kill()
    status = proc.wait()
    print("still running 30 s after the signal")
time.sleep(0.2)
left = workers()
print("exit status: %d" % (128 - status if status < 0 else status))
print("workers left: %d" % len(left))
print("temporary files left: %s" % sorted(os.listdir(tmp)))
fix_temps = [os.path.join(d, f) for d, _, files in os.walk(work) for f in files
             if f.startswith(".") and ".flagspace-" in f]
print("fix temporary files left: %s" % fix_temps)
for pid in left:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
