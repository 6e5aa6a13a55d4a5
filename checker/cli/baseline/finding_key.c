/* finding_key.c: a finding's key, made of what stays when lines above it
 * move it: its check, file, message and the text of its source line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding_key.h"
#include "base/fnv.h"

/* FNV-1a of line `n` of `file` with its blanks removed; 0 when unreadable. */
static unsigned long line_hash(const char *file, unsigned n)
{
	FILE *f = fopen(file, "r");
	uint32_t h = FS_FNV32_INIT;
	unsigned at = 1;
	int c;

	if (!f)
		return 0;
	while (at < n && (c = getc(f)) != EOF)
		at += c == '\n';
	while ((c = getc(f)) != EOF && c != '\n')
		if (c != ' ' && c != '\t' && c != '\r')
			h = fs_fnv32_byte(h, (unsigned char)c);
	fclose(f);
	return h;
}

const char *audit_relative(const char *file, const char *cwd)
{
	size_t n = strlen(cwd);

	if (n > 1 && !strncmp(file, cwd, n) && file[n] == '/')
		return file + n + 1;
	return file;
}

char *audit_finding_key(const audit_finding *f, const char *cwd)
{
	const char *file = audit_relative(f->file, cwd);
	size_t len = strlen(f->check) + strlen(file) + strlen(f->message) + 16;
	char *key = malloc(len);

	if (!key)
		return NULL;
	snprintf(key, len, "%s\t%s\t%08lx\t%s", f->check, file,
		 line_hash(f->file, f->line), f->message);
	/* A key is one line of the baseline, read back with a CRLF end
	 * taken off: a line break in a message or path is a blank there. */
	for (char *p = key; *p; p++)
		if (*p == '\r' || *p == '\n')
			*p = ' ';
	return key;
}
