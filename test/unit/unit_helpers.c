/* unit_helpers.c: shared fixtures of the core unit tests. */
#define _POSIX_C_SOURCE 200809L	/* strtok_r */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consequence.h"
#include "decode.h"
#include "rules_model.h"
#include "unit_helpers.h"

enum { MAX_ARGS = 8, MAX_TERMS = 8, MAX_FIELDS = 8 };

const char *const sample_rules =
	"namespace O prefix=O_ desc=\"open flags\"\n"
	"O_RDONLY    0\n"
	"O_WRONLY    01\n"
	"O_RDWR      02\n"
	"O_ACCMODE   03 value=field\n"
	"O_CREAT     0100\n"
	"O_NOCTTY    0400\n"
	"O_TRUNC     01000\n"
	"O_APPEND    02000\n"
	"O_NONBLOCK  04000\n"
	"O_NDELAY    04000\n"
	"O_DSYNC     010000\n"
	"O_DIRECTORY 0200000\n"
	"O_NOFOLLOW  0400000\n"
	"O_CLOEXEC   02000000\n"
	"O_SYNC      04010000   # contains O_DSYNC\n"
	"O_TMPFILE   020200000  # contains O_DIRECTORY\n"
	"namespace AT prefix=AT_\n"
	"AT_SYMLINK_NOFOLLOW 0x100\n"
	"AT_REMOVEDIR        0x200\n"
	"AT_EACCESS          0x200\n"
	"AT_SYMLINK_FOLLOW   0x400\n"
	"AT_NO_AUTOMOUNT     0x800\n"
	"AT_EMPTY_PATH       0x1000\n"
	"AT_STATX_SYNC_TYPE  0x6000 value=field\n"
	"namespace DIRFD prefix=AT_\n"
	"AT_FDCWD -100 value=field\n"
	"namespace RESOLVE prefix=RESOLVE_\n"
	"RESOLVE_NO_XDEV       0x01\n"
	"RESOLVE_NO_MAGICLINKS 0x02\n"
	"RESOLVE_NO_SYMLINKS   0x04\n"
	"RESOLVE_BENEATH       0x08\n"
	"RESOLVE_IN_ROOT       0x10\n"
	"namespace S_MODE prefix=S_I\n"
	"S_IRWXU 0700\n"
	"S_IRUSR 0400\n"
	"S_IWUSR 0200\n"
	"S_IXUSR 0100\n"
	"namespace ACCESS_MODE prefix=_OK\n"
	"F_OK 0\n"
	"X_OK 1\n"
	"W_OK 2\n"
	"R_OK 4\n"
	"namespace FD prefix=FD_\n"
	"FD_CLOEXEC 1\n"
	"# the fcntl commands when= names: a name the rules do not know is an\n"
	"# error there\n"
	"namespace F_CMD prefix=F_ kind=enum\n"
	"F_DUPFD 0\n"
	"F_GETFD 1\n"
	"F_SETFD 2\n"
	"F_GETFL 3\n"
	"F_SETFL 4\n"
	"F_DUPFD_CLOEXEC 1030\n"
	"namespace EFD prefix=EFD_\n"
	"EFD_SEMAPHORE 1\n"
	"EFD_NONBLOCK  04000    same=O_NONBLOCK\n"
	"EFD_CLOEXEC   02000000 same=O_CLOEXEC\n"
	"call open,open64 flags(1) O\n"
	"call open,open64 mode(2)  S_MODE\n"
	"call openat      dirfd(0) DIRFD\n"
	"call openat      flags(2) O\n"
	"call openat      mode(3)  S_MODE\n"
	"call fstatat     flags(3) AT:SYMLINK_NOFOLLOW,EMPTY_PATH,NO_AUTOMOUNT "
	"bits=einval\n"
	"call linkat      flags(4) AT:SYMLINK_FOLLOW,EMPTY_PATH bits=einval\n"
	"call faccessat   mode(2)  ACCESS_MODE\n"
	"call faccessat   flags(3) AT:EACCESS,SYMLINK_NOFOLLOW bits=ignored\n"
	"call SYS_faccessat mode(2) ACCESS_MODE  # the raw call has no flags\n"
	"call fcntl arg(2) FD when=cmd(1):F_SETFD,F_GETFD\n"
	"call fcntl arg(2) O:APPEND,NONBLOCK when=cmd(1):F_SETFL\n"
	"call fcntl arg(2) -  when=cmd(1):F_DUPFD,F_DUPFD_CLOEXEC\n"
	"call eventfd flags(1) EFD bits=einval\n"
	"call dup3 flags(2) O:CLOEXEC bits=einval\n"
	"field open_how.flags   O       bits=einval\n"
	"field open_how.resolve RESOLVE bits=einval\n"
	"field open_how.mode    S_MODE  bits=einval\n"
	"needs-mode open,open64 flags(1) mode(2) O_CREAT,O_TMPFILE\n"
	"needs-mode openat      flags(2) mode(3) O_CREAT,O_TMPFILE\n"
	"needs-mode open_how    flags    mode    O_CREAT,O_TMPFILE strict\n"
	"deprecated O_NDELAY O_NONBLOCK reason=\"BSD spelling\"\n"
	"equivalent AT_SYMLINK_NOFOLLOW O_NOFOLLOW certain "
	"scope=\"the trailing symlink\"\n"
	"equivalent AT_SYMLINK_NOFOLLOW RESOLVE_NO_SYMLINKS "
	"scope=\"every component\"\n"
	"equivalent FD_CLOEXEC O_CLOEXEC certain\n"
	"equivalent AT_EMPTY_PATH RESOLVE_EMPTY_PATH never-merged\n"
	"equivalent O_NOFOLLOW AT_SYMLINK_NOFOLLOW certain\n";

