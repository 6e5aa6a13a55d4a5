/* test_algebra.c: what a flag expression does with its terms: set,
 * cleared, mask, compared, tested, moved; and the bits that reach it. */
#define _POSIX_C_SOURCE 200809L	/* strtok_r */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algebra.h"
#include "base/count_of.h"
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules,
		"namespace S_TYPE prefix=S_IF kind=enum\n"
		"S_IFREG 0100000\nS_IFDIR 0040000\nS_IFMT 0170000 value=field\n");
	*state = rules;
	return 0;
}

/* The operators as the tests spell them, in fs_op order. */
static const char *const spellings[FS_OP_COUNT] = {
	"", "", "|", "&", "^", "+", "-", "<<", ">>", "==", "!=", "<", "&&",
	"||", "~", "!", "neg", "?:", "either", "maybe", "truth",
};

static const char *const uses[] = {
	[FS_USE_NONE] = "none", [FS_USE_SET] = "set",
	[FS_USE_CLEARED] = "cleared", [FS_USE_MASK] = "mask",
	[FS_USE_COMPARED] = "compared", [FS_USE_TESTED] = "tested",
	[FS_USE_MOVED] = "moved",
};

static fs_op op_of(const char *word)
{
	for (int op = FS_OP_OR; op < FS_OP_COUNT; op++)
		if (!strcmp(spellings[op], word))
			return (fs_op)op;
	return FS_OP_COUNT;
}

/* The complement of the last read_text: its bits and its term. */
static uint64_t last_complement;
static size_t last_complement_term;

/* Reads an expression in prefix order, words separated by spaces: an
 * operator, a lower-case word (not a constant), a number (an unnamed
 * term) or a NAME (value from the rules), into storage kept until the
 * next call. */
static fs_value parse_text(const char *expr)
{
	static char buf[512];
	static fs_term terms[32];
	static fs_node nodes[64];
	fs_value v = { terms, 0, 0, nodes, 0 };
	char *save = NULL;

	snprintf(buf, sizeof(buf), "%s", expr);
	memset(terms, 0, sizeof(terms));
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		fs_node *n = &nodes[v.nnodes++];

		n->op = op_of(w);
		if (n->op != FS_OP_COUNT)
			continue;
		if (islower((unsigned char)*w)) {
			n->op = FS_OP_UNKNOWN;
			continue;
		}
		n->op = FS_OP_TERM;
		n->term = v.nterms;
		if (isdigit((unsigned char)*w)) {
			terms[v.nterms].value = strtoll(w, NULL, 0);
			terms[v.nterms].has_value = 1;
		} else {
			terms[v.nterms].name = w;
		}
		v.nterms++;
	}
	return v;
}

/* The terms' uses of parse_text(expr) as "NAME:set S_IFMT:cleared?" ('?'
 * when conditional) then "may=0x.. must=0x.." and " unknown" when it
 * is. */
static const char *read_text(const char *expr)
{
	static char out[1024];
	fs_value v = parse_text(expr);
	const fs_term *terms = v.terms;
	fs_reading r;
	size_t len = 0;

	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	out[0] = '\0';
	for (size_t i = 0; i < v.nterms; i++)
		len += (size_t)snprintf(out + len, sizeof(out) - len, "%s:%s%s ",
					terms[i].name ? terms[i].name : "#",
					uses[r.terms[i].use],
					r.terms[i].conditional ? "?" : "");
	snprintf(out + len, sizeof(out) - len, "may=%#llx must=%#llx%s",
		 (unsigned long long)r.may, (unsigned long long)r.must,
		 r.unknown ? " unknown" : "");
	last_complement = r.complement;
	last_complement_term = r.complement_term;
	fs_reading_free(&r);
	return out;
}

static void or_sets_every_term(void **state)
{
	(void)state;
	assert_string_equal(read_text("| O_WRONLY O_CREAT"),
			    "O_WRONLY:set O_CREAT:set may=0x41 must=0x41");
	assert_string_equal(read_text("| x O_NONBLOCK"),
			    "O_NONBLOCK:set may=0xffffffffffffffff must=0x800 "
			    "unknown");
	/* + of values that share no bit is |. */
	assert_string_equal(read_text("+ S_IFREG 0644"),
			    "S_IFREG:set #:set may=0x81a4 must=0x81a4");
}

