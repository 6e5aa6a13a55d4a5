/* fuzz_prefilter.c: libFuzzer harness for the prefilter's reading of
 * source files (checker/cli/plan/prefilter_scan.c, prefilter_paste.c,
 * prefilter_closure.c): the files of a hostile repository.
 *
 * The input is one source file (in a memfd). It is scanned, the macro
 * closure is computed over its #defines with the built-in rules, and one
 * property of the closure is checked: a macro whose body names a flag the
 * rules know is a trigger itself. */
#define _GNU_SOURCE		/* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "prefilter.h"

static int fd = -1;
static char path[64];
static fs_rules *rules;
static strset watch;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const watched[] = { "PIC", "__PIC__", "NDEBUG",
					       "O_CLOEXEC" };

	(void)argc;
	(void)argv;
	if ((fd = memfd_create("source", 0)) < 0)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	rules = fs_rules_new();
	if (!rules || fs_rules_add_builtin(rules, NULL, NULL))
		abort();
	for (size_t i = 0; i < sizeof(watched) / sizeof(watched[0]); i++)
		if (strset_put(&watch, watched[i], 0))
			abort();
	return 0;
}

static int names_flag(const pf_define *d)
{
	for (size_t i = 0; i < d->body.count; i++)
		if (fs_rules_name_role(rules, d->body.items[i]) ==
			    FS_ROLE_FLAG &&
		    !pf_strs_has(&d->params, d->body.items[i]))
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pf_file f = { .path = path, .names_record = -1 };
	pf_names names = { .rules = rules };

	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	if (pf_scan_file(&f, &watch) || !f.readable)
		abort();
	if (pf_names_close(&names, &f, 1))
		abort();
	for (size_t i = 0; i < f.defines.count; i++)
		if (names_flag(&f.defines.items[i]) &&
		    !pf_names_trigger(&names, f.defines.items[i].name))
			abort();	/* the closure lost a macro */
	for (size_t i = 0; i < f.idents.count; i++)
		(void)pf_names_trigger(&names, f.idents.items[i]);
	pf_names_free(&names);
	pf_file_free(&f);
	return 0;
}
