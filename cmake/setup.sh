#!/bin/sh
# setup.sh: install what flagspace needs on Debian bookworm, build it, and show the demo or run the tests.
#
# usage: sh cmake/setup.sh (demo | test)
#
#   demo  build build/llvm-14 and run the clang-tidy module on examples/demo/demo.c
#   test  build build/llvm-14, -19 and -22 one after another and run ctest in
#         each (19 and 22 include flagspace-clangd-N and its tests, which use
#         Neovim), then build/sanitize: everything of LLVM 14 built by clang 14
#         with ASan and UBSan, plus the fuzz harnesses, their regression
#         inputs and a short fuzz run (test/fuzz/). Exits non-zero if anything
#         failed. The last line is "N passed, N failed", ctest's counts summed
#         over the four builds (a build that fails to configure or compile
#         counts as one failure).
#
# Missing packages are installed with apt-get (as root); when every package is
# already installed, apt is not touched. Builds use at most 2 jobs.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JOBS=2
# Debian's own interpreter: lit and check_flagspace.py need nothing more.
PYTHON=/usr/bin/python3
BASE_PACKAGES="cmake ninja-build gcc g++ libc6-dev linux-libc-dev liburing-dev python3 libcmocka-dev libyaml-dev"
# Man pages developers may use; skipped when the
# distribution does not have them.
OPTIONAL_PACKAGES="manpages-dev"

say() { printf '==> %s\n' "$*"; }
die() { printf 'setup.sh: %s\n' "$*" >&2; exit 1; }

usage() {
	echo "usage: sh cmake/setup.sh (demo | test)" >&2
	exit 2
}

# flagspace-clangd-N links clangd's static libraries, which libclang-N-dev
# ships for 19 and 22 (14's lacks libclangdMain.a), and their remote index
# needs gRPC and protobuf (Debian's gRPC CMake package also names
# grpc_cpp_plugin, from protobuf-compiler-grpc).
CLANGD_PACKAGES="libgrpc++-dev libprotobuf-dev protobuf-compiler-grpc"
# The clangd-nvim test's editor; the test is skipped where apt has no neovim.
TEST_OPTIONAL_PACKAGES="neovim"

# build/sanitize: clang of this major builds everything with these flags; its
# runtime package has ASan, UBSan and libFuzzer (dpkg -S libclang_rt.fuzzer).
SANITIZE_MAJOR=14
SANITIZE_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
SANITIZE_PACKAGES="libclang-rt-$SANITIZE_MAJOR-dev"
# The packages test (test/packages/) builds the Debian packages with CPack
# (dpkg-shlibdeps finds their Depends) and checks them with lintian.
PACKAGING_PACKAGES="dpkg-dev lintian"
# The SARIF lit test validates with this npm package, fetched once into
# build/npm-cache so that the test runs offline: npx --offline --cache DIR.
SARIF_MULTITOOL="@microsoft/sarif-multitool@5.7.0"
NPM_CACHE="$ROOT/build/npm-cache"

# The packages to build and test for the LLVM majors given as arguments.
required_packages() {
	echo "$BASE_PACKAGES"
	clangd=""
	for major in "$@"; do
		echo "clang-tidy-$major libclang-$major-dev llvm-$major-dev" \
		     "llvm-$major-tools clang-$major clang-tools-$major"
		if [ "$major" -ge 19 ]; then
			clangd="$CLANGD_PACKAGES"
		fi
	done
	echo "$clangd"
}

# Other architectures' C library and kernel headers, for the per-architecture
# value checks (test/rules) and the -target lit tests: the Debian
# architecture each rules/arch-*.rules file names (debian=), but this
# machine's own. libgcc-12-dev-<arch>-cross makes clang find
# /usr/<triple>/include.
cross_packages() {
	native=$(dpkg --print-architecture 2>/dev/null || echo none)
	for arch in $(sed -n 's/^arch .* debian=\([A-Za-z0-9_]*\).*/\1/p' \
		"$ROOT"/rules/arch-*.rules); do
		[ "$arch" = "$native" ] && continue
		echo "libc6-dev-$arch-cross linux-libc-dev-$arch-cross" \
		     "libgcc-12-dev-$arch-cross"
	done
}

