/* rules_combo.c: reads the excludes, requires and ignored-unless directives,
 * the flags a call rejects or ignores in combination with others. */
#include <stdio.h>
#include <string.h>

#include "rules_attr.h"
#include "rules_parse.h"

enum { ATTR_BITS, ATTR_EXCEPT, ATTR_UNLESS, ATTR_WITH, ATTR_FILE,
       ATTR_MEANS, ATTR_NOTE, ATTR_COUNT };

static const fs_attr_spec specs[ATTR_COUNT] = {
	[ATTR_BITS] = { "bits", 0 },
	[ATTR_EXCEPT] = { "except", 0 },
	[ATTR_UNLESS] = { "unless", 0 },
	[ATTR_WITH] = { "with", 0 },
	[ATTR_FILE] = { "file", 0 },
	[ATTR_MEANS] = { "means", 0 },
	[ATTR_NOTE] = { "note", 0 },
};

static const char *const kind_names[FS_COMBO_COUNT] = {
	[FS_COMBO_EXCLUDES] = "excludes",
	[FS_COMBO_REQUIRES] = "requires",
	[FS_COMBO_IGNORED_UNLESS] = "ignored-unless",
};

/* Whether the PARAM word is PARAM(*). */
static int is_any_param(const fs_token *tok)
{
	return tok->len >= 3 && !memcmp(tok->text + tok->len - 3, "(*)", 3);
}

/* SITE PARAM, as for needs-mode; or functions and PARAM(*): in each, the
 * argument its call rule names PARAM. */
static int read_site(fs_reader *rd, const fs_token *t, fs_combo_rule *r)
{
	fs_site_head head;

	if (is_any_param(&t[2])) {
		r->is_record = 0;
		return fs_syntax_names(rd, fs_token_span(&t[1]),
				       "function name", &r->sites) ||
		       fs_syntax_param_any(rd, fs_token_span(&t[2]),
					   &r->param) ? -1 : 0;
	}
	if (fs_parse_site(rd, &t[1], &head))
		return -1;
	r->sites = head.sites;
	r->is_record = head.is_record;
	r->param = head.param;
	return 0;
}

/* `-`: no OTHER (requires and ignored-unless): the FIRST is wrong there
 * whatever comes with it (O_ASYNC given to open()). */
static int read_alone(fs_reader *rd, const fs_token *tok, fs_combo_rule *r)
{
	if (r->kind == FS_COMBO_EXCLUDES) {
		fs_reader_error(rd, tok->col, "'excludes' needs the other "
				"flags, not '-'");
		return -1;
	}
	r->alone = 1;
	return 0;
}

/* [PARAM:]OTHER[,OTHER...], `*` or `-`; without PARAM: the OTHERs are in
 * the FIRSTs' argument or field. */
static int read_others(fs_reader *rd, const fs_token *tok, fs_combo_rule *r)
{
	fs_span sp = fs_token_span(tok);
	const char *colon = memchr(sp.s, ':', sp.n);

	r->other_param = r->param;
	if (sp.n == 1 && sp.s[0] == '-')
		return read_alone(rd, tok, r);
	if (colon) {
		fs_span head = { sp.s, (size_t)(colon - sp.s), sp.col };

		if (fs_parse_site_param(rd, head, r->is_record,
					&r->other_param))
			return -1;
		sp.col += head.n + 1;
		sp.n -= head.n + 1;
		sp.s = colon + 1;
	}
	if (sp.n == 1 && sp.s[0] == '*') {
		r->any_other = 1;
		return 0;
	}
	return fs_syntax_names(rd, sp, "macro name", &r->others);
}

/* bits=: an error (einval, eopnotsupp, eisdir) or misbehaves (the call
 * succeeds and does something else, which the note says); excludes also
 * takes ignored (the OTHER is ignored); ignored-unless says it in its
 * name. */
