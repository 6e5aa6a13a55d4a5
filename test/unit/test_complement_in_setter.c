/* test_complement_in_setter.c: flagspace-complement-in-setter
 * (check_complement_in_setter.c): a complement (~FLAG) given to an
 * argument that replaces the flags turns on every other flag it reads;
 * and the rules' complement= and complement-note= attributes. */
#define _POSIX_C_SOURCE 200809L	/* strtok_r */
#include <stdio.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;

/* fcntl as the built-in rules say, cut down: F_SETFL replaces two status
 * flags and says what a complement does, F_SETFD replaces FD_CLOEXEC and
 * says nothing (misbehaves), F_GETFL is the getter of O_ flags. */
static const char *const own_rules =
	"namespace O prefix=O_\nO_APPEND 0x400\nO_NONBLOCK 0x800\n"
	"O_DIRECT 0x4000\nO_CLOEXEC 0x80000\n"
	"namespace FD prefix=FD_\nFD_CLOEXEC 1\n"
	"namespace F prefix=F_ kind=enum\nF_GETFD 1\nF_SETFD 2\nF_GETFL 3\n"
	"F_SETFL 4\nF_SETOWN 8\n"
	"call fcntl cmd(1) F\n"
	"call fcntl arg(2) FD replaces when=cmd(1):F_SETFD\n"
	"call fcntl arg(2) O:APPEND,NONBLOCK,DIRECT replaces "
	"when=cmd(1):F_SETFL complement=einval "
	"complement-note=\"O_DIRECT fails\"\n"
	"call fcntl arg(2) O:APPEND when=cmd(1):F_SETOWN\n"
	"result fcntl O when=cmd(1):F_GETFL\n";

static int setup(void **state)
{
	rules = rules_from(own_rules);
	*state = rules;
	return 0;
}

/* Checks fcntl(fd, CMD, <arg>), the argument in prefix order as
 * test_algebra.c writes it ("~ O_NONBLOCK"; a lower-case word is not a
 * constant). Returns "<check> <slot>:<term> <consequence> <fails_with>
 * <message>" lines. */
static const char *check(const char *cmd, const char *arg)
{
	static char out[2048], buf[256];
	static fs_term terms[3][8];
	static fs_node nodes[16];
	fs_value args[3] = { { terms[0], 0, 1, NULL, 0 },
			     { terms[1], 1, 0, NULL, 0 },
			     { terms[2], 0, 0, nodes, 0 } };
	fs_findings f = { 0 };
	fs_call call = { "fcntl", args, 3, NULL, { { 0 }, { 0 } } };
	size_t len = 0;
	char *save = NULL;

	memset(terms, 0, sizeof(terms));
	terms[1][0] = (fs_term){ cmd, 0, 0, FS_TERM_FIXABLE };
	args[1] = term_value(&terms[1][0]);
	snprintf(buf, sizeof(buf), "%s", arg);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		fs_node *n = &nodes[args[2].nnodes++];

		n->op = !strcmp(w, "~") ? FS_OP_NOT : !strcmp(w, "|") ? FS_OP_OR
			: !strcmp(w, "&") ? FS_OP_AND : !strcmp(w, "?:")
			? FS_OP_COND : w[0] >= 'a' ? FS_OP_UNKNOWN : FS_OP_TERM;
		if (n->op != FS_OP_TERM)
			continue;
		n->term = args[2].nterms;
		terms[2][args[2].nterms++] = (fs_term){ w, 0, 0,
							FS_TERM_FIXABLE };
	}
	assert_int_equal(fs_check_call(rules, &call, &f), 0);
	out[0] = '\0';
	for (size_t i = 0; i < f.count; i++)
		len += (size_t)snprintf(out + len, sizeof(out) - len,
			"%s %zu:%zu %s %s %s\n", fs_check_name(f.items[i].check),
			f.items[i].slot, f.items[i].term,
			fs_consequence_name(f.items[i].consequence),
			f.items[i].fails_with ? f.items[i].fails_with : "-",
			f.items[i].message);
	fs_findings_free(&f);
	return out;
}

static void named_in_checks_def(void **state)
{
	(void)state;
	assert_string_equal(fs_check_name(FS_CHECK_COMPLEMENT_IN_SETTER),
			    "flagspace-complement-in-setter");
}

