/* test_name_role.c: the promise the command line's prefilter rests on.
 * With the built-in rules, no call, struct write, result test or spelling
 * makes a finding unless a name of role FS_ROLE_FLAG is in it, or it is a
 * write of a record of role FS_ROLE_RECORD, or a flagspace-unnamed-number
 * or flagspace-portability finding at a call of a function of role
 * FS_ROLE_CALL (a plain number where flags belong; a call some C library
 * emulates, lchmod()), or a flagspace-mode-string finding there (a mode
 * string's letters). Sites are generated at random
 * (fixed seed) from numbers, unknown values and every other kind of name
 * the rules know: when= names, SYS_ numbers, function names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_model.h"
#include "unit_helpers.h"

#define MAX_ARGS 8
#define MAX_TERMS 3
#define TRIALS 40

static fs_rules *rules;
static unsigned long long seed = 0x5eed1234abcdULL;

/* Names that are not flags: every when= word and every function name,
 * plain and as a SYS_ number. */
typedef struct name_pool {
	const char **items;
	size_t count, cap;
} name_pool;

static name_pool pool;
static char sys_names[4096][64];

static unsigned next_random(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (unsigned)(seed >> 11);
}


static void pool_add(name_pool *p, const char *name)
{
	if (fs_rules_name_role(rules, name) != FS_ROLE_NONE)
		return;	/* a flag too (F_SETFD names an fcntl command) */
	if (p->count == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 256;
		p->items = realloc(p->items, p->cap * sizeof(*p->items));
		assert_non_null(p->items);
	}
	p->items[p->count++] = name;
}

static void fill_pool(name_pool *p, char sys[][64], size_t nsys)
{
	size_t made = 0;

	for (size_t i = 0; i < rules->calls.count; i++) {
		const fs_call_rule *r = &rules->calls.items[i];

		for (size_t k = 0; k < r->when.count; k++)
			pool_add(p, r->when.items[k].text);
		for (size_t k = 0; k < r->funcs.count; k++) {
			pool_add(p, r->funcs.items[k].text);
			if (made < nsys) {
				snprintf(sys[made], 64, "SYS_%s",
					 r->funcs.items[k].text);
				pool_add(p, sys[made++]);
			}
		}
	}
	pool_add(p, "flags");
	pool_add(p, "mode");
	assert_true(p->count > 100);
}

static int setup(void **state)
{
	rules = fs_rules_new();
	assert_non_null(rules);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	fill_pool(&pool, sys_names, sizeof(sys_names) / sizeof(sys_names[0]));
	*state = rules;
	return 0;
}

static int teardown(void **state)
{
	free(pool.items);
	return free_state_rules(state);
}

static int64_t random_value(void)
{
	static const int64_t common[] = { 0, 1, 2, 3, 4, 0x100, 0x200, 0x241,
					  0x1000, 0x80000, 0x400000, -1,
					  0777, 0644 };
	unsigned r = next_random();

	if (r % 4 == 0)
		return (int64_t)next_random();
	return common[r % (sizeof(common) / sizeof(common[0]))];
}

/* Fills v with the | of up to MAX_TERMS numbers and pool names, its tree
 * in nodes (VALUE_NODES of them). */
enum { VALUE_NODES = 2 * MAX_TERMS + 2 };
static void random_value_of(fs_value *v, fs_term *terms, fs_node *nodes,
			    const name_pool *p)
{
	size_t nterms = next_random() % (MAX_TERMS + 1);
	int unknown = nterms == 0 || next_random() % 5 == 0;

	for (size_t t = 0; t < nterms; t++) {
		unsigned r = next_random();

		terms[t].name = r % 3 ? NULL : p->items[next_random() % p->count];
		terms[t].value = random_value();
		terms[t].has_value = r % 7 != 0;
		terms[t].flags = next_random() % 2 ? FS_TERM_FIXABLE : 0;
	}
	*v = or_value(terms, nterms, unknown, nodes);
}

/* How many findings of a number alone, and of a mode string, the
 * generated calls gave: the generator must reach some, at functions of
 * role FS_ROLE_CALL. */