void log_report(void *ctx, fs_severity severity, const char *where,
		const char *message)
{
	diag_log *log = ctx;
	size_t len = strlen(log->text);

	snprintf(log->text + len, sizeof(log->text) - len, "%s: %s: %s\n",
		 where, severity == FS_ERROR ? "error" : "warning", message);
	if (severity == FS_ERROR)
		log->errors++;
	else
		log->warnings++;
}

int load_text(fs_rules *rules, const char *text, diag_log *log)
{
	return fs_rules_add_text(rules, "t.rules", text, strlen(text),
				 log_report, log);
}

void add_clean_rules(fs_rules *rules, const char *text)
{
	diag_log log = { "", 0, 0 };

	assert_int_equal(load_text(rules, text, &log), 0);
	assert_string_equal(log.text, "");
}

fs_rules *builtin_rules(void)
{
	fs_rules *rules = fs_rules_new();

	assert_non_null(rules);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	return rules;
}

fs_rules *rules_from(const char *text)
{
	fs_rules *rules = fs_rules_new();

	assert_non_null(rules);
	add_clean_rules(rules, text);
	return rules;
}

fs_value or_value(const fs_term *terms, size_t nterms, int unknown,
		  fs_node *nodes)
{
	fs_value v = { terms, nterms, unknown, nodes, 0 };
	size_t parts = nterms + (unknown ? 1 : 0);

	for (size_t i = 1; i < parts; i++)
		nodes[v.nnodes++] = (fs_node){ FS_OP_OR, 0 };
	for (size_t i = 0; i < nterms; i++)
		nodes[v.nnodes++] = (fs_node){ FS_OP_TERM, i };
	if (unknown)
		nodes[v.nnodes++] = (fs_node){ FS_OP_UNKNOWN, 0 };
	return v;
}

fs_value term_value(const fs_term *term)
{
	static const fs_node node = { FS_OP_TERM, 0 };

	return (fs_value){ term, 1, 0, &node, 1 };
}

/* Nodes of one value's tree: each term at most under ? and ~, an
 * unknown part, the | between them, and the & ~ around the cleared ones. */
enum { MAX_NODES = 4 * MAX_TERMS + 8 };

/* Storage for one parsed site; the texts point into `buf`. A value has
 * room for one more term than written: the 0 that `~X` alone clears. */
typedef struct site_text {
	char buf[1024];
	fs_term terms[MAX_ARGS][MAX_TERMS + 1];
	fs_node nodes[MAX_ARGS][MAX_NODES];
	fs_value values[MAX_ARGS];
	size_t count;
} site_text;

/* How a term is written: `~X` (cleared), `?X` (on some paths only). */
typedef struct term_how {
	int negated;
	int conditional;
} term_how;