static void complement_turns_on_the_others(void **state)
{
	(void)state;
	assert_string_equal(check("F_SETFL", "~ O_NONBLOCK"),
		"flagspace-complement-in-setter 2:0 fails EINVAL ~O_NONBLOCK "
		"in fcntl(F_SETFL) arg turns on O_APPEND and O_DIRECT, as the "
		"call replaces the flags with its argument (O_DIRECT fails); "
		"to clear O_NONBLOCK alone, pass the fcntl(F_GETFL) result & "
		"~O_NONBLOCK\n");
	/* On one path only, as the arm of ?: that clears. */
	assert_string_equal(check("F_SETFL", "?: on O_NONBLOCK ~ O_NONBLOCK"),
		"flagspace-complement-in-setter 2:1 fails EINVAL ~O_NONBLOCK "
		"in fcntl(F_SETFL) arg turns on O_APPEND and O_DIRECT, as the "
		"call replaces the flags with its argument (O_DIRECT fails); "
		"to clear O_NONBLOCK alone, pass the fcntl(F_GETFL) result & "
		"~O_NONBLOCK\n");
	/* A flag named beside it is asked for. */
	assert_string_equal(check("F_SETFL", "| ~ | O_NONBLOCK O_APPEND O_APPEND"),
		"flagspace-complement-in-setter 2:0 fails EINVAL "
		"~(O_NONBLOCK|O_APPEND) in fcntl(F_SETFL) arg turns on "
		"O_DIRECT, as the call replaces the flags with its argument "
		"(O_DIRECT fails); to clear O_NONBLOCK|O_APPEND alone, pass the "
		"fcntl(F_GETFL) result & ~(O_NONBLOCK|O_APPEND)\n");
}

/* Per call, what it reads: F_SETFD keeps FD_CLOEXEC alone, which the
 * complement clears as meant; a clear of the current flags, and an
 * argument that does not replace, are no complement given. */
static void what_was_meant_is_silent(void **state)
{
	(void)state;
	assert_string_equal(check("F_SETFD", "~ FD_CLOEXEC"), "");
	assert_string_equal(check("F_SETFL", "& flags ~ O_NONBLOCK"), "");
	assert_string_equal(check("F_SETFL", "& ~ O_NONBLOCK O_APPEND"), "");
	assert_string_equal(check("F_SETOWN", "~ O_APPEND"), "");
	assert_string_equal(check("F_SETFL", "| O_NONBLOCK O_APPEND"), "");
}

/* Without complement=, turning flags on misbehaves; with no getter in
 * the rules, the message says to clear it in the current flags. */
static void default_class_and_no_getter(void **state)
{
	fs_rules *own = rules_from(
		"namespace S prefix=S_\nS_A 1\nS_B 2\n"
		"call setter word(0) S replaces\n");
	fs_term t = { "S_A", 0, 0, FS_TERM_FIXABLE };
	fs_node n[2] = { { FS_OP_NOT, 0 }, { FS_OP_TERM, 0 } };
	fs_value arg = { &t, 1, 0, n, 2 };
	fs_call call = { "setter", &arg, 1, NULL, { { 0 }, { 0 } } };
	fs_findings f = { 0 };

	(void)state;
	assert_int_equal(fs_check_call(own, &call, &f), 0);
	assert_int_equal(f.count, 1);
	assert_string_equal(f.items[0].message,
		"~S_A in setter() word turns on S_B, as the call replaces the "
		"flags with its argument; to clear S_A alone, pass the current "
		"flags & ~S_A");
	assert_string_equal(fs_consequence_name(f.items[0].consequence),
			    "misbehaves");
	assert_null(f.items[0].fails_with);
	fs_findings_free(&f);
	fs_rules_free(own);
}

/* complement= and complement-note= go with replaces, and complement=
 * names what a complement does. */
static void attributes_are_checked(void **state)
{
	fs_rules *own = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(own, "namespace S prefix=S_\nS_A 1\n"
				   "call f w(0) S complement=einval\n", &log),
			 -1);
	assert_non_null(strstr(log.text, "t.rules:3:15: error: "
			       "'complement' needs 'replaces'"));
	log = (diag_log){ "", 0, 0 };
	assert_int_equal(load_text(own, "namespace S prefix=S_\nS_A 1\n"
				   "call f w(0) S replaces complement=eperm\n",
				   &log), -1);
	assert_non_null(strstr(log.text, "complement must be einval, "
			       "eopnotsupp or misbehaves, not 'eperm'"));
	log = (diag_log){ "", 0, 0 };
	assert_int_equal(load_text(own, "namespace S prefix=S_\nS_A 1\n"
				   "call f w(0) S complement-note=\"x\"\n",
				   &log), -1);
	assert_non_null(strstr(log.text, "'complement-note' needs "
			       "'replaces'"));
	fs_rules_free(own);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_in_checks_def),
		cmocka_unit_test(complement_turns_on_the_others),
		cmocka_unit_test(what_was_meant_is_silent),
		cmocka_unit_test(default_class_and_no_getter),
		cmocka_unit_test(attributes_are_checked),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
