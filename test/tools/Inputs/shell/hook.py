"""hook.py: a shell through subprocess is found (6); an argv is not."""
import subprocess

subprocess.run(["flagspace", "audit"])
subprocess.run("flagspace audit", shell=True)
