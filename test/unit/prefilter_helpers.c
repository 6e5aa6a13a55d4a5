/* prefilter_helpers.c: shared by the prefilter's unit tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter_helpers.h"
#include "unit_helpers.h"

void scan_source(pf_file *f, const char *text)
{
	char path[] = "/tmp/test_prefilter_XXXXXX";
	int fd = mkstemp(path);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;

	assert_non_null(out);
	fputs(text, out);
	fclose(out);
	memset(f, 0, sizeof(*f));
	f->path = path;
	assert_int_equal(pf_scan_file(f, NULL), 0);
	unlink(path);
	f->path = NULL;
}
