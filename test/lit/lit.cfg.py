# lit.cfg.py: how lit runs flagspace's clang-tidy tests; the paths come from the generated lit.site.cfg.py.
#
# Substitutions a test can use:
#   %check_flagspace    python3 check_flagspace.py with this build's clang-tidy,
#                       plugin and FileCheck (usage: see check_flagspace.py)
#   %clang_tidy         clang-tidy of the major this build is for
#   %flagspace_plugin   the flagspace-tidy-N.so module
#   %flagspace          the flagspace command line (feature flagspace-cli)
#   %flagspace_version  the project's version (CMake's project(VERSION))
#   %rules_dir          <source>/rules
#   %llvm_major         14, 19 or 22
#   %other_clang_tidy   clang-tidy of another installed major (feature other-major)
#   %other_llvm_major   that major
#   %python             the Python running lit
# Features: llvm-N for this build's major, other-major, flagspace-plugin (the
# build has the flagspace-tidy target), flagspace-cli (it has the flagspace
# command), target-<triple> (that architecture's headers are installed),
# flagspace-runner (the build has flagspace-runner-N, as %flagspace_runner),
# runner (this run's clang-tidy is the runner: see below).
#
# `lit --param runner=1` runs every check with flagspace-runner-N in place
# of clang-tidy and the plugin: %check_flagspace and `%clang_tidy
# --load=%flagspace_plugin` run the runner (which has the checks built in);
# the tests of the plugin's own loading are UNSUPPORTED there.
# FileCheck's directory is first on PATH, so a bare `FileCheck` works.

import os
import shlex
import sys

import lit.formats

config.name = "flagspace"

if not hasattr(config, "llvm_major"):
    lit_config.fatal(
        "run lit on a build directory, e.g. `lit -sv build/llvm-14/test/lit`, "
        "not on the source directory: the paths come from the generated lit.site.cfg.py")

config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
# Helper files are not tests: Inputs/ holds what tests include or feed in.
config.excludes = ["Inputs", "check_flagspace.py", "lit.cfg.py", "lit.site.cfg.py",
                   "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.flagspace_obj_root, "test", "lit")

for tool, path in (("clang-tidy", config.clang_tidy), ("FileCheck", config.filecheck)):
    if not os.access(path, os.X_OK):
        lit_config.fatal("%s not found at '%s'; reconfigure the build" % (tool, path))

plugin = config.flagspace_plugin
if config.flagspace_plugin_target:
    if not os.path.exists(plugin):
        lit_config.fatal(
            "flagspace plugin '%s' is not built; run `cmake --build %s` first"
            % (plugin, config.flagspace_obj_root))
    config.available_features.add("flagspace-plugin")
else:
    lit_config.note(
        "this build has no flagspace-tidy target: every test that loads the "
        "plugin will fail on the missing file '%s'" % plugin)

config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(config.filecheck), config.environment.get("PATH", "")])

# `audit` shares headers through a PCH when clang-scan-deps and clang are
# beside clang-tidy, as Debian installs them (checker/cli/share/).
real_tidy = os.path.realpath(config.clang_tidy)
scan_deps = os.path.join(os.path.dirname(real_tidy), "clang-scan-deps" +
                         os.path.basename(real_tidy)[len("clang-tidy"):])
if os.access(scan_deps, os.X_OK):
    config.available_features.add("clang-scan-deps")

runner = getattr(config, "flagspace_runner", "")
if runner:
    config.available_features.add("flagspace-runner")
else:
    runner = "/this-build-has-no-flagspace-runner/flagspace-runner"
use_runner = lit_config.params.get("runner", "") not in ("", "0")
if use_runner:
    if not os.access(runner, os.X_OK):
        lit_config.fatal("--param runner=1: flagspace-runner '%s' is not built" % runner)
    config.available_features.add("runner")
tidy = runner if use_runner else config.clang_tidy

python = sys.executable
check_flagspace = " ".join(shlex.quote(word) for word in (
    python,
    os.path.join(config.test_source_root, "check_flagspace.py"),
    "--clang-tidy=" + tidy,
    "--plugin=" + ("" if use_runner else plugin),
    "--filecheck=" + config.filecheck,
))

# The highest other major: the one most unlike this build's when it is 14.
other_majors = sorted(config.other_clang_tidy, key=int)
if other_majors:
    other_major = other_majors[-1]
    other_clang_tidy = config.other_clang_tidy[other_major]
    config.available_features.add("other-major")
else:
    other_major = "none"
    other_clang_tidy = "/no-other-llvm-major-is-installed/clang-tidy"

config.available_features.add("llvm-" + config.llvm_major)

# The architectures' headers (Debian's cross packages, which cmake/setup.sh
# installs, or this machine's own): feature target-<triple> for each
# triple= of a rules/arch-*.rules file where clang finds them, so that a
# `REQUIRES: target-aarch64-linux-gnu` test is skipped, with this note as
# the reason, where they are absent.
def arch_triples():
    import glob
    import re
    for path in sorted(glob.glob(os.path.join(
            config.flagspace_src_root, "rules", "arch-*.rules"))):
        with open(path) as f:
            for line in f:
                m = re.match(r"arch .*\btriple=(\S+) debian=(\S+)", line)
                if m:
                    yield m.group(1), m.group(2)


for triple, arch in arch_triples():
    if (os.path.isfile("/usr/include/%s/bits/fcntl.h" % triple) or
            (os.path.isfile("/usr/%s/include/fcntl.h" % triple) and
             os.path.isdir("/usr/lib/gcc-cross/%s" % triple))):
        config.available_features.add("target-" + triple)
    else:
        lit_config.note(
            "no C library headers for %s: its -target tests are skipped "
            "(install libc6-dev-%s-cross, linux-libc-dev-%s-cross and "
            "libgcc-12-dev-%s-cross)" % (triple, arch, arch, arch))

cli = getattr(config, "flagspace_cli", "")
if cli:
    config.available_features.add("flagspace-cli")
else:
    cli = "/this-build-has-no-flagspace-command/flagspace"

# Longer names first: lit applies substitutions in order.
if use_runner:
    # The runner has the checks built in: nothing to load.
    config.substitutions.append(("--load=%flagspace_plugin", ""))
config.substitutions.extend([
    ("%check_flagspace", check_flagspace),
    ("%flagspace_runner", shlex.quote(runner)),
    ("%flagspace_plugin", shlex.quote(plugin)),
    ("%flagspace_version", config.flagspace_version),
    # After %flagspace_plugin, and never a prefix of a longer name.
    ("%flagspace(?![A-Za-z0-9_])", shlex.quote(cli)),
    ("%other_clang_tidy", shlex.quote(other_clang_tidy)),
    ("%other_llvm_major", other_major),
    ("%clang_tidy", shlex.quote(tidy)),
    # After %clang_tidy, and never a prefix of a longer name.
    ("%clang(?![A-Za-z0-9_])", shlex.quote(config.clang)),
    ("%rules_dir", shlex.quote(os.path.join(config.flagspace_src_root, "rules"))),
    ("%llvm_major", config.llvm_major),
    ("%python", shlex.quote(python)),
])
