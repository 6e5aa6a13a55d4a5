/* check_bit_test.c: a value tested with & as if it were a bit: a flag
 * whose value is 0 (`flags & O_RDONLY` is always 0), or one value of an
 * enumeration or of a multi-bit field that shares bits with other values
 * of it (`mode & S_IFDIR` is also true for S_IFBLK). The & may be compared
 * with 0 or with the flag itself: `(mode & S_IFDIR) == S_IFDIR` holds for
 * every value that has all of S_IFDIR's bits (S_IFBLK, S_IFSOCK), while
 * `(mode & S_IFSOCK) == S_IFSOCK` holds for S_IFSOCK alone and works. */
#include <string.h>

#include "accept.h"
#include "algebra.h"
#include "arch.h"
#include "check_call.h"
#include "findings.h"
#include "message.h"
#include "strbuf.h"

/* Longer operands are left out of messages: they would bury the point. */
#define MAX_SHOWN 40
/* Other values named in "also true for": the rest are "...". */
#define MAX_OTHERS 4

/* How the & is read: alone (`if (mode & S_IFDIR)`), compared with 0, or
 * compared with the flag itself. */
typedef enum test_form {
	FORM_AND,
	FORM_ZERO,
	FORM_SELF,
} test_form;

/* One bit test being reported. */
typedef struct test {
	const fs_rules *rules;
	const fs_bit_test *facts;
	size_t arch;
	size_t term;		/* the tested flag's term */
	size_t m;		/* its member */
	int side;		/* its operand: 0 left, 1 right */
	int64_t value;		/* its value at the site */
	test_form form;
	int wants_set;		/* the test is true when the flag is there */
} test;

static const fs_member *member(const test *t, size_t m)
{
	return &t->rules->members.items[m];
}

static const char *shown(const test *t, int side)
{
	const char *s = t->facts->operands[side];

	if (!s || strlen(s) > MAX_SHOWN || strchr(s, '\n'))
		return NULL;
	return s;
}

/* Member m's value is 0 on every architecture the rules know: a flag 0 on
 * some only (glibc's O_LARGEFILE on 64-bit targets) is a portable test. */
static int is_zero_everywhere(const fs_rules *rules, size_t m)
{
	if (rules->members.items[m].value != 0)
		return 0;
	for (size_t a = 0; a < rules->arches.count; a++)
		if (fs_member_is_on(rules, m, a) &&
		    fs_member_value(rules, m, a) != 0)
			return 0;
	return 1;
}

/* Whether member k is a value of the same field or enumeration as t's. */
static int is_sibling(const test *t, size_t k)
{
	const fs_member *own = member(t, t->m), *other = member(t, k);

	if (k == t->m || other->is_field)
		return 0;
	if (own->mask.text)
		return other->mask.text && !strcmp(own->mask.text,
						   other->mask.text);
	return 1;
}

/* Whether the flag's member is one value of a field or an enumeration
 * (not a bit of its own). */
static int is_a_value(const test *t)
{
	const fs_member *own = member(t, t->m);

	if (own->is_field)
		return 0;	/* the mask itself (S_IFMT) */
	return own->mask.text || t->rules->namespaces.items[own->ns].is_enum;
}

/* Whether the test reads value w as it reads the flag's own value. */
static int reads_alike(const test *t, int64_t w)
{
	if (t->form == FORM_SELF)
		return (w & t->value) == t->value;
	return (w & t->value) != 0;
}

/* ", " joined names of the other values the test reads as the flag, one
 * per value; returns how many. */
static size_t put_overlaps(fs_buf *b, const test *t)
{
	const fs_ids *ids = &t->rules->namespaces.items[member(t, t->m)->ns]
				     .members;
	int64_t seen[MAX_OTHERS + 1];
	size_t n = 0;

	for (size_t i = 0; i < ids->count; i++) {
		size_t k = ids->items[i];
		int64_t w = fs_member_value(t->rules, k, t->arch);
		int dup = 0;

		if (!is_sibling(t, k) || !fs_member_is_on(t->rules, k, t->arch) ||
		    w == t->value || !reads_alike(t, w))
			continue;
		for (size_t j = 0; j < n && j <= MAX_OTHERS; j++)
			dup |= seen[j] == w;
		if (dup)
			continue;
		if (n < MAX_OTHERS)
			fs_buf_printf(b, "%s%s", n ? ", " : "",
				      member(t, k)->name);
		else if (n == MAX_OTHERS)
			fs_buf_puts(b, ", ...");
		if (n <= MAX_OTHERS)
			seen[n] = w;
		n++;
	}
	return n;
}

