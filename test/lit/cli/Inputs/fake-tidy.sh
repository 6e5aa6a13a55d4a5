#!/bin/sh
# fake-tidy.sh: stands in for clang-tidy in the audit tests: hangs on
# hang.c, crashes on crash.c, else runs $REAL_CLANG_TIDY.
for arg in "$@"; do
	case "$arg" in
	*/hang.c) exec sleep 60 ;;
	*/crash.c) kill -SEGV $$ ;;
	esac
done
exec "$REAL_CLANG_TIDY" "$@"