static size_t number_findings, mode_string_findings;

/* Whether the call names a function of role FS_ROLE_CALL: its callee, or
 * a raw syscall()'s number. */
static int names_a_call(const fs_call *call)
{
	const fs_value *first = call->nargs ? &call->args[0] : NULL;

	if (fs_rules_name_role(rules, call->callee) == FS_ROLE_CALL)
		return 1;
	return first && first->nterms == 1 && first->terms[0].name &&
	       fs_rules_name_role(rules, first->terms[0].name) == FS_ROLE_CALL;
}

/* The findings that need a flag name: all but flagspace-unnamed-number's,
 * flagspace-portability's and flagspace-mode-string's, which need a call of
 * a function of role FS_ROLE_CALL. */
static size_t count_findings(const fs_call *call)
{
	fs_findings out = { 0 };
	size_t n = 0;

	assert_int_equal(fs_check_call(rules, call, &out), 0);
	for (size_t i = 0; i < out.count; i++) {
		if ((out.items[i].check == FS_CHECK_UNNAMED_NUMBER ||
		     out.items[i].check == FS_CHECK_PORTABILITY) &&
		    names_a_call(call)) {
			if (out.items[i].check == FS_CHECK_UNNAMED_NUMBER)
				number_findings++;
			continue;
		}
		if (out.items[i].check == FS_CHECK_MODE_STRING &&
		    fs_rules_name_role(rules, call->callee) == FS_ROLE_CALL) {
			mode_string_findings++;
			continue;
		}
		print_message("finding without a flag name: %s(): %s\n",
			      call->callee, out.items[i].message);
		n++;
	}
	fs_findings_free(&out);
	return n;
}

static void calls_of(const char *callee, const fs_call_rule *r,
		     const name_pool *p, int raw)
{
	fs_value args[MAX_ARGS + 1];
	fs_term terms[MAX_ARGS + 1][MAX_TERMS];
	fs_node nodes[MAX_ARGS + 1][VALUE_NODES];
	fs_term when_term, number_term;
	fs_call call = { raw ? "syscall" : callee, args, 0 };
	char number[80];

	snprintf(number, sizeof(number), "SYS_%s", callee);
	for (int trial = 0; trial < TRIALS; trial++) {
		call.nargs = next_random() % (MAX_ARGS + 1);
		for (size_t a = 0; a < call.nargs; a++)
			random_value_of(&args[a], terms[a], nodes[a], p);
		/* Meet the rule's when= condition half of the time. */
		if (r->when.count && trial % 2 &&
		    r->when_param.pos + raw < call.nargs) {
			when_term = (fs_term){
				r->when.items[trial % r->when.count].text,
				random_value(), 1, 0 };
			args[r->when_param.pos + raw] =
				term_value(&when_term);
		}
		if (raw && call.nargs) {
			number_term = (fs_term){ number, 1, 1, 0 };
			args[0] = term_value(&number_term);
		}
		assert_int_equal(count_findings(&call), 0);
	}
}

static void no_call_finding_without_a_flag_name(void **state)
{

	(void)state;
	for (size_t i = 0; i < rules->calls.count; i++) {
		const fs_call_rule *r = &rules->calls.items[i];

		for (size_t k = 0; k < r->funcs.count; k++) {
			calls_of(r->funcs.items[k].text, r, &pool, 0);
			calls_of(r->funcs.items[k].text, r, &pool, 1);
		}
	}
	assert_true(number_findings > 0);
}

/* Calls of each function of a mode-string rule, in a unit built against
 * glibc, with string literals of random letters in every argument. */