# The tools that read the CI integrations at the repository's root
# (test/ci): yamllint checks action.yml and .pre-commit-hooks.yaml (and
# brings PyYAML, with which the action's steps are run), pre-commit runs the
# hook with `pre-commit try-repo`; headless Chromium, driven through
# chromedriver by Selenium, opens the HTML report (test/ci/html_test.py).
CI_TOOL_PACKAGES="yamllint pre-commit chromium chromium-driver python3-selenium"

# `audit -- <build command>` runs builds under bear; its lit tests build
# tiny projects with make, CMake and Ninja (BASE_PACKAGES), meson, and
# autoconf with automake (test/lit/cli/audit-build-*.test).
BUILD_TOOL_PACKAGES="bear meson autoconf automake"

# What `test` needs beyond the builds: the sanitizer runtime, the other
# architectures' headers, the CI tools, the build tools of `audit --`, and
# npx for the SARIF validator.
# Debian's nodejs and npm only where no npx is installed (another Node.js,
# such as NodeSource's, brings its own npm, and Debian's npm package would
# conflict with it).
test_packages() {
	echo "$SANITIZE_PACKAGES $CI_TOOL_PACKAGES $PACKAGING_PACKAGES" \
	     "$BUILD_TOOL_PACKAGES"
	cross_packages
	command -v npx >/dev/null 2>&1 || echo "nodejs npm"
}