/* "'flags & O_RDONLY'" as written, or "a test of it with &"; a comparison
 * as written, or "a comparison of it". */
static void put_expression(fs_buf *b, const test *t)
{
	const char *l = shown(t, 0), *r = shown(t, 1);
	const char *c = t->facts->compare_text;

	if (t->form != FORM_AND) {
		if (c && strlen(c) <= 2 * MAX_SHOWN && !strchr(c, '\n'))
			fs_buf_printf(b, "'%s'", c);
		else
			fs_buf_puts(b, "a comparison of it");
	} else if (l && r)
		fs_buf_printf(b, "'%s %s %s'", l,
			      t->facts->is_assign ? "&=" : "&", r);
	else
		fs_buf_puts(b, "a test of it with &");
}

/* "; test '(flags & O_ACCMODE) == O_RDONLY'" or "; test 'w == SEEK_SET'":
 * what compares one value of a field; nothing for a flag of its own. */
static void put_meant(fs_buf *b, const test *t)
{
	const fs_member *own = member(t, t->m);
	const char *x = shown(t, !t->side);

	if (!is_a_value(t) || t->facts->is_assign)
		return;
	if (!x)
		x = "...";
	const char *op = t->wants_set ? "==" : "!=";
	if (own->mask.text)
		fs_buf_printf(b, "; test '(%s & %s) %s %s'", x, own->mask.text,
			      op, own->name);
	else
		fs_buf_printf(b, "; test '%s %s %s'", x, op, own->name);
}

/* "O_RDONLY is 0: 'flags & O_RDONLY' is always 0; test ..." */
static int report_zero(const test *t, fs_findings *out)
{
	fs_buf b = { 0 };
	const char *x = shown(t, !t->side);

	fs_buf_printf(&b, "%s is 0: ", member(t, t->m)->name);
	put_expression(&b, t);
	if (t->facts->is_assign && x)
		fs_buf_printf(&b, " sets %s to 0", x);
	else if (t->form != FORM_AND)
		fs_buf_printf(&b, " is always %s",
			      t->facts->compare == FS_CMP_EQ ? "true" : "false");
	else
		fs_buf_puts(&b, " is always 0");
	put_meant(&b, t);
	if (fs_findings_add(out, FS_CHECK_VALUE_BIT_TEST, 0, t->term, &b, NULL))
		return -1;
	/* `x &= 0` clears x; a test of a 0 flag is always the same. */
	fs_findings_say(out, t->facts->is_assign ? FS_SAYS_CHANGES
						 : FS_SAYS_WRONG_TEST);
	return 0;
}

/* "S_IFDIR is a value of the S_IFMT field, not a bit: 'mode & S_IFDIR'
 * is also true for S_IFBLK; test '(mode & S_IFMT) == S_IFDIR'". Nothing
 * when no other value shares its bits: the test then works. */
static int report_value(const test *t, fs_findings *out)
{
	const fs_member *own = member(t, t->m);
	fs_buf b = { 0 }, others = { 0 };
	int res = 0;

	if (put_overlaps(&others, t) && !others.failed) {
		fs_buf_printf(&b, "%s is a value of the ", own->name);
		if (own->mask.text)
			fs_buf_printf(&b, "%s field", own->mask.text);
		else
			fs_put_prefix(&b, t->rules, own->ns);
		fs_buf_puts(&b, ", not a bit: ");
		put_expression(&b, t);
		fs_buf_printf(&b, " is also %s for %s",
			      t->wants_set ? "true" : "false",
			      fs_buf_str(&others));
		put_meant(&b, t);
		res = fs_findings_add(out, FS_CHECK_VALUE_BIT_TEST, 0, t->term,
				      &b, NULL);
		if (!res)
			fs_findings_say(out, FS_SAYS_WRONG_TEST);
	}
	fs_buf_free(&others);
	return res;
}

