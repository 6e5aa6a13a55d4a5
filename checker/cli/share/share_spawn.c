/* share_spawn.c: the stage's own processes (clang-scan-deps, the PCH
 * builds), each to its end, its output to files of the temporary
 * directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "first_error.h"

#include "base/spawn.h"
#include "share_spawn.h"

void share_first_error(const char *path, char *out, size_t size)
{
	char *text = cli_read_all(path, NULL);

	out[0] = '\0';
	if (text)
		audit_first_error(NULL, text, out, size);
	free(text);
}

int share_run(const char *const *argv, const char *dir, const char *out,
	      const char *err, double timeout_s, char *why, size_t size)
{
	fs_spawn how = { argv, dir, { FS_SPAWN_FILE, out, NULL, NULL },
			 { FS_SPAWN_FILE, err, NULL, NULL }, timeout_s };
	fs_spawn_result r;
	int res = 0;

	memset(&r, 0, sizeof(r));
	if (fs_spawn_run(&how, &r)) {
		snprintf(why, size, "%s", r.why);
		res = -1;
	} else if (!fs_spawn_succeeded(&r)) {
		snprintf(why, size, "'%s' %s %d", argv[0],
			 r.end == FS_SPAWN_EXITED     ? "exited with status"
			 : r.end == FS_SPAWN_SIGNALED ? "was killed by signal"
						      : "timed out after (s)",
			 r.end == FS_SPAWN_TIMED_OUT ? (int)timeout_s : r.code);
		res = r.end == FS_SPAWN_EXITED ? 1 : -1;
	}
	fs_spawn_result_free(&r);
	return res;
}
