/* fix_apply.c: writes fix-its into one file of the audited tree, refusing
 * one that changed since it was analysed, through atomic_replace_at() (all
 * old or all new). */
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

int fix_apply_file(const char *root, const char *path,
		   const fix_edit *const *edits, size_t n, uint64_t hash,
		   char *why, size_t why_size)
{
	fix_target t;
	size_t len, new_len;
	char *old = NULL, *new_text;
	int res;

	if ((res = fix_open(root, path, &t, why, why_size)))
		;
	else if (!(old = cli_read_fd(t.fd, &len)))
		res = cli_set_why(why, why_size, "cannot read it: %s",
				  cli_strerror(errno));
	else if (cli_hash(old, len) != hash)
		res = cli_set_why(why, why_size, "it changed since it was "
				  "analysed");
	else if (!(res = check_edits(edits, n, len, why, why_size))) {
		new_text = edited(old, len, edits, n, &new_len);
		res = new_text ? atomic_replace_at(t.dirfd, t.dir, t.name,
						   &t.st, new_text, new_len,
						   why, why_size)
			       : cli_set_why(why, why_size, "out of memory");
		free(new_text);
	}
	free(old);
	fix_close(&t);
	return res;
}