/* Whether a `field` rule of record.field takes namespace ns. */
static int field_takes_ns(const fs_rules *rules, const char *record,
			  const char *field, size_t ns)
{
	const fs_group *g = fs_model_record(rules, record);

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_field_rule *r = &rules->fields.items[g->rules.items[i]];

		if (!strcmp(r->field, field) &&
		    fs_accept_is_known(rules, &r->accept) &&
		    fs_accept_has_ns(rules, &r->accept, ns))
			return 1;
	}
	return 0;
}

/* Whether the tested operand provably holds the flag's namespace: it is
 * given to an argument, is the result of a call, or is read from a field
 * that holds it. */
static int holds_namespace(const test *t)
{
	const fs_bit_test *f = t->facts;
	size_t ns = member(t, t->m)->ns;

	if (f->holder)
		return fs_call_takes_ns(t->rules, f->holder, f->holder_arg, ns);
	return f->holder_record && f->holder_field &&
	       field_takes_ns(t->rules, f->holder_record, f->holder_field, ns);
}

/* Whether the function also tests the operand against another value of
 * the field, or its mask: together the tests may be right (`fl & O_WRONLY
 * || fl & O_RDWR`). */
static int tested_elsewhere(const test *t)
{
	const fs_member *own = member(t, t->m);

	for (size_t i = 0; i < t->facts->ntested_with; i++) {
		const char *name = t->facts->tested_with[i];
		size_t k = name ? fs_model_member(t->rules, name) : FS_NONE;

		if (k != FS_NONE && (!strcmp(name, own->mask.text) ||
				     (k != t->m && is_sibling(t, k))))
			return 1;
	}
	return 0;
}

/* Whether member k's covers= names the tested flag. */
static int covers_flag(const test *t, size_t k)
{
	const fs_words *c = &member(t, k)->covers;

	for (size_t i = 0; i < c->count; i++)
		if (!strcmp(c->items[i].text, member(t, t->m)->name))
			return 1;
	return 0;
}

/* The values of the field that cover the flag and that the test reads
 * otherwise (O_RDWR for `flags & O_WRONLY`), ", " joined; *zero: the
 * field's value 0 (O_RDONLY), when every value but it is the flag or
 * covers it, else NULL. Returns how many. */
static size_t put_covering(fs_buf *b, const test *t, const char **zero)
{
	const fs_ids *ids = &t->rules->namespaces.items[member(t, t->m)->ns]
				     .members;
	size_t n = 0, zeros = 0;
	int others = 0;

	*zero = NULL;
	for (size_t i = 0; i < ids->count; i++) {
		size_t k = ids->items[i];
		int64_t w = fs_member_value(t->rules, k, t->arch);

		if (!is_sibling(t, k) || !fs_member_is_on(t->rules, k, t->arch))
			continue;
		if (w == 0) {
			zeros++;
			*zero = member(t, k)->name;
		} else if (covers_flag(t, k) && !reads_alike(t, w)) {
			fs_buf_printf(b, "%s%s", n++ ? ", " : "",
				      member(t, k)->name);
		} else if (w != t->value) {
			others = 1;
		}
	}
	if (zeros != 1 || others)
		*zero = NULL;
	return n;
}

/* "(flags & O_ACCMODE) == O_WRONLY": the test of the flag alone. */
static void put_value_test(fs_buf *b, const test *t, const char *x,
			   const char *op, const char *name)
{
	fs_buf_printf(b, "(%s & %s) %s %s", x, member(t, t->m)->mask.text, op,
		      name);
}

/* "O_WRONLY is one value of the O_ACCMODE field, not a bit: 'flags &
 * O_WRONLY' is false for O_RDWR, which includes it; test '(flags &
 * O_ACCMODE) == O_WRONLY', or '(flags & O_ACCMODE) != O_RDONLY' for
 * O_WRONLY or O_RDWR". The fix, where the test's shape is certain: the
 * first, which keeps what the code does for every access mode but 3. */
