#!/bin/sh
# cut-yaml-tidy.sh: stands in for clang-tidy in audit-unreadable-yaml.test:
# runs $REAL_CLANG_TIDY, then, when also.c is one of the files, cuts its
# --export-fixes YAML short inside the first message's quotes, as a full
# disk would.
fixes=
cut=
for arg in "$@"; do
	case "$arg" in
	--export-fixes=*) fixes=${arg#--export-fixes=} ;;
	*/also.c) cut=1 ;;
	esac
done
"$REAL_CLANG_TIDY" "$@"
status=$?
if [ -n "$cut" ]; then
	at=$(grep -b -o "Message: *'" "$fixes" | head -n 1 | cut -d: -f1)
	head -c $((at + 30)) "$fixes" >"$fixes.cut"
	mv "$fixes.cut" "$fixes"
fi
exit $status