static void cleared_bits(void **state)
{
	(void)state;
	/* The permission bits of a mode: S_IFMT sets nothing. */
	assert_string_equal(read_text("& x ~ S_IFMT"),
			    "S_IFMT:cleared may=0xffffffffffff0fff must=0 "
			    "unknown");
	/* A known value with a flag taken out again. */
	assert_string_equal(read_text("& | O_RDWR O_CREAT ~ O_CREAT"),
			    "O_RDWR:set O_CREAT:cleared O_CREAT:cleared "
			    "may=0x2 must=0x2");
	/* ~~F sets F again. */
	assert_string_equal(read_text("~ ~ O_CREAT"),
			    "O_CREAT:set may=0x40 must=0x40");
}

/* A ~ of a constant whose bits reach the value: the complement's bits
 * (a value that replaces flags gets all of them); a ~ that clears bits of
 * another value (`x & ~F`) has none. */
static void complements(void **state)
{
	(void)state;
	read_text("~ O_NONBLOCK");
	assert_int_equal(last_complement, ~(uint64_t)0x800);
	assert_int_equal(last_complement_term, 0);
	/* In one arm of ?: only: still there on that path. */
	read_text("?: on O_NONBLOCK ~ O_NONBLOCK");
	assert_int_equal(last_complement, ~(uint64_t)0x800);
	assert_int_equal(last_complement_term, 1);
	/* Through the enclosing & of constants: what passes. */
	read_text("& ~ O_NONBLOCK O_APPEND");
	assert_int_equal(last_complement, 0x400);
	read_text("& x ~ O_NONBLOCK");
	assert_int_equal(last_complement, 0);
	assert_int_equal(last_complement_term, FS_NONE);
	/* ~ of a value not known: nothing certain. ~~F: the outer ~'s bits
	 * are F's, which the value names anyway. */
	read_text("~ x");
	assert_int_equal(last_complement, 0);
	read_text("~ ~ O_CREAT");
	assert_int_equal(last_complement, 0x40);
	read_text("| x ~ | O_NONBLOCK O_APPEND");
	assert_int_equal(last_complement, ~(uint64_t)0xc00);
	assert_int_equal(last_complement_term, 0);
}

static void masks_extract(void **state)
{
	(void)state;
	/* The file type of a mode: S_IFMT selects, it sets nothing. */
	assert_string_equal(read_text("& mode S_IFMT"),
			    "S_IFMT:mask may=0xf000 must=0 unknown");
	assert_string_equal(read_text("| & mode S_IFMT 0600"),
			    "S_IFMT:mask #:set may=0xf180 must=0x180 unknown");
	/* The mask may be on either side. */
	assert_string_equal(read_text("& O_ACCMODE flags"),
			    "O_ACCMODE:mask may=0x3 must=0 unknown");
	/* ~ of a mask clears. */
	assert_string_equal(read_text("& flags ~ | O_NONBLOCK O_APPEND"),
			    "O_NONBLOCK:cleared O_APPEND:cleared "
			    "may=0xfffffffffffff3ff must=0 unknown");
}

static void compared_and_tested(void **state)
{
	(void)state;
	assert_string_equal(read_text("?: & flags AT_EMPTY_PATH O_CLOEXEC 0"),
			    "AT_EMPTY_PATH:mask O_CLOEXEC:set? #:set? "
			    "may=0x80000 must=0");
	assert_string_equal(read_text("== & flags O_ACCMODE O_RDONLY"),
			    "O_ACCMODE:mask O_RDONLY:compared may=0x1 must=0 "
			    "unknown");
	assert_string_equal(read_text("! & flags O_CREAT"),
			    "O_CREAT:mask may=0x1 must=0 unknown");
	assert_string_equal(read_text("&& a O_CREAT"),
			    "O_CREAT:tested may=0x1 must=0 unknown");
	/* A known condition picks its arm. */
	assert_string_equal(read_text("?: 1 O_CREAT O_TRUNC"),
			    "#:tested O_CREAT:set? O_TRUNC:set? "
			    "may=0x40 must=0x40");
}

