/* fuzz_rules.c: libFuzzer harness for rules texts (fs_rules_add_text), the
 * input a user hands flagspace with --rules or flagspace.RulesFiles.
 *
 * Each input is loaded over a small base of rules, as a user file is loaded
 * over the built-in ones (those take 7 ms to load under ASan, too slow for
 * every input). Besides memory errors and undefined behaviour, it aborts
 * when the loader breaks its contract: -1 without an error reported, 0
 * with one, or a rejected text that changed the rules. When the text loads,
 * every name in it is then queried and used in calls and struct writes, so
 * that rules the fuzzer made up are also checked against code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flagspace.h"

static const char base_rules[] =
	"namespace O prefix=O_\n"
	"O_WRONLY 01\n"
	"O_CREAT 0100\n"
	"O_TRUNC 01000\n"
	"O_NDELAY 04000\n"
	"O_NOFOLLOW 0400000\n"
	"O_CLOEXEC 02000000\n"
	"namespace AT prefix=AT_\n"
	"AT_SYMLINK_NOFOLLOW 0x100\n"
	"AT_REMOVEDIR 0x200\n"
	"AT_SYMLINK_FOLLOW 0x400\n"
	"AT_EMPTY_PATH 0x1000\n"
	"namespace FD prefix=FD_\n"
	"FD_CLOEXEC 1\n"
	/* the commands the when= conditions below name: an unknown name
	 * there is an error */
	"namespace F prefix=F_ kind=enum\n"
	"F_GETFD 1\n"
	"F_SETFD 2\n"
	"namespace S_MODE prefix=S_I\n"
	"S_IRUSR 0400\n"
	"call open,open64 flags(1) O\n"
	"call open,open64 mode(2) S_MODE\n"
	"call fcntl arg(2) FD when=cmd(1):F_SETFD\n"
	"call linkat flags(4) AT:SYMLINK_FOLLOW,EMPTY_PATH bits=einval\n"
	"result fcntl FD when=cmd(1):F_GETFD\n"
	"field open_how.flags O bits=einval\n"
	"needs-mode open flags(1) mode(2) O_CREAT\n"
	"deprecated O_NDELAY O_NONBLOCK\n"
	"equivalent AT_SYMLINK_NOFOLLOW O_NOFOLLOW certain\n";

typedef struct tally {
	size_t errors;
} tally;

static void on_report(void *ctx, fs_severity severity, const char *where,
		      const char *message)
{
	tally *t = ctx;

	/* Reading both strings whole lets ASan see a dangling pointer. */
	if (!where || !message || !strlen(where) || !strlen(message))
		abort();
	if (severity != FS_WARNING && severity != FS_ERROR)
		abort();
	t->errors += severity == FS_ERROR;
}

/* What the rules say about a few fixed questions: it must not change when
 * a text is rejected. */
static char *probe(const fs_rules *rules)
{
	static const char *const names[] = { "O_CREAT", "AT_REMOVEDIR",
					     "O_NDELAY", "FD_CLOEXEC" };
	size_t size = 1, used = 0;
	char *all = calloc(1, size);

	for (size_t i = 0; all && i < sizeof(names) / sizeof(names[0]); i++) {
		char *text = NULL;
		fs_query_status st = fs_query_explain(rules, names[i], &text);
		size_t n = text ? strlen(text) : 0;
		char *grown = realloc(all, size + n + 2);

		if (!grown) {
			free(all);
			all = NULL;
		} else {
			all = grown;
			size += n + 2;
			all[used++] = (char)('0' + st);
			memcpy(all + used, text ? text : "", n);
			used += n;
			all[used++] = '\n';
			all[used] = '\0';
		}
		free(text);
	}
	return all;
}

enum { MAX_NAMES = 24, MAX_NAME = 63 };

typedef struct names {
	char items[MAX_NAMES][MAX_NAME + 1];
	size_t count;
} names;

static int is_word(int c, int first)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (!first && c >= '0' && c <= '9');
}

/* The first distinct identifiers of the text. */
static void collect_names(const uint8_t *data, size_t size, names *out)
{
	out->count = 0;
	for (size_t i = 0; i < size && out->count < MAX_NAMES;) {
		size_t start = i, n;

		if (!is_word(data[i], 1)) {
			i++;
			continue;
		}
		while (i < size && is_word(data[i], 0))
			i++;
		n = i - start;
		if (n > MAX_NAME)
			continue;
		memcpy(out->items[out->count], data + start, n);
		out->items[out->count][n] = '\0';
		out->count++;
	}
}

