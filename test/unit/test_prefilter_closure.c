/* test_prefilter_closure.c: which macros the prefilter watches for: those
 * whose body names a flag, and those whose ## pastes can make one, also
 * through a call of one macro by another (checker/cli/plan/prefilter_closure.c
 * and prefilter_paste.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter_helpers.h"
#include "unit_helpers.h"

static fs_rules *rules;
static pf_file file;
static pf_names names;

static int setup(void **state)
{
	rules = fs_rules_new();
	assert_non_null(rules);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	*state = rules;
	return 0;
}

/* Scans `text` as one header and closes the names over its macros. */
static void close_over(const char *text)
{
	scan_source(&file, text);
	memset(&names, 0, sizeof(names));
	names.rules = rules;
	assert_int_equal(pf_names_close(&names, &file, 1), 0);
}

static void release(void)
{
	pf_file_free(&file);
	pf_names_free(&names);
}

#define WATCHED(name) assert_true(pf_names_trigger(&names, name))
#define NOT_WATCHED(name) assert_false(pf_names_trigger(&names, name))

static void bodies_that_name_flags(void **state)
{
	(void)state;
	close_over("#define MY_FLAGS (O_RDONLY | AT_REMOVEDIR)\n"
		   "#define MORE (MY_FLAGS | 1)\n"
		   "#define HOW struct open_how\n"
		   "#define QUIET (1 | 2)\n"
		   "#define PARAM(O_RDONLY) O_RDONLY\n");
	WATCHED("O_RDONLY");
	WATCHED("MY_FLAGS");
	WATCHED("MORE");
	WATCHED("HOW");		/* a struct checked with no flag */
	NOT_WATCHED("QUIET");
	NOT_WATCHED("PARAM");	/* the name is its parameter's */
	NOT_WATCHED("SYS_openat");	/* names a call, no flag */
	release();
}

static void what_pastes_can_make(void **state)
{
	(void)state;
	close_over("#define MASK(m) m ## _debug_mask\n"
		   "#define OFLAG(x) O_ ## x\n"
		   "#define FIXED O_ ## WR ## ONLY\n"
		   "#define NOFLAG LIB_ ## CXT\n"
		   "#define ANY(a, b) a ## b\n");
	NOT_WATCHED("MASK");
	WATCHED("OFLAG");
	WATCHED("FIXED");
	NOT_WATCHED("NOFLAG");
	WATCHED("ANY");
	release();
}

static void pastes_through_calls(void **state)
{
	(void)state;
	close_over("#define X_DBG(l, p, m) ((p ## m) & l ## _mask)\n"
		   "#define DBG(m) X_DBG(lib, LIB_DEBUG_, m)\n"
		   "#define OFLAG2(m) X_DBG(lib, O_, m)\n"
		   "#define PASSED_ON X_DBG\n"
		   "#define J(a, b) a ## b\n"
		   "#define XJ(a, b) J(a, b)\n"
		   "#define PFX O_\n"
		   "#define VIA_MACRO(m) XJ(PFX, m)\n"
		   "#define VIA_WORD(m) XJ(LIB_, m)\n"
		   "#define NUMBER(v) J(v, U)\n"
		   "#define MAX NUMBER(4294967295)\n");
	WATCHED("X_DBG");	/* p ## m may make anything */
	NOT_WATCHED("DBG");	/* LIB_DEBUG_... and lib_mask only */
	WATCHED("OFLAG2");
	/* A pasting macro named, not called: its arguments are not known. */
	WATCHED("PASSED_ON");
	/* An argument that is a macro is expanded first: anything. */
	WATCHED("VIA_MACRO");
	NOT_WATCHED("VIA_WORD");
	WATCHED("NUMBER");
	NOT_WATCHED("MAX");	/* 4294967295U is a number */
	release();
}

/* A chain of macros each calling the next, defined in reverse: the work
 * list follows it without evaluating every macro again per link (20 000
 * links took minutes that way, a hostile header could hang the audit). */
static void long_chains_close_fast(void **state)
{
	enum { LINKS = 20000 };
	char *text = malloc((size_t)LINKS * 48);
	size_t len = 0;

	(void)state;
	assert_non_null(text);
	for (int k = LINKS - 1; k > 0; k--)
		len += (size_t)sprintf(text + len, "#define C%d(a, b) C%d(a, b)\n",
				       k, k - 1);
	sprintf(text + len, "#define C0(a, b) a ## b\n");
	close_over(text);
	WATCHED("C19999");
	release();
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bodies_that_name_flags),
		cmocka_unit_test(what_pastes_can_make),
		cmocka_unit_test(pastes_through_calls),
		cmocka_unit_test(long_chains_close_fast),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