static void shifts_move_bits(void **state)
{
	(void)state;
	assert_string_equal(read_text("<< O_CREAT 1"),
			    "O_CREAT:moved #:moved may=0x80 must=0x80");
	assert_string_equal(read_text("<< 1 n"),
			    "#:moved may=0xffffffffffffffff must=0 unknown");
	assert_string_equal(read_text("- O_RDWR O_WRONLY"),
			    "O_RDWR:set O_WRONLY:moved may=0x1 must=0x1");
}

static void paths(void **state)
{
	(void)state;
	/* `if (c) v |= O_CREAT;` after `v = O_RDWR`. */
	assert_string_equal(read_text("| O_RDWR maybe O_CREAT"),
			    "O_RDWR:set O_CREAT:set? may=0x42 must=0x2");
	/* A function returning one of two flags. */
	assert_string_equal(read_text("either O_CREAT O_TRUNC"),
			    "O_CREAT:set? O_TRUNC:set? may=0x240 must=0");
	/* ^ may set or clear. */
	assert_string_equal(read_text("^ x O_APPEND"),
			    "O_APPEND:set may=0xffffffffffffffff must=0 "
			    "unknown");
	/* A bool (a variable, a call returning one) is 0 or 1. */
	assert_string_equal(read_text("truth"), "may=0x1 must=0 unknown");
	assert_string_equal(read_text("| truth O_CREAT"),
			    "O_CREAT:set may=0x41 must=0x40 unknown");
}

static void masked_away(void **state)
{
	(void)state;
	/* A flag none of whose bits pass the mask never reaches the value. */
	assert_string_equal(read_text("& | x O_CREAT O_ACCMODE"),
			    "O_CREAT:cleared O_ACCMODE:mask may=0x3 must=0 "
			    "unknown");
}

/* A value without a tree (the front end did not read it) is unknown. */
static void no_tree(void **state)
{
	fs_term terms[2] = { { "O_RDWR", 0, 0, 0 }, { "O_CREAT", 0, 0, 0 } };
	fs_value v = { terms, 2, 0, NULL, 0 };
	fs_reading r;

	(void)state;
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_int_equal(r.terms[0].use, FS_USE_NONE);
	assert_int_equal(r.terms[1].use, FS_USE_NONE);
	assert_true(r.unknown);
	assert_int_equal(r.may, ~(uint64_t)0);
	assert_int_equal(r.must, 0);
	fs_reading_free(&r);
}

/* The operators whose constants keep their named terms: those users
 * combine flags with. */
static void combining_operators(void **state)
{
	char kept[128] = "";

	(void)state;
	for (int op = 0; op < FS_OP_COUNT; op++)
		if (fs_op_combines_flags((fs_op)op)) {
			strcat(kept, spellings[op]);
			strcat(kept, " ");
		}
	assert_string_equal(kept, "| & ^ + - ~ ");
	assert_false(fs_op_combines_flags(FS_OP_COUNT));
}

/* The operators a call's result goes through unchanged in its bits, to
 * where it is written back: | & ^ and the arms of ?:, not its condition. */
static void result_passing_operators(void **state)
{
	char kept[128] = "";

	(void)state;
	for (int op = 0; op < FS_OP_COUNT; op++)
		if (fs_op_passes_result((fs_op)op, 0) &&
		    fs_op_passes_result((fs_op)op, 1)) {
			strcat(kept, spellings[op]);
			strcat(kept, " ");
		}
	assert_string_equal(kept, "| & ^ either maybe ");
	assert_false(fs_op_passes_result(FS_OP_COND, 0));
	assert_true(fs_op_passes_result(FS_OP_COND, 1));
	assert_true(fs_op_passes_result(FS_OP_COND, 2));
	assert_false(fs_op_passes_result(FS_OP_NOT, 0));
	assert_false(fs_op_passes_result(FS_OP_ADD, 1));
	assert_false(fs_op_passes_result(FS_OP_COUNT, 0));
}

static void ill_formed_trees(void **state)
{
	(void)state;
	/* An operator short of operands, and two roots: nothing is set. */
	assert_string_equal(read_text("| O_CREAT"),
			    "O_CREAT:none may=0xffffffffffffffff must=0 "
			    "unknown");
	assert_string_equal(read_text("O_CREAT O_TRUNC"),
			    "O_CREAT:none O_TRUNC:none may=0xffffffffffffffff "
			    "must=0 unknown");
}

