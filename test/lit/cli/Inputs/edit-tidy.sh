#!/bin/sh
# edit-tidy.sh: runs $REAL_CLANG_TIDY; when it analysed a file named
# $EDIT_WHEN, then appends a line to $EDIT_FILE, as a person editing that
# file during the audit would.
"$REAL_CLANG_TIDY" "$@"
status=$?
for arg in "$@"; do
	case "$arg" in
	*/"$EDIT_WHEN") echo '/* edited during the audit */' >> "$EDIT_FILE" ;;
	esac
done
exit $status