static int report_covered(const test *t, fs_findings *out)
{
	const fs_member *own = member(t, t->m);
	const char *x = shown(t, !t->side), *zero;
	const char *op = t->wants_set ? "==" : "!=";
	fs_buf b = { 0 }, cov = { 0 }, fix = { 0 };
	int res = 0;

	if (put_covering(&cov, t, &zero) && !cov.failed) {
		fs_buf_printf(&b, "%s is one value of the %s field, not a bit: ",
			      own->name, own->mask.text);
		put_expression(&b, t);
		fs_buf_printf(&b, " is %s for %s, which %s it; test '",
			      t->wants_set ? "false" : "also true",
			      fs_buf_str(&cov),
			      strchr(fs_buf_str(&cov), ',') ? "include"
							     : "includes");
		put_value_test(&b, t, x ? x : "...", op, own->name);
		fs_buf_puts(&b, "'");
		if (zero && t->wants_set)
			fs_buf_printf(&b, ", or '(%s & %s) != %s' for %s or %s",
				      x ? x : "...", own->mask.text, zero,
				      own->name, fs_buf_str(&cov));
		else if (zero)
			fs_buf_printf(&b, ", or '(%s & %s) == %s' for neither",
				      x ? x : "...", own->mask.text, zero);
		if (x && t->facts->fixable)
			put_value_test(&fix, t, x, op, own->name);
		res = fs_findings_add(out, FS_CHECK_VALUE_BIT_TEST, 0, t->term,
				      &b, fix.len && !fix.failed
					      ? fs_buf_str(&fix) : NULL);
		if (!res) {
			out->items[out->count - 1].fix_whole = 1;
			fs_findings_say(out, FS_SAYS_WRONG_TEST);
		}
	}
	fs_buf_free(&cov);
	fs_buf_free(&fix);
	fs_buf_free(&b);
	return res;
}

/* The operand the lone term is: the root's first operand is node 1. */
static int side_of(const fs_value *v, size_t term)
{
	return !(v->nnodes > 1 && v->nodes[1].op == FS_OP_TERM &&
		 v->nodes[1].term == term);
}

/* How the comparison the & is an operand of reads it: with 0, with the
 * flag itself (its name, or its value when not 0). Returns 0 when it
 * compares with anything else (a variable, another value): not a bit
 * test, and nothing to say. */
static int read_form(test *t, const char *name)
{
	const fs_bit_test *f = t->facts;
	const char *single;
	fs_reading r;
	int self_name, constant;
	int64_t c;

	t->form = FORM_AND;
	t->wants_set = 1;
	if (f->compare == FS_CMP_NONE)
		return 1;
	if ((f->compare != FS_CMP_EQ && f->compare != FS_CMP_NE) ||
	    fs_read_value(t->rules, &f->compared, &r))
		return 0;
	single = fs_reading_single_name(&r);
	self_name = single && !strcmp(single, name);
	constant = !r.unknown && r.may == r.must;
	c = (int64_t)r.must;
	fs_reading_free(&r);
	if (self_name || (constant && c == t->value && c != 0))
		t->form = FORM_SELF;
	else if (constant && c == 0)
		t->form = FORM_ZERO;
	else
		return 0;
	/* `== flag` and `!= 0` hold when the flag is there. */
	t->wants_set = (t->form == FORM_SELF) == (f->compare == FS_CMP_EQ);
	return 1;
}

static int check_term(test *t, fs_findings *out)
{
	const fs_term *term = &t->facts->value.terms[t->term];
	size_t before = out->count;

	if (!term->name || !fs_term_value(t->rules, term, &t->value) ||
	    (t->m = fs_model_member(t->rules, term->name)) == FS_NONE ||
	    !read_form(t, term->name))
		return 0;
	if (t->value == 0)
		return is_zero_everywhere(t->rules, t->m) ? report_zero(t, out)
							  : 0;
	if (t->facts->is_assign || !is_a_value(t))
		return 0;
	if (report_value(t, out))
		return -1;
	if (out->count == before && member(t, t->m)->mask.text &&
	    holds_namespace(t) && !tested_elsewhere(t))
		return report_covered(t, out);
	return 0;
}

int fs_check_bit_test(const fs_rules *rules, const fs_bit_test *facts,
		      fs_findings *out)
{
	test t = { rules, facts, FS_NONE, FS_NONE, FS_NONE, 0, 0, FORM_AND, 1 };
	fs_reading reading;
	int res = 0;

	if (!rules || !facts || !out || !facts->value.nodes)
		return 0;
	if (fs_read_value(rules, &facts->value, &reading))
		return -1;
	t.term = fs_reading_and_alone(&reading);
	if (t.term != FS_NONE) {
		t.side = side_of(&facts->value, t.term);
		t.arch = fs_arch_of_triple(rules, facts->target);
		res = check_term(&t, out);
	}
	fs_reading_free(&reading);
	return res < 0 ? -1 : 0;
}
