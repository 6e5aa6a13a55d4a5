"""install_copy.py FLAGSPACE PLUGIN DEST: lays out an install of the command
in DEST: DEST/bin/flagspace, a copy of FLAGSPACE, and the plugin with its
checks module in the folder where that copy looks for plugins (the
"plugins:" line of its --version). No flagspace-runner-N is copied."""
import os
import shutil
import subprocess
import sys

flagspace, plugin, dest = sys.argv[1:4]
bindir = os.path.join(dest, "bin")
os.makedirs(bindir, exist_ok=True)
copy = os.path.join(bindir, "flagspace")
shutil.copy2(flagspace, copy)
out = subprocess.run([copy, "--version"], stdout=subprocess.PIPE,
                     universal_newlines=True, check=True).stdout
plugins = next(l.split(": ", 1)[1] for l in out.splitlines() if l.startswith("plugins: "))
os.makedirs(plugins, exist_ok=True)
folder, name = os.path.split(os.path.realpath(plugin))
checks = name.replace("flagspace-tidy-", "flagspace-tidy-checks-", 1)
for each in (name, checks):
    shutil.copy2(os.path.join(folder, each), plugins)
