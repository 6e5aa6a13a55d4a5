#!/bin/sh
# run-budget.sh: fuzz each harness for a fixed time, one after another, one
# process at a time, going on after a crash so that one run finds them all.
#
# usage: sh test/fuzz/run-budget.sh <build-dir> [seconds per harness] [harness...]
#
# <build-dir> was configured with clang and -DFLAGSPACE_FUZZ=ON (cmake/setup.sh
# test makes build/sanitize so). New inputs go to <build-dir>/test/fuzz/work/<t>,
# crashers to <build-dir>/test/fuzz/crashes/<t>/; copy the real ones to
# test/fuzz/regressions/<t>/ so that ctest replays them for good.
set -eu

[ $# -ge 1 ] || { echo "usage: sh $0 <build-dir> [seconds] [harness...]" >&2; exit 2; }
build=$(cd "$1" && pwd)
seconds=${2:-600}
if [ $# -ge 2 ]; then shift 2; else shift; fi
src=$(cd "$(dirname "$0")" && pwd)
dir="$build/test/fuzz"
harnesses=${*:-rules baseline decode tidy_yaml json}

for t in $harnesses; do
	exe="$dir/fuzz_$t"
	[ -x "$exe" ] || { echo "run-budget.sh: $exe is not built" >&2; exit 2; }
	mkdir -p "$dir/work/$t" "$dir/crashes/$t"
	echo "==> fuzz_$t for $seconds s"
	# -fork=1: one child at a time, restarted after a crash, timeout or OOM.
	"$exe" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
		-close_fd_mask=3 -timeout=10 -rss_limit_mb=2048 \
		-max_total_time="$seconds" -print_final_stats=1 \
		-artifact_prefix="$dir/crashes/$t/" \
		"$dir/work/$t" "$src/corpus/$t" 2>&1 | tail -n 25
	found=$(find "$dir/crashes/$t" -type f | wc -l)
	echo "==> fuzz_$t: $found crash/timeout/oom files in $dir/crashes/$t"
done
