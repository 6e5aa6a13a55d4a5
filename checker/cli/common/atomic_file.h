/* atomic_file.h: replacing a file so that it is, at every moment, either
 * all old or all new (a fix-it's source file, a baseline). */
#ifndef FS_ATOMIC_FILE_H
#define FS_ATOMIC_FILE_H

#include <stddef.h>
#include <sys/stat.h>

/* Writes `n` bytes of `s` to a temporary file beside `path`
 * (.<name>.flagspace-XXXXXX, removed by an interrupt), syncs it and
 * renames it over `path`. With `old` (path's state when it was read) the
 * new file gets its mode and owner; without, 0666 less the umask. Returns
 * 0, or -1 with the reason in `why` ("cannot write its new contents: no
 * space left on device"). */
int atomic_replace(const char *path, const struct stat *old, const char *s,
		   size_t n, char *why, size_t size);
/* The same for `name` in the folder open as `dirfd` (shown as `dir`):
 * only dirfd's folder is written, whatever its path leads to by then, and
 * a `name` that is a symbolic link is replaced, not followed. With `old`,
 * a `name` whose state (inode, size, modification time) differs from it
 * at the rename is refused. */
int atomic_replace_at(int dirfd, const char *dir, const char *name,
		      const struct stat *old, const char *s, size_t n,
		      char *why, size_t size);

#endif
