/* test_arch.c: per-architecture values: the arch directive, which
 * architecture a target triple is, decoding with its values, and the
 * works-by-accident verdict where architectures disagree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(
		"namespace O prefix=O_\n"
		"O_WRONLY 1\nO_CREAT 0x40\nO_NOCTTY 0x100\nO_NONBLOCK 0x800\n"
		"O_DIRECT 0x4000\nO_DIRECTORY 0x10000\n"
		"namespace AT prefix=AT_\n"
		"AT_SYMLINK_NOFOLLOW 0x100\nAT_STATX_DONT_SYNC 0x4000\n"
		"namespace IPC prefix=IPC_\nIPC_NOWAIT 0x800\n"
		"namespace SOCK prefix=SOCK_\nSOCK_NONBLOCK 0x800\n"
		"namespace MAP prefix=MAP_\nMAP_32BIT 0x40\nMAP_NORESERVE 0x4000\n"
		"call mmap flags(3) MAP\n"
		"call open flags(1) O\n"
		"call msgsnd msgflg(3) IPC\n"
		"call accept4 flags(3) SOCK bits=einval\n"
		"equivalent O_NONBLOCK IPC_NOWAIT certain\n"
		"equivalent O_NONBLOCK SOCK_NONBLOCK certain\n"
		"equivalent AT_SYMLINK_NOFOLLOW O_NOCTTY\n"
		"arch mips cpus=mips64el,mips\n"
		"O_CREAT 0x100\nO_NOCTTY 0x800\nO_NONBLOCK 0x80\n"
		"SOCK_NONBLOCK 0x80\n"
		"arch arm cpus=aarch64,armv*\n"
		"O_DIRECTORY 0x4000\nO_DIRECT 0x10000\n"
		"MAP_32BIT -\nMAP_NORESERVE 0x40\n"
		"arch x86_64 cpus=x86_64 triple=x86_64-linux-gnu debian=amd64\n");
	*state = rules;
	return 0;
}

static void triples_name_architectures(void **state)
{
	(void)state;
	assert_int_equal(fs_arch_of_triple(rules, "mips64el-unknown-linux-gnuabi64"),
			 0);
	assert_int_equal(fs_arch_of_triple(rules, "mips"), 0);
	assert_int_equal(fs_arch_of_triple(rules, "aarch64-unknown-linux-gnu"), 1);
	/* A prefix entry: armv7, armv6 ... */
	assert_int_equal(fs_arch_of_triple(rules, "armv7-unknown-linux-gnueabihf"), 1);
	assert_int_equal(fs_arch_of_triple(rules, "x86_64-pc-linux-gnu"), 2);
	/* The whole first word, not a prefix of it. */
	assert_int_equal(fs_arch_of_triple(rules, "mips64-unknown-linux"),
			 FS_NONE);
	assert_int_equal(fs_arch_of_triple(rules, "arm-linux"), FS_NONE);
	assert_int_equal(fs_arch_of_triple(rules, "sparc64-linux-gnu"), FS_NONE);
	assert_int_equal(fs_arch_of_triple(rules, NULL), FS_NONE);
}

static void values_differ_only_where_listed(void **state)
{
	size_t creat = FS_NONE, wronly = FS_NONE;

	(void)state;
	for (size_t i = 0; i < rules->members.count; i++) {
		if (!strcmp(rules->members.items[i].name, "O_CREAT"))
			creat = i;
		if (!strcmp(rules->members.items[i].name, "O_WRONLY"))
			wronly = i;
	}
	assert_int_equal(fs_member_value(rules, creat, 0), 0x100);
	assert_int_equal(fs_member_value(rules, creat, 1), 0x40);
	assert_int_equal(fs_member_value(rules, creat, FS_NONE), 0x40);
	assert_int_equal(fs_member_value(rules, wronly, 0), 1);
}

static void messages_decode_with_the_targets_values(void **state)
{
	(void)state;
	/* 0x100 is O_NOCTTY on x86-64 and O_CREAT on mips. */
	assert_string_equal(
		check_call_text_on(rules, "x86_64-pc-linux-gnu",
				   "open(p, AT_SYMLINK_NOFOLLOW)"),
		"flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
		"AT_* namespace, not O_*: in open() flags 0x100 means "
		"O_NOCTTY; it works by accident on x86_64, not on mips; use "
		"O_NOCTTY\n");
	assert_string_equal(
		check_call_text_on(rules, "mips64el-unknown-linux-gnuabi64",
				   "open(p, AT_SYMLINK_NOFOLLOW)"),
		"flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
		"AT_* namespace, not O_*: in open() flags 0x100 means "
		"O_CREAT; it would work by accident on arm, x86_64; use "
		"O_NOCTTY\n");
	assert_string_equal(
		check_call_text_on(rules, "aarch64-unknown-linux-gnu",
				   "open(p, AT_STATX_DONT_SYNC)"),
		"flagspace-wrong-namespace 1:0 AT_STATX_DONT_SYNC is from the "
		"AT_* namespace, not O_*: in open() flags 0x4000 means "
		"O_DIRECTORY\n");
	/* No target: the members' own values, and no verdict. */
	assert_string_equal(
		check_call_text(rules, "open(p, AT_STATX_DONT_SYNC)"),
		"flagspace-wrong-namespace 1:0 AT_STATX_DONT_SYNC is from the "
		"AT_* namespace, not O_*: in open() flags 0x4000 means "
		"O_DIRECT\n");
}

