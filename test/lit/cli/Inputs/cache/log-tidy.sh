#!/bin/sh
# log-tidy.sh: stands in for clang-tidy in the cache tests: appends the
# name of each source file it is given to $TIDY_LOG (the units analysed,
# not replayed from the cache), crashes on crash.c, else runs
# $REAL_CLANG_TIDY.
for arg in "$@"; do
	case "$arg" in
	*.c) echo "${arg##*/}" >> "$TIDY_LOG" ;;
	esac
done
for arg in "$@"; do
	case "$arg" in
	*/crash.c) kill -SEGV $$ ;;
	esac
done
exec "$REAL_CLANG_TIDY" "$@"