is_installed() {
	[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}

# True when apt knows a version of the package it could install.
has_candidate() {
	candidate=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
	[ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}

# Installs whatever the given majors need (and EXTRA_PACKAGES) and is not
# installed yet.
install_packages() {
	missing=""
	for p in $(required_packages "$@") ${EXTRA_PACKAGES:-}; do
		is_installed "$p" || missing="$missing $p"
	done
	optional=""
	for p in $OPTIONAL_PACKAGES; do
		is_installed "$p" || optional="$optional $p"
	done
	if [ -z "$missing" ]; then
		# Asking apt about an optional package costs no update when the
		# lists already have it; otherwise it is not worth one.
		wanted=""
		for p in $optional; do
			has_candidate "$p" && wanted="$wanted $p"
		done
		if [ -z "$wanted" ]; then
			say "all packages for LLVM $* are installed"
			return 0
		fi
	fi
	command -v apt-get >/dev/null 2>&1 ||
		die "missing packages:$missing$optional; this script installs them with apt-get (Debian)"
	[ "$(id -u)" = 0 ] ||
		die "missing packages:$missing$optional; run as root to install them"

	say "installing:$missing$optional"
	apt-get update
	install=""
	for p in $missing; do
		has_candidate "$p" || die "package '$p' is not available from apt (see apt-cache policy $p)"
		install="$install $p"
	done
	for p in $optional; do
		if has_candidate "$p"; then
			install="$install $p"
		else
			say "skipping optional package '$p': apt has no version of it"
		fi
	done
	# shellcheck disable=SC2086 # one word per package
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $install
}

# Configures and builds build/llvm-<major>; returns non-zero on failure. The
# prefix /usr gives Debian's layout, which the packages test (test/packages/)
# packages, installs with apt-get and removes again; nothing else installs.
build() {
	dir="$ROOT/build/llvm-$1"
	say "LLVM $1: configuring $dir"
	cmake -S "$ROOT" -B "$dir" -G Ninja \
		-DFLAGSPACE_LLVM_VERSION="$1" \
		-DCMAKE_INSTALL_PREFIX=/usr \
		-DPython3_EXECUTABLE="$PYTHON" || return 1
	say "LLVM $1: building"
	cmake --build "$dir" --parallel "$JOBS" || return 1
}

cmd_demo() {
	install_packages 14
	build 14 || die "the build for LLVM 14 failed"
	# Written by CMake: FLAGSPACE_CLANG_TIDY, FLAGSPACE_TIDY_PLUGIN.
	# shellcheck source=/dev/null
	. "$ROOT/build/llvm-14/flagspace-paths.sh"
	[ -n "$FLAGSPACE_TIDY_PLUGIN" ] ||
		die "this build has no clang-tidy module yet (checker/tidy/CMakeLists.txt is missing)"
	[ -f "$FLAGSPACE_TIDY_PLUGIN" ] ||
		die "the clang-tidy module '$FLAGSPACE_TIDY_PLUGIN' was not built"
	cd "$ROOT"
	say "flagspace on examples/demo/demo.c (see examples/demo/README.md)"
	echo "+ $FLAGSPACE_CLANG_TIDY --load=$FLAGSPACE_TIDY_PLUGIN -checks='-*,flagspace-*' examples/demo/demo.c -- -std=gnu11"
	"$FLAGSPACE_CLANG_TIDY" --load="$FLAGSPACE_TIDY_PLUGIN" -checks='-*,flagspace-*' \
		examples/demo/demo.c -- -std=gnu11
}

# Configures and builds build/sanitize; returns non-zero on failure.
# clang-tidy is not built with ASan, so it cannot load the sanitized plugin by
# itself: the build uses a clang-tidy wrapper that preloads clang's ASan
# runtime (leak checks off: clang-tidy does not free at exit). Left out
# there, as they load the plugin into a clang-tidy without that runtime (of
# other majors, or the one an installed copy of flagspace finds on PATH):
# version-guard, audit-cache-tools and audit-runner; the plain builds run them.
build_sanitize() {
	dir="$ROOT/build/sanitize"
	llvm="/usr/lib/llvm-$SANITIZE_MAJOR"
	runtime=$("$llvm/bin/clang" -print-file-name="libclang_rt.asan-$(uname -m).so")
	[ -f "$runtime" ] || { echo "setup.sh: no ASan runtime for clang $SANITIZE_MAJOR" >&2; return 1; }
	mkdir -p "$dir/asan-bin"
	cat >"$dir/asan-bin/clang-tidy" <<-EOF
	#!/bin/sh
	# Written by cmake/setup.sh: clang-tidy $SANITIZE_MAJOR with ASan's runtime loaded first.
	ASAN_OPTIONS=detect_leaks=0\${ASAN_OPTIONS:+:\$ASAN_OPTIONS} LD_PRELOAD="$runtime" \\
	  exec "$llvm/bin/clang-tidy" "\$@"
	EOF
	chmod +x "$dir/asan-bin/clang-tidy"
	say "sanitize: configuring $dir"
	cmake -S "$ROOT" -B "$dir" -G Ninja \
		-DFLAGSPACE_LLVM_VERSION="$SANITIZE_MAJOR" \
		-DFLAGSPACE_BUILD_CLANGD=OFF \
		-DCMAKE_C_COMPILER="$llvm/bin/clang" \
		-DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
		-DCMAKE_C_FLAGS="$SANITIZE_FLAGS" \
		-DCMAKE_CXX_FLAGS="$SANITIZE_FLAGS" \
		-DFLAGSPACE_CLANG_TIDY="$dir/asan-bin/clang-tidy" \
		-DFLAGSPACE_LIT_ARGS=--filter-out='version-guard|audit-cache-tools|audit-runner' \
		-DFLAGSPACE_FUZZ=ON \
		-DPython3_EXECUTABLE="$PYTHON" || return 1
	say "sanitize: building"
	cmake --build "$dir" --parallel "$JOBS" || return 1
}

# Fetches the SARIF validator into $NPM_CACHE unless it is there; without
# the network the SARIF test is skipped, not failed.
fetch_sarif_multitool() {
	command -v npx >/dev/null 2>&1 || { say "no npx: the SARIF validator test will be skipped"; return 0; }
	if npx --yes --offline --cache "$NPM_CACHE" "$SARIF_MULTITOOL" --version >/dev/null 2>&1; then
		say "$SARIF_MULTITOOL is in $NPM_CACHE"
		return 0
	fi
	say "fetching $SARIF_MULTITOOL into $NPM_CACHE"
	npx --yes --cache "$NPM_CACHE" "$SARIF_MULTITOOL" --version ||
		say "could not fetch $SARIF_MULTITOOL: the SARIF validator test will be skipped"
}

# Runs ctest in build/<name>, with more ctest arguments if given; sets ran
# and failed to its counts.
run_ctest() {
	dir="$ROOT/build/$1"
	log="$dir/ctest.log"
	say "$1: ctest"
	shift
	# The status goes through a file: the pipe into tee would hide it.
	{
		if ctest --test-dir "$dir" --output-on-failure "$@"; then
			echo 0 >"$dir/ctest.status"
		else
			echo $? >"$dir/ctest.status"
		fi
	} 2>&1 | tee "$log"
	status=$(cat "$dir/ctest.status")
	counts=$(sed -n 's/^[0-9]*% tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\).*/\1 \2/p' "$log" | tail -n 1)
	if [ -n "$counts" ]; then
		failed=${counts% *}
		ran=${counts#* }
	else
		failed=0
		ran=0
	fi
	# A ctest that failed without a count (it could not start, say) is one failure.
	if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
		failed=1
		ran=$((ran + 1))
	fi
}

# The flagspace packages installed now, one a line.
flagspace_packages() {
	dpkg-query -W -f='${Package} ${db:Status-Status}\n' 'flagspace*' 2>/dev/null |
		sed -n 's/ installed$//p'
}

# The packages test (test/packages/) installs the build's packages and
# removes them again; killed on the way (a ctest timeout), it would leave
# them in /usr to shadow the next build's tests. So after each ctest,
# every flagspace package that was not installed before the builds
# ($PACKAGES_BEFORE) is removed.
remove_left_packages() {
	left=""
	for p in $(flagspace_packages); do
		case " $PACKAGES_BEFORE " in
		*" $p "*) ;;
		*) left="$left $p" ;;
		esac
	done
	[ -n "$left" ] || return 0
	say "removing packages a test left installed:$left"
	# shellcheck disable=SC2086 # one word per package
	DEBIAN_FRONTEND=noninteractive apt-get remove -y $left ||
		say "could not remove:$left"
}

# Builds test build $1 with `$2 [$3]` and runs its ctest (with
# $CTEST_ARGS); adds the counts to the totals and a line to the summary.
test_build() {
	start=$(date +%s)
	if "$2" ${3:+"$3"}; then
		# shellcheck disable=SC2086 # one word per argument
		run_ctest "$1" ${CTEST_ARGS:-}
		remove_left_packages
		result="$((ran - failed)) passed, $failed failed"
	else
		ran=1
		failed=1
		result="build FAILED"
	fi
	passed_total=$((passed_total + ran - failed))
	failed_total=$((failed_total + failed))
	summary="$summary
  $1: $result ($(($(date +%s) - start)) s)"
}

cmd_test() {
	majors="14 19 22"
	OPTIONAL_PACKAGES="$OPTIONAL_PACKAGES $TEST_OPTIONAL_PACKAGES"
	EXTRA_PACKAGES=$(test_packages)
	# shellcheck disable=SC2086 # one argument per major
	install_packages $majors
	fetch_sarif_multitool
	PACKAGES_BEFORE=$(flagspace_packages | tr '\n' ' ')
	passed_total=0
	failed_total=0
	summary=""
	for major in $majors; do
		test_build "llvm-$major" build "$major"
	done
	# The fuzz runs are one process each: run them beside the others.
	# The installed plugin is ASan-built: stock clang-tidy cannot load it
	# without the runtime the build preloads (as for version-guard).
	CTEST_ARGS="--parallel $JOBS -E ^install$"
	test_build sanitize build_sanitize
	say "summary:$summary"
	echo "$passed_total passed, $failed_total failed"
	[ "$failed_total" = 0 ]
}

[ $# -eq 1 ] || usage
case $1 in
demo) cmd_demo ;;
test) cmd_test ;;
*) usage ;;
esac
