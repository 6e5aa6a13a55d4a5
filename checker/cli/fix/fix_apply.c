/* fix_apply.c: writes fix-its into one file, refusing one that changed
 * since it was analysed, through atomic_replace() (all old or all new). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cli.h"
#include "fileio.h"
#include "fix.h"

/* The old contents with the edits made; NULL when out of memory. */
static char *edited(const char *old, size_t len, const fix_edit *const *e,
		    size_t n, size_t *new_len)
{
	size_t size = len + 1, at = 0, o = 0;
	char *s;

	for (size_t i = 0; i < n; i++)
		size += strlen(e[i]->text);
	if (!(s = malloc(size)))
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t t = strlen(e[i]->text);

		memcpy(s + o, old + at, e[i]->offset - at);
		o += e[i]->offset - at;
		memcpy(s + o, e[i]->text, t);
		o += t;
		at = e[i]->offset + e[i]->length;
	}
	memcpy(s + o, old + at, len - at);
	o += len - at;
	s[o] = '\0';
	*new_len = o;
	return s;
}

static int check_edits(const fix_edit *const *e, size_t n, size_t len,
		       char *why, size_t size)
{
	for (size_t i = 0; i < n; i++)
		if (e[i]->offset > len || e[i]->length > len - e[i]->offset)
			return cli_set_why(why, size, "a fix lies past its end");
	return 0;
}

int fix_apply_file(const char *path, const fix_edit *const *edits, size_t n,
		   uint64_t hash, char *why, size_t why_size)
{
	struct stat st;
	size_t len, new_len;
	char *old, *new_text;
	int res;

	if (lstat(path, &st))
		return cli_set_why(why, why_size, "cannot read it: %s",
			      cli_strerror(errno));
	if (!S_ISREG(st.st_mode))
		return cli_set_why(why, why_size, "it is not a regular file");
	if (st.st_nlink > 1)
		return cli_set_why(why, why_size, "it has %lu hard links, which "
			      "the rename would split",
			      (unsigned long)st.st_nlink);
	if (access(path, W_OK))
		return cli_set_why(why, why_size, "it is not writable: %s",
			      cli_strerror(errno));
	if (!(old = cli_read_all(path, &len)))
		return cli_set_why(why, why_size, "cannot read it: %s",
			      cli_strerror(errno));
	if (cli_hash(old, len) != hash)
		res = cli_set_why(why, why_size, "it changed since it was analysed");
	else if (!(res = check_edits(edits, n, len, why, why_size))) {
		new_text = edited(old, len, edits, n, &new_len);
		res = new_text ? atomic_replace(path, &st, 1, new_text,
						new_len, why, why_size)
			       : cli_set_why(why, why_size, "out of memory");
		free(new_text);
	}
	free(old);
	return res;
}
