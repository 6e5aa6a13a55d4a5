/* fileio.h: reading a whole file, and the hash that tells whether a file
 * is still the one that was analysed. */
#ifndef FS_FILEIO_H
#define FS_FILEIO_H

#include <stddef.h>
#include <stdint.h>

/* The contents of `path`, NUL-terminated, its length in *len (may be
 * NULL); malloc'd. NULL when it cannot be read (errno says why) or out of
 * memory. */
char *cli_read_all(const char *path, size_t *len);
/* The same from an open file, read from where it is to its end; the file
 * stays open. */
char *cli_read_fd(int fd, size_t *len);
/* The contents of `path` when it is a regular file, not a symbolic link:
 * a file others may have planted (a cache folder) is read without
 * following a link and without blocking on a FIFO. NULL otherwise, errno
 * ELOOP for a link, EINVAL for a file of another kind. */
char *cli_read_regular(const char *path, size_t *len);

/* 64-bit FNV-1a of `len` bytes (fs_fnv64, base/fnv.h): not cryptographic, but
 * a change a person or a tool makes to a file changes it. */
uint64_t cli_hash(const char *bytes, size_t len);

#endif