static void mode_strings_of(const char *callee)
{
	static const char letters[] = "rwa+xbtemc,";
	char text[MAX_ARGS][8];
	fs_value args[MAX_ARGS];
	fs_call call = { callee, args, MAX_ARGS };

	call.platform.glibc = FS_VERSION_OF(2, 36, 0);
	for (int trial = 0; trial < TRIALS; trial++) {
		for (size_t a = 0; a < MAX_ARGS; a++) {
			size_t n = next_random() % sizeof(text[a]);

			for (size_t c = 0; c < n; c++)
				text[a][c] = letters[next_random() %
						     (sizeof(letters) - 1)];
			text[a][n] = '\0';
			args[a] = (fs_value){ .has_unknown = 1,
					      .string = text[a] };
		}
		assert_int_equal(count_findings(&call), 0);
	}
}

static void no_mode_string_finding_without_a_call_name(void **state)
{
	(void)state;
	for (size_t i = 0; i < rules->modestrs.count; i++) {
		const fs_modestr_rule *r = &rules->modestrs.items[i];

		for (size_t k = 0; k < r->funcs.count; k++)
			mode_strings_of(r->funcs.items[k].text);
	}
	assert_true(mode_string_findings > 0);
	assert_int_equal(fs_rules_name_role(rules, "fopen"), FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(rules, "popen"), FS_ROLE_CALL);
}

static size_t record_findings(const char *record, int initializer,
			      const name_pool *p)
{
	fs_field fields[16];
	fs_term terms[16][MAX_TERMS];
	fs_node nodes[16][VALUE_NODES];
	fs_record rec = { record, fields, 0, initializer };
	fs_findings out = { 0 };
	size_t n;

	for (size_t i = 0; i < rules->fields.count && rec.nfields < 16; i++) {
		const fs_field_rule *f = &rules->fields.items[i];

		if (strcmp(f->record, record) || next_random() % 3 == 0)
			continue;
		fields[rec.nfields] = (fs_field){ .name = f->field };
		fields[rec.nfields].is_compound = !initializer &&
						  next_random() % 2;
		random_value_of(&fields[rec.nfields].value, terms[rec.nfields],
				nodes[rec.nfields], p);
		rec.nfields++;
	}
	assert_int_equal(fs_check_record(rules, &rec, &out), 0);
	n = out.count;
	fs_findings_free(&out);
	return n;
}

static void no_record_finding_without_a_flag_name(void **state)
{
	size_t record_role_findings = 0;

	(void)state;
	for (size_t i = 0; i < rules->fields.count; i++) {
		const char *record = rules->fields.items[i].record;
		int is_record_role = fs_rules_name_role(rules, record) ==
				     FS_ROLE_RECORD;

		for (int trial = 0; trial < TRIALS; trial++) {
			size_t n = record_findings(record, trial % 2, &pool);

			if (is_record_role)
				record_role_findings += n;
			else
				assert_int_equal(n, 0);
		}
	}
	/* The generator does reach findings: open_how's mode without a
	 * creating flag is one. */
	assert_int_equal(fs_rules_name_role(rules, "open_how"), FS_ROLE_RECORD);
	assert_true(record_role_findings > 0);
}

static void no_result_or_spelling_finding_without_a_flag_name(void **state)
{
	fs_findings out = { 0 };

	(void)state;
	for (size_t i = 0; i < rules->calls.count; i++) {
		const fs_call_rule *r = &rules->calls.items[i];
		fs_term when_term, terms[MAX_TERMS];
		fs_node nodes[VALUE_NODES];
		fs_value args[2], mask;
		fs_call call = { r->funcs.items[0].text, args, 2 };

		if (!r->is_result)
			continue;
		for (int trial = 0; trial < TRIALS; trial++) {
			args[0] = (fs_value){ NULL, 0, 1, NULL, 0 };
			when_term = (fs_term){
				r->when.count ? r->when.items[0].text : "x", 1,
				1, 0 };
			args[1] = term_value(&when_term);
			random_value_of(&mask, terms, nodes, &pool);
			assert_int_equal(fs_check_result(rules, &call, &mask,
							 &out), 0);
			assert_int_equal(out.count, 0);
		}
	}
	for (size_t i = 0; i < pool.count; i++) {
		assert_int_equal(fs_check_spelling(rules, pool.items[i], &out),
				 0);
		assert_int_equal(out.count, 0);
	}
	fs_findings_free(&out);
}

