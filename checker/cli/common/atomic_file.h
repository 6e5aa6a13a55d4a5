/* atomic_file.h: replacing a file so that it is, at every moment, either
 * all old or all new (a fix-it's source file, a baseline). */
#ifndef FS_ATOMIC_FILE_H
#define FS_ATOMIC_FILE_H

#include <stddef.h>
#include <sys/stat.h>

/* Writes `n` bytes of `s` to a temporary file beside `path`
 * (.<name>.flagspace-XXXXXX, removed by an interrupt), syncs it and
 * renames it over `path`. With `old` (path's state when it was read) the
 * new file gets its mode and owner, and with `unchanged` set, a path
 * whose state differs from *old at the rename is refused; without `old`
 * it gets 0666 less the umask. Returns 0, or -1 with the reason in `why`
 * ("cannot write its new contents: no space left on device"). */
int atomic_replace(const char *path, const struct stat *old, int unchanged,
		   const char *s, size_t n, char *why, size_t size);

#endif