static void absent_names_decode_nothing(void **state)
{
	(void)state;
	/* MAP_32BIT comes first in file order, but arm has no such flag. */
	assert_string_equal(
		check_call_text_on(rules, "x86_64-pc-linux-gnu",
				   "mmap(a, n, p, O_CREAT)"),
		"flagspace-wrong-namespace 3:0 O_CREAT is from the O_* "
		"namespace, not MAP_*: in mmap() flags 0x40 means MAP_32BIT\n");
	assert_string_equal(
		check_call_text_on(rules, "aarch64-unknown-linux-gnu",
				   "mmap(a, n, p, O_CREAT)"),
		"flagspace-wrong-namespace 3:0 O_CREAT is from the O_* "
		"namespace, not MAP_*: in mmap() flags 0x40 means "
		"MAP_NORESERVE\n");
}

static void accidents_are_named_per_architecture(void **state)
{
	(void)state;
	/* The compiler's value (0x800 on arm) is IPC_NOWAIT's there too. */
	assert_string_equal(
		check_call_text_on(rules, "aarch64-unknown-linux-gnu",
				   "msgsnd(q, m, n, O_NONBLOCK=0x800)"),
		"flagspace-wrong-namespace 3:0 O_NONBLOCK is from the O_* "
		"namespace, not IPC_*: in msgsnd() msgflg 0x800 means "
		"IPC_NOWAIT; it works by accident on arm, not on mips; use "
		"IPC_NOWAIT => IPC_NOWAIT\n");
	assert_string_equal(
		check_call_text_on(rules, "mips64el-unknown-linux-gnuabi64",
				   "msgsnd(q, m, n, O_NONBLOCK=0x80)"),
		"flagspace-wrong-namespace 3:0 O_NONBLOCK is from the O_* "
		"namespace, not IPC_*: in msgsnd() msgflg 0x80 matches no "
		"IPC_* flag and is ignored; it would work by accident on arm, "
		"x86_64; use IPC_NOWAIT => IPC_NOWAIT\n");
	/* Equal everywhere (SOCK_NONBLOCK follows O_NONBLOCK): no verdict. */
	assert_string_equal(
		check_call_text_on(rules, "mips64el-unknown-linux-gnuabi64",
				   "accept4(s, a, l, O_NONBLOCK=0x80)"),
		"flagspace-wrong-namespace 3:0 O_NONBLOCK is from the O_* "
		"namespace, not SOCK_*: in accept4() flags 0x80 means "
		"SOCK_NONBLOCK; use SOCK_NONBLOCK => SOCK_NONBLOCK\n");
	/* A target no arch names: its values are unknown, so no verdict. */
	assert_string_equal(
		check_call_text_on(rules, "sparc64-unknown-linux-gnu",
				   "msgsnd(q, m, n, O_NONBLOCK=0x4000)"),
		"flagspace-wrong-namespace 3:0 O_NONBLOCK is from the O_* "
		"namespace, not IPC_*: in msgsnd() msgflg 0x4000 matches no "
		"IPC_* flag and is ignored; use IPC_NOWAIT => IPC_NOWAIT\n");
}

/* Whether `flagspace explain NAME` holds `want` (NULL: no "elsewhere"). */
static void expect_explain(const char *name, const char *want)
{
	char *text = NULL;

	assert_int_equal(fs_query_explain(rules, name, &text), FS_QUERY_OK);
	if (want)
		assert_non_null(strstr(text, want));
	else
		assert_null(strstr(text, "elsewhere"));
	free(text);
}

static void explain_lists_other_values(void **state)
{
	(void)state;
	expect_explain("O_DIRECT", "value: 0x4000 (x86-64)\n"
				   "elsewhere: 0x10000 on arm\n");
	expect_explain("O_NONBLOCK", "elsewhere: 0x80 on mips\n");
	/* The same everywhere: no such line. */
	expect_explain("O_WRONLY", NULL);
	expect_explain("MAP_NORESERVE", "elsewhere: 0x40 on arm\n");
	expect_explain("MAP_32BIT", "elsewhere: not on arm\n");
}

/* Loads text into a fresh rule set; its result must be `want` and its
 * diagnostics must hold `message`. */
static void expect_load(const char *text, int want, const char *message)
{
	fs_rules *r = fs_rules_new();
	diag_log log = { 0 };

	assert_int_equal(load_text(r, text, &log), want);
	assert_non_null(strstr(log.text, message));
	fs_rules_free(r);
}

static void arch_lines_are_checked(void **state)
{
	(void)state;
	expect_load("arch a\n", -1, "new architecture 'a' needs cpus=");
	expect_load("arch a cpus=x,y*z\n", -1,
		    "t.rules:1:15: error: expected a CPU");
	expect_load("arch a cpus=x\nO_X 1 same=O_Y\n", -1,
		    "MACRO VALUE or MACRO -, with no attributes");
	expect_load("arch a cpus=x\nO_X 1\nO_X 2\n", -1,
		    "'O_X' already has a value on 'a'");
	expect_load("arch b cpus=x\narch b cpus=y\n", -1,
		    "architecture 'b' has its cpus= already");
	/* A value for a name no namespace has: a warning, as elsewhere. */
	expect_load("arch a cpus=x\nO_NOPE 1\n", 0,
		    "architecture value 'O_NOPE' is not a member of any "
		    "namespace");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(triples_name_architectures),
		cmocka_unit_test(values_differ_only_where_listed),
		cmocka_unit_test(messages_decode_with_the_targets_values),
		cmocka_unit_test(absent_names_decode_nothing),
		cmocka_unit_test(accidents_are_named_per_architecture),
		cmocka_unit_test(explain_lists_other_values),
		cmocka_unit_test(arch_lines_are_checked),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