/* The harness can fail: with a flag name, the same kind of site does make
 * findings. */
static void flag_names_do_make_findings(void **state)
{
	fs_term t = { "AT_REMOVEDIR", 0x200, 1, 0 };
	fs_value args[2] = { { NULL, 0, 1, NULL, 0 }, term_value(&t) };
	fs_call call = { "open", args, 2 };
	fs_findings out = { 0 };

	(void)state;
	assert_int_equal(fs_rules_name_role(rules, "AT_REMOVEDIR"),
			 FS_ROLE_FLAG);
	assert_int_equal(fs_rules_name_role(rules, "O_NDELAY"), FS_ROLE_FLAG);
	assert_int_equal(fs_rules_name_role(rules, "SYS_openat"), FS_ROLE_NONE);
	assert_int_equal(fs_rules_name_role(rules, "fstatat"), FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(rules, "syscall"), FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(rules, "read"), FS_ROLE_NONE);
	assert_int_equal(fs_rules_name_role(NULL, "O_RDONLY"), FS_ROLE_NONE);
	assert_int_equal(fs_check_call(rules, &call, &out), 0);
	assert_true(out.count > 0);
	fs_findings_free(&out);
}

/* A since rule about the call itself makes a finding with no flag
 * written: its function, SYS_x and __NR_x are calls, from the built-in
 * rules and from a file added later; a file that fails to load adds
 * none. */
static void since_calls_are_calls(void **state)
{
	static const char ok[] = "namespace T prefix=T_\nT_A 1\n"
				 "call my_new_call f(0) T\n"
				 "since my_new_call linux=6.9\n";
	static const char bad[] = "call my_bad_call f(0) T\n"
				  "since my_bad_call linux=6.9\nnonsense\n";
	fs_rules *r = fs_rules_new();

	(void)state;
	assert_int_equal(fs_rules_name_role(rules, "openat2"), FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(rules, "SYS_openat2"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(rules, "__NR_openat2"),
			 FS_ROLE_CALL);
	assert_non_null(r);
	assert_int_equal(fs_rules_name_role(r, "__NR_my_new_call"),
			 FS_ROLE_NONE);
	assert_int_equal(fs_rules_add_text(r, "ok.rules", ok, sizeof(ok) - 1,
					   NULL, NULL), 0);
	assert_int_equal(fs_rules_name_role(r, "my_new_call"), FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(r, "SYS_my_new_call"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(r, "__NR_my_new_call"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_add_text(r, "bad.rules", bad,
					   sizeof(bad) - 1, NULL, NULL), -1);
	assert_int_equal(fs_rules_name_role(r, "my_bad_call"), FS_ROLE_NONE);
	assert_int_equal(fs_rules_name_role(r, "__NR_my_new_call"),
			 FS_ROLE_CALL);
	fs_rules_free(r);
}

/* The calls a `layout` struct is passed to, by name or number: where a
 * struct of the unit's own takes a kernel struct's rules. */
static void layout_calls_are_named(void **state)
{
	(void)state;
	assert_true(fs_rules_passes_layout(rules, "openat2"));
	assert_true(fs_rules_passes_layout(rules, "SYS_openat2"));
	assert_true(fs_rules_passes_layout(rules, "__NR_mount_setattr"));
	assert_true(fs_rules_passes_layout(rules, "clone3"));
	assert_false(fs_rules_passes_layout(rules, "open"));
	assert_false(fs_rules_passes_layout(rules, "SYS_open"));
	assert_false(fs_rules_passes_layout(rules, "O_RDONLY"));
	assert_false(fs_rules_passes_layout(NULL, "openat2"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layout_calls_are_named),
		cmocka_unit_test(no_call_finding_without_a_flag_name),
		cmocka_unit_test(no_mode_string_finding_without_a_call_name),
		cmocka_unit_test(no_record_finding_without_a_flag_name),
		cmocka_unit_test(no_result_or_spelling_finding_without_a_flag_name),
		cmocka_unit_test(flag_names_do_make_findings),
		cmocka_unit_test(since_calls_are_calls),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