/* A condition picks an arm but puts no bit into the value: a helper
 * returning `on ? FD_CLOEXEC : 0` returns constants. */
static void unknown_reaching_bits(void **state)
{
	static const char *const cases[][2] = {
		{ "| flags O_CLOEXEC", "1" },
		{ "?: on O_CLOEXEC 0", "0" },
		{ "| ?: == ch 0x77 O_RDWR O_WRONLY O_CREAT", "0" },
		{ "?: on flags 0", "1" },
		{ "either O_RDONLY | O_WRONLY maybe O_RDWR", "0" },
		{ "either O_RDONLY x", "1" },
		{ "&& on O_CREAT", "1" },
		{ "truth", "1" },
		{ "| O_CREAT", "1" }, /* ill-formed */
	};
	char got[4];

	(void)state;
	for (size_t i = 0; i < FS_COUNT_OF(cases); i++) {
		fs_value v = parse_text(cases[i][0]);

		snprintf(got, sizeof(got), "%d",
			 fs_value_reaches_unknown(rules, &v));
		assert_string_equal(got, cases[i][1]);
	}
}

/* Which terms pick an arm, and which share one. */
static void arms_and_conditions(void **state)
{
	fs_value v = parse_text("either ?: != f 0 O_RDWR | O_RDONLY O_WRONLY "
				"| maybe O_CREAT O_TRUNC");
	fs_reading r;

	(void)state;
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_true(fs_reading_picks(&r, 0));	/* the 0 of `f != 0` */
	assert_false(fs_reading_picks(&r, 1));
	assert_true(fs_reading_same_arm(&r, 2, 3));	/* O_RDONLY|O_WRONLY */
	assert_false(fs_reading_same_arm(&r, 1, 2));	/* other arms */
	assert_false(fs_reading_same_arm(&r, 4, 5));	/* O_CREAT is under
							   its own maybe */
	fs_reading_free(&r);
}

/* Which terms are the whole value on their paths: arms of choices only. */
static void whole_values(void **state)
{
	fs_value v = parse_text("either ?: c 2 5 | w 4");
	fs_reading r;

	(void)state;
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_true(fs_reading_is_whole(&r, 0));	/* 2: an arm */
	assert_true(fs_reading_is_whole(&r, 1));	/* 5: an arm */
	assert_false(fs_reading_is_whole(&r, 2));	/* 4: part of w | 4 */
	fs_reading_free(&r);
	v = parse_text("7");
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_true(fs_reading_is_whole(&r, 0));	/* alone */
	fs_reading_free(&r);
	v = parse_text("?: == k 3 1 maybe 7");
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_false(fs_reading_is_whole(&r, 0));	/* the 3 picks */
	assert_true(fs_reading_is_whole(&r, 1));
	assert_false(fs_reading_is_whole(&r, 2));	/* or'ed on some paths */
	fs_reading_free(&r);
}

static void single_names(void **state)
{
	fs_term term = { "F_SETFD", 2, 1, 0 };
	fs_node nodes[2] = { { FS_OP_NOT, 0 }, { FS_OP_TERM, 0 } };
	fs_value v = { &term, 1, 0, &nodes[1], 1 };
	fs_reading r;

	(void)state;
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_string_equal(fs_reading_single_name(&r), "F_SETFD");
	fs_reading_free(&r);
	v.nodes = nodes;
	v.nnodes = 2;
	assert_int_equal(fs_read_value(rules, &v, &r), 0);
	assert_null(fs_reading_single_name(&r));
	fs_reading_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(or_sets_every_term),
		cmocka_unit_test(cleared_bits),
		cmocka_unit_test(complements),
		cmocka_unit_test(masks_extract),
		cmocka_unit_test(compared_and_tested),
		cmocka_unit_test(shifts_move_bits),
		cmocka_unit_test(paths),
		cmocka_unit_test(masked_away),
		cmocka_unit_test(no_tree),
		cmocka_unit_test(ill_formed_trees),
		cmocka_unit_test(combining_operators),
		cmocka_unit_test(result_passing_operators),
		cmocka_unit_test(single_names),
		cmocka_unit_test(unknown_reaching_bits),
		cmocka_unit_test(arms_and_conditions),
		cmocka_unit_test(whole_values),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