static void check_findings(fs_findings *f, size_t nslots)
{
	for (size_t i = 0; i < f->count; i++) {
		const fs_finding *x = &f->items[i];

		if (!x->message || (unsigned)x->check >= FS_CHECK_COUNT ||
		    !strlen(x->message) || (x->fix && strlen(x->fix) > 4096))
			abort();
		if (x->slot != FS_WHOLE_SITE && x->slot >= nslots)
			abort();
	}
	fs_findings_clear(f);
}

/* The value that is the | of n terms (and of an unknown part), its tree
 * in nodes: room for 2 * n + 2. */
static fs_value or_value(const fs_term *terms, size_t n, int unknown,
			 fs_node *nodes)
{
	fs_value v = { terms, n, unknown, nodes, 0 };

	for (size_t i = 1; i < n + (unknown ? 1 : 0); i++)
		nodes[v.nnodes++] = (fs_node){ FS_OP_OR, 0 };
	for (size_t i = 0; i < n; i++)
		nodes[v.nnodes++] = (fs_node){ FS_OP_TERM, i };
	if (unknown)
		nodes[v.nnodes++] = (fs_node){ FS_OP_UNKNOWN, 0 };
	return v;
}

/* Calls `function` with every name as a flag term, in argument after
 * argument, and a struct `function` with every name as a field. */
static void use_names(const fs_rules *rules, const char *function,
		      const names *nm, fs_findings *out)
{
	enum { NARGS = 6 };
	/* The trees of the fields, of the arguments and of the mask. */
	static fs_node field_nodes[MAX_NAMES][3];
	static fs_node arg_nodes[2 * MAX_NAMES + 2 * NARGS];
	static fs_node mask_nodes[2 * MAX_NAMES + 2];
	fs_term terms[MAX_NAMES];
	fs_value args[NARGS];
	fs_field fields[MAX_NAMES];

	for (size_t i = 0; i < nm->count; i++) {
		terms[i] = (fs_term){ nm->items[i], (int64_t)1 << (i % 40),
				      (int)(i % 3 != 0),
				      (unsigned)i & FS_TERM_FIXABLE };
		fields[i] = (fs_field){ nm->items[i],
					or_value(&terms[i], 1, (int)(i & 1),
						 field_nodes[i]),
					(int)(i % 5 == 0) };
	}
	for (size_t a = 0, at = 0; a < NARGS; a++) {
		size_t from = a * nm->count / NARGS;
		size_t to = (a + 1) * nm->count / NARGS;

		args[a] = or_value(terms + from, to - from, (int)(a == 3),
				   &arg_nodes[at]);
		at += args[a].nnodes;
	}
	for (size_t nargs = 0; nargs <= NARGS; nargs += 3) {
		fs_call call = { function, args, nargs };
		fs_value mask = or_value(terms, nm->count, 0, mask_nodes);

		fs_check_call(rules, &call, out);
		check_findings(out, nargs);
		fs_check_result(rules, &call, &mask, out);
		check_findings(out, FS_WHOLE_SITE);
	}
	for (int init = 0; init < 2; init++) {
		fs_record rec = { function, fields, nm->count, init };

		fs_check_record(rules, &rec, out);
		check_findings(out, nm->count);
	}
}

static void query_names(const fs_rules *rules, const names *nm)
{
	static const char *const params[] = { "0", "1", "2", "3", "flags" };
	fs_findings out = { 0 };

	for (size_t i = 0; i < nm->count; i++) {
		const char *name = nm->items[i];
		char *text = NULL;

		fs_rules_knows_macro(rules, name);
		fs_rules_name_role(rules, name);
		fs_query_explain(rules, name, &text);
		free(text);
		fs_check_spelling(rules, name, &out);
		check_findings(&out, 1);
		if (!fs_rules_knows_function(rules, name) &&
		    !fs_rules_knows_record(rules, name))
			continue;
		for (size_t p = 0; p < sizeof(params) / sizeof(params[0]); p++) {
			text = NULL;
			fs_query_decode(rules, name, params[p], 0x241, &text);
			free(text);
		}
		use_names(rules, name, nm, &out);
	}
	fs_findings_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fs_rules *rules = fs_rules_new();
	tally t = { 0 };
	char *before, *after;
	int res;

	if (!rules)
		return 0;
	if (fs_rules_add_text(rules, "base.rules", base_rules,
			      sizeof(base_rules) - 1, NULL, NULL))
		abort();
	before = probe(rules);
	res = fs_rules_add_text(rules, "fuzz.rules", (const char *)data, size,
				on_report, &t);
	if ((res == -1) != (t.errors > 0) || (res != 0 && res != -1))
		abort();
	if (res == 0) {
		names nm;

		collect_names(data, size, &nm);
		query_names(rules, &nm);
	} else {
		after = probe(rules);
		if (before && after && strcmp(before, after))
			abort();
		free(after);
	}
	free(before);
	fs_rules_free(rules);
	return 0;
}
