/* share_spawn.h: running the shared-headers stage's processes. */
#ifndef FS_SHARE_SPAWN_H
#define FS_SHARE_SPAWN_H

#include <stddef.h>

/* Runs argv in dir (NULL: here) to its end, stdout to `out`, stderr to
 * `err`. Returns 0 when it exited with status 0, 1 when with another
 * (`why` says which), -1 with `why` when it did not start or was
 * stopped. */
int share_run(const char *const *argv, const char *dir, const char *out,
	      const char *err, double timeout_s, char *why, size_t size);

/* The first error line of the file at path (audit_first_error), into
 * out; "" when it cannot be read. */
void share_first_error(const char *path, char *out, size_t size);

#endif