static void parse_term(char *s, fs_term *t, term_how *how)
{
	char *eq;

	for (;; s++) {
		if (*s == '~')
			how->negated = 1;
		else if (*s == '?')
			how->conditional = 1;
		else if (*s == '!')
			t->flags |= FS_TERM_FIXABLE;	/* toggled below */
		else
			break;
	}
	t->flags ^= FS_TERM_FIXABLE;
	if (isdigit((unsigned char)*s) || *s == '-') {
		t->flags &= ~FS_TERM_FIXABLE;
		t->value = strtoll(s, NULL, 0);
		t->has_value = 1;
		return;
	}
	t->name = s;
	if ((eq = strchr(s, '=')) != NULL) {
		*eq = '\0';
		t->value = strtoll(eq + 1, NULL, 0);
		t->has_value = 1;
	}
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static void put_node(fs_value *v, fs_node *nodes, fs_op op, size_t term)
{
	assert_true(v->nnodes < MAX_NODES);
	nodes[v->nnodes++] = (fs_node){ op, term };
}

/* The | of the terms written with ~ (negated) or without, in prefix
 * order, with the unknown part (unknown); a term written with ? under
 * FS_OP_MAYBE. */
static void put_or(fs_value *v, fs_node *nodes, const term_how *how,
		   int negated, int unknown)
{
	size_t count = unknown ? 1 : 0;

	for (size_t i = 0; i < v->nterms; i++)
		count += how[i].negated == negated;
	for (size_t i = 1; i < count; i++)
		put_node(v, nodes, FS_OP_OR, 0);
	for (size_t i = 0; i < v->nterms; i++) {
		if (how[i].negated != negated)
			continue;
		if (how[i].conditional)
			put_node(v, nodes, FS_OP_MAYBE, 0);
		put_node(v, nodes, FS_OP_TERM, i);
	}
	if (unknown)
		put_node(v, nodes, FS_OP_UNKNOWN, 0);
}

/* The tree of `(set | ...) & ~(cleared | ...)`. Where nothing is set,
 * the value is 0 (a term of its own, after the written ones): `~X` alone
 * clears X from 0. */
static void put_tree(fs_value *v, fs_term *terms, fs_node *nodes,
		     const term_how *how)
{
	size_t set = 0, cleared = 0;

	for (size_t i = 0; i < v->nterms; i++)
		*(how[i].negated ? &cleared : &set) += 1;
	if (!set && !v->has_unknown)
		terms[v->nterms++] = (fs_term){ NULL, 0, 1, 0 };
	if (cleared) {
		put_node(v, nodes, FS_OP_AND, 0);
		put_or(v, nodes, how, 0, v->has_unknown);
		put_node(v, nodes, FS_OP_NOT, 0);
		put_or(v, nodes, how, 1, 0);
	} else {
		put_or(v, nodes, how, 0, v->has_unknown);
	}
}

/* One argument or field value: terms joined by '|'. */
static void parse_value(char *s, fs_term *terms, fs_node *nodes,
			fs_value *v)
{
	char *save = NULL;
	term_how how[MAX_TERMS + 1] = { { 0, 0 } };

	memset(v, 0, sizeof(*v));
	v->terms = terms;
	v->nodes = nodes;
	s = trim(s);
	/* "text": a string literal (a path), not a constant number. */
	if (*s == '"' && strlen(s) >= 2 && s[strlen(s) - 1] == '"') {
		s[strlen(s) - 1] = '\0';
		v->string = s + 1;
		v->has_unknown = 1;
		v->nodes = NULL;
		return;
	}
	for (char *p = strtok_r(s, "|", &save); p;
	     p = strtok_r(NULL, "|", &save)) {
		p = trim(p);
		if (islower((unsigned char)*p)) {
			v->has_unknown = 1;	/* a variable */
			continue;
		}
		assert_true(v->nterms < MAX_TERMS);
		memset(&terms[v->nterms], 0, sizeof(fs_term));
		parse_term(p, &terms[v->nterms], &how[v->nterms]);
		v->nterms++;
	}
	put_tree(v, terms, nodes, how);
}

/* Splits "a, b, c" (the text between the brackets) into values. */
static void parse_list(site_text *st, char *s, char **names)
{
	char *save = NULL;

	st->count = 0;
	if (!*trim(s))
		return;
	for (char *p = strtok_r(s, ",", &save); p;
	     p = strtok_r(NULL, ",", &save)) {
		if (names) {
			char *eq = strchr(p, '=');
			char *end = eq;

			/* "name=" or "name|=" */
			while (end > p && (end[-1] == '|' ||
					   isspace((unsigned char)end[-1])))
				end--;
			*end = '\0';
			names[st->count] = trim(p);
			p = eq + 1;
		}
		parse_value(p, st->terms[st->count], st->nodes[st->count],
			    &st->values[st->count]);
		st->count++;
	}
}

static char result[16384];

static void put_index(char *out, size_t size, size_t v)
{
	if (v == (size_t)-1)
		snprintf(out, size, "*");
	else
		snprintf(out, size, "%zu", v);
}

static char classes[4096];

void note_consequences(const fs_findings *f)
{
	classes[0] = '\0';
	for (size_t i = 0; i < f->count; i++) {
		size_t len = strlen(classes);

		/* Every reporter says what its finding does (findings.h). */
		assert_int_not_equal(f->items[i].says, 0);
		assert_int_equal(f->items[i].consequence,
				 fs_consequence_of(f->items[i].says));
		snprintf(classes + len, sizeof(classes) - len, "%s%s",
			 i ? " " : "",
			 fs_consequence_name(f->items[i].consequence));
	}
}

const char *last_consequences(void)
{
	return classes;
}

static const char *findings_text(const fs_findings *f)
{
	note_consequences(f);
	result[0] = '\0';
	for (size_t i = 0; i < f->count; i++) {
		const fs_finding *x = &f->items[i];
		size_t len = strlen(result);
		char slot[24], term[24];

		put_index(slot, sizeof(slot), x->slot);
		put_index(term, sizeof(term), x->term);
		snprintf(result + len, sizeof(result) - len,
			 "%s %s:%s %s%s%s\n", fs_check_name(x->check), slot,
			 term, x->message, x->fix ? " => " : "",
			 x->fix ? x->fix : "");
	}
	return result;
}

const char *check_call_values_text(const fs_rules *rules, const char *callee,
				   const fs_value *args, size_t nargs)
{
	fs_call c = { callee, args, nargs, NULL, { 0 } };
	fs_findings f = { 0 };

	assert_int_equal(fs_check_call(rules, &c, &f), 0);
	findings_text(&f);
	fs_findings_free(&f);
	return result;
}

const char *check_call_text(const fs_rules *rules, const char *call)
{
	return check_call_text_on(rules, NULL, call);
}

/* Every field of each finding, for comparing two runs whole. */
static const char *findings_full_text(const fs_findings *f)
{
	note_consequences(f);
	result[0] = '\0';
	for (size_t i = 0; i < f->count; i++) {
		const fs_finding *x = &f->items[i];
		size_t len = strlen(result);
		char slot[24], term[24], swap[24];

		put_index(slot, sizeof(slot), x->slot);
		put_index(term, sizeof(term), x->term);
		put_index(swap, sizeof(swap), x->swap_slot);
		snprintf(result + len, sizeof(result) - len,
			 "%s %s:%s swap=%s use=%d fails=%s harms=%d %s %s%s%s\n",
			 fs_check_name(x->check), slot, term, swap, x->at_use,
			 x->fails_with ? x->fails_with : "-",
			 x->harms_on_success,
			 fs_consequence_name(x->consequence), x->message,
			 x->fix ? " => " : "",
			 x->fix ? x->fix : "");
	}
	return result;
}

/* check_call_text_on, through memo when full is set. */
static const char *run_check_call(fs_memo *memo, int full,
				  const fs_rules *rules, const char *target,
				  const char *call, const fs_outcome *outcome,
				  const fs_platform *platform)
{
	site_text st;
	fs_findings f = { 0 };
	char *open, *close;
	fs_call c = { 0 };

	snprintf(st.buf, sizeof(st.buf), "%s", call);
	open = strchr(st.buf, '(');
	close = strrchr(st.buf, ')');
	assert_non_null(open);
	assert_non_null(close);
	*open = *close = '\0';
	parse_list(&st, open + 1, NULL);
	c.callee = st.buf;
	c.args = st.values;
	c.nargs = st.count;
	c.target = target;
	if (outcome)
		c.outcome = *outcome;
	if (platform)
		c.platform = *platform;
	if (full)
		assert_int_equal(fs_check_call_memo(memo, rules, &c, &f), 0);
	else
		assert_int_equal(fs_check_call(rules, &c, &f), 0);
	if (full)
		findings_full_text(&f);
	else
		findings_text(&f);
	fs_findings_free(&f);
	return result;
}

const char *check_call_text_on(const fs_rules *rules, const char *target,
			       const char *call)
{
	return run_check_call(NULL, 0, rules, target, call, NULL, NULL);
}

const char *check_call_memo_text(fs_memo *memo, const fs_rules *rules,
				 const char *target, const char *call,
				 const fs_outcome *outcome)
{
	return run_check_call(memo, 1, rules, target, call, outcome, NULL);
}

const char *check_call_platform_text(const fs_rules *rules,
				     const fs_platform *platform,
				     const char *call,
				     const fs_outcome *outcome)
{
	return run_check_call(NULL, 1, rules, NULL, call, outcome, platform);
}

/* The storage of retry_of's retries. */
enum { MAX_RETRIES = 4, MAX_ERRNOS = 8 };
static site_text retry_texts[MAX_RETRIES];
static char retry_errno_text[MAX_RETRIES][256];
static const char *retry_errnos[MAX_RETRIES][MAX_ERRNOS];

/* A call written as text, "f(a, b)", as fs_call: its texts in st. */
static fs_call parse_call(site_text *st, const char *call)
{
	fs_call c = { 0 };
	char *open, *close;

	snprintf(st->buf, sizeof(st->buf), "%s", call);
	open = strchr(st->buf, '(');
	close = strrchr(st->buf, ')');
	assert_non_null(open);
	assert_non_null(close);
	*open = *close = '\0';
	parse_list(st, open + 1, NULL);
	c.callee = st->buf;
	c.args = st->values;
	c.nargs = st->count;
	return c;
}

fs_retry retry_of(size_t slot, const char *call, const char *errnos)
{
	site_text *st = &retry_texts[slot];
	fs_retry r = { 0 };
	fs_call c;
	char *save = NULL;

	assert_true(slot < MAX_RETRIES);
	c = parse_call(st, call);
	r.callee = c.callee;
	r.args = c.args;
	r.nargs = c.nargs;
	if (!strcmp(r.callee, "syscall") && st->count &&
	    st->values[0].nterms == 1)
		r.number = st->values[0].terms[0].name;
	snprintf(retry_errno_text[slot], sizeof(retry_errno_text[slot]), "%s",
		 errnos);
	for (char *p = strtok_r(retry_errno_text[slot], ",", &save); p;
	     p = strtok_r(NULL, ",", &save)) {
		assert_true(r.nerrnos < MAX_ERRNOS);
		retry_errnos[slot][r.nerrnos++] = trim(p);
	}
	r.errnos = retry_errnos[slot];
	return r;
}

static const char *record_text(const fs_rules *rules, const char *record,
			       const fs_call *given_to, size_t given_arg)
{
	site_text st;
	char *names[MAX_FIELDS];
	fs_field fields[MAX_FIELDS] = { { 0 } };
	fs_findings f = { 0 };
	fs_record r = { st.buf, fields, 0, 0 };
	char *brace, *dot;

	r.given_to = given_to;
	r.given_arg = given_arg;

	snprintf(st.buf, sizeof(st.buf), "%s", record);
	brace = strchr(st.buf, '{');
	dot = strchr(st.buf, '.');
	if (brace) {
		*brace = '\0';
		*strrchr(brace + 1, '}') = '\0';
		r.is_initializer = 1;
		parse_list(&st, brace + 1, names);
	} else {
		assert_non_null(dot);
		*dot = '\0';
		fields[0].is_compound = strstr(dot + 1, "|=") != NULL;
		parse_list(&st, dot + 1, names);
	}
	for (size_t i = 0; i < st.count; i++) {
		fields[i].name = names[i];
		fields[i].value = st.values[i];
	}
	r.nfields = st.count;
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	findings_text(&f);
	fs_findings_free(&f);
	return result;
}

const char *check_record_text(const fs_rules *rules, const char *record)
{
	return record_text(rules, record, NULL, 0);
}

const char *check_record_given_text(const fs_rules *rules, const char *record,
				    const char *call, size_t arg)
{
	static site_text st;
	fs_call c = parse_call(&st, call);

	return record_text(rules, record, &c, arg);
}

const char *check_spelling_text(const fs_rules *rules, const char *name)
{
	fs_findings f = { 0 };
	int res = fs_check_spelling(rules, name, &f);
	char head[8];

	findings_text(&f);
	snprintf(head, sizeof(head), "%d ", res);
	memmove(result + strlen(head), result, strlen(result) + 1);
	memcpy(result, head, strlen(head));
	fs_findings_free(&f);
	return result;
}

const char *decode_text(const fs_rules *rules, const char *func,
			int64_t value)
{
	static char text[1024];
	const fs_group *g = fs_model_function(rules, func);
	fs_buf b = { 0 };

	assert_non_null(g);
	fs_put_decode(&b, rules, &rules->calls.items[g->rules.items[0]].accept,
		      value);
	assert_false(b.failed);
	snprintf(text, sizeof(text), "%s", fs_buf_str(&b));
	fs_buf_free(&b);
	return text;
}

int free_state_rules(void **state)
{
	fs_rules_free(*state);
	return 0;
}

char **split_words(const char *command, size_t *n, char *buf, size_t size)
{
	char **words = calloc(16, sizeof(char *));
	char *save;

	assert_non_null(words);
	snprintf(buf, size, "%s", command);
	*n = 0;
	for (char *w = strtok_r(buf, " ", &save); w && *n < 15;
	     w = strtok_r(NULL, " ", &save))
		words[(*n)++] = w;
	return words;
}