static int read_bits(fs_reader *rd, const fs_token *tok, fs_combo_rule *r)
{
	static const fs_bits values[] = { FS_BITS_EINVAL, FS_BITS_EOPNOTSUPP,
					  FS_BITS_EISDIR, FS_BITS_MISBEHAVES,
					  FS_BITS_IGNORED };
	size_t n = r->kind == FS_COMBO_EXCLUDES ? 5 : 4;
	const char *choices[5];
	int k;

	r->bits = r->kind == FS_COMBO_IGNORED_UNLESS ? FS_BITS_IGNORED
						     : FS_BITS_EINVAL;
	if (!tok)
		return 0;
	if (r->kind == FS_COMBO_IGNORED_UNLESS) {
		fs_reader_error(rd, tok->col, "'ignored-unless' takes no "
				"bits=: the flag is ignored");
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		choices[i] = fs_bits_words[values[i]];
	if ((k = fs_attr_choice(rd, tok, choices, n)) < 0)
		return -1;
	r->bits = values[k];
	return 0;
}

static int misplaced(fs_reader *rd, const fs_token *tok, const char *why)
{
	fs_reader_error(rd, tok->col, "'%.*s' %s", fs_quote_len(tok->key_len),
			tok->key, why);
	return -1;
}

/* except= goes with `*`; means= only with excludes; means= with bits=
 * needs a note= saying when the call does what bits= says. */
static int read_attrs(fs_reader *rd, const fs_token **found,
		      fs_combo_rule *r)
{
	const fs_token *means = found[ATTR_MEANS];

	if (found[ATTR_EXCEPT] && !r->any_other)
		return misplaced(rd, found[ATTR_EXCEPT], "needs '*' as the "
				 "other flags");
	if (means && r->kind != FS_COMBO_EXCLUDES)
		return misplaced(rd, means, "applies to 'excludes' only");
	if (means && found[ATTR_BITS] && !found[ATTR_NOTE])
		return misplaced(rd, found[ATTR_BITS], "with 'means' needs a "
				 "note= saying when the call does that");
	if (read_bits(rd, found[ATTR_BITS], r))
		return -1;
	r->has_bits = found[ATTR_BITS] != NULL;
	if (found[ATTR_EXCEPT] &&
	    fs_syntax_names(rd, fs_attr_value(found[ATTR_EXCEPT]),
			    "macro name", &r->except))
		return -1;
	if (found[ATTR_UNLESS] &&
	    fs_syntax_names(rd, fs_attr_value(found[ATTR_UNLESS]),
			    "macro name", &r->unless))
		return -1;
	if (found[ATTR_WITH] &&
	    fs_syntax_names(rd, fs_attr_value(found[ATTR_WITH]),
			    "macro name", &r->with))
		return -1;
	if (found[ATTR_FILE] &&
	    fs_syntax_param(rd, fs_attr_value(found[ATTR_FILE]), &r->file))
		return -1;
	if (means && fs_syntax_name(rd, fs_attr_value(means), "macro name",
				    &r->means))
		return -1;
	return fs_attr_note(rd, found[ATTR_NOTE], found[ATTR_BITS], r->bits,
			    &r->note);
}

/* KIND SITE PARAM FIRST[,FIRST...] [PARAM:]OTHER[,OTHER...] [attributes] */
static int parse_combo(fs_reader *rd, const fs_token *t, size_t n,
		       fs_combo_kind kind)
{
	static const char *const what[] = {
		"a function list or a struct tag", "the flags argument",
		"the flags the rule is about", "the other flags" };
	const fs_token *found[ATTR_COUNT];
	fs_combo_rule r = { .kind = kind };
	char where[32];

	r.origin.unit = rd->rules->unit;
	r.origin.pos = fs_reader_pos(rd, t[0].col);
	snprintf(where, sizeof(where), "'%s'", kind_names[kind]);
	if (fs_parse_expect(rd, t, n, what, 4) || read_site(rd, t, &r) ||
	    fs_syntax_names(rd, fs_token_span(&t[3]), "macro name",
			    &r.firsts) ||
	    read_others(rd, &t[4], &r) ||
	    fs_attrs_read(rd, where, t + 5, n - 5, specs, ATTR_COUNT, found) ||
	    read_attrs(rd, found, &r))
		return -1;
	return FS_PARSE_STORE(rd, combos, r, fs_model_add_combo, t[1].col,
			      "this %s rule is already given",
			      kind_names[kind]);
}

int fs_parse_excludes(fs_reader *rd, const fs_token *t, size_t n)
{
	return parse_combo(rd, t, n, FS_COMBO_EXCLUDES);
}

int fs_parse_requires(fs_reader *rd, const fs_token *t, size_t n)
{
	return parse_combo(rd, t, n, FS_COMBO_REQUIRES);
}

int fs_parse_ignored_unless(fs_reader *rd, const fs_token *t, size_t n)
{
	return parse_combo(rd, t, n, FS_COMBO_IGNORED_UNLESS);
}
