/* rules_directive.c: reads the call, result, field, needs-mode, deprecated
 * and equivalent directives into their tables. */
#include <string.h>

#include "rules_attr.h"
#include "rules_parse.h"
#include "base/count_of.h"

static fs_origin origin_of(fs_reader *rd, const fs_token *tok)
{
	fs_origin origin = { rd->rules->unit, fs_reader_pos(rd, tok->col) };

	return origin;
}

static int read_bits(fs_reader *rd, const fs_token *tok, fs_bits *bits)
{
	int k;

	*bits = FS_BITS_IGNORED;
	if (!tok)
		return 0;
	/* eisdir and misbehaves describe combinations, not a flag alone. */
	if ((k = fs_attr_choice(rd, tok, fs_bits_words,
				FS_BITS_UNREAD + 1)) < 0)
		return -1;
	*bits = (fs_bits)k;
	return 0;
}

/* bits=unread says the argument does not exist: only `0` may say that. */
static int check_unread(fs_reader *rd, const fs_token *tok, fs_bits bits,
			const fs_accept *accept)
{
	if (bits != FS_BITS_UNREAD || accept->is_zero)
		return 0;
	fs_reader_error(rd, tok->col, "bits=unread needs the accepted form "
			"'0' (an argument the call never reads)");
	return -1;
}

static const char *copy_value(fs_reader *rd, const fs_token *tok)
{
	return tok ? fs_syntax_copy(rd, fs_attr_value(tok)) : NULL;
}

/* complement=einval|eopnotsupp|misbehaves and complement-note="...": what
 * a complement given to an argument that replaces the flags does
 * (flagspace-complement-in-setter); they need `replaces`. */
static int read_complement(fs_reader *rd, const fs_token *bits,
			   const fs_token *note, fs_call_rule *r)
{
	static const char *const choices[] = { "einval", "eopnotsupp",
					       "misbehaves" };
	static const fs_bits meant[] = { FS_BITS_EINVAL, FS_BITS_EOPNOTSUPP,
					 FS_BITS_MISBEHAVES };
	const fs_token *given = bits ? bits : note;
	int k;

	r->complement = FS_BITS_MISBEHAVES;
	if (given && !r->replaces) {
		fs_reader_error(rd, given->col, "'%.*s' needs 'replaces': only "
				"an argument that replaces the flags sets "
				"what a complement leaves",
				fs_quote_len(given->key_len), given->key);
		return -1;
	}
	if (bits && (k = fs_attr_choice(rd, bits, choices,
					 FS_COUNT_OF(choices))) < 0)
		return -1;
	if (bits)
		r->complement = meant[k];
	if (note && !(r->complement_note = copy_value(rd, note))) {
		fs_reader_nomem(rd);
		return -1;
	}
	return 0;
}

/* call FUNC[,ALIAS...] PARAM(POS) ACCEPTED [bits=...] [when=...]
 * [replaces [complement=...] [complement-note="..."]] */
int fs_parse_call(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"function names", "PARAM(POS)", "the accepted flags" };
	static const fs_attr_spec specs[] = { { "bits", 0 }, { "when", 0 },
					      { "replaces", 1 },
					      { "complement", 0 },
					      { "complement-note", 0 } };
	const fs_token *found[5];
	fs_call_rule r = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 3) ||
	    fs_syntax_names(rd, fs_token_span(&t[1]), "function name",
			    &r.funcs) ||
	    fs_syntax_param(rd, fs_token_span(&t[2]), &r.param) ||
	    fs_syntax_accept(rd, fs_token_span(&t[3]), &r.accept) ||
	    fs_attrs_read(rd, "'call'", t + 4, n - 4, specs, 5, found) ||
	    read_bits(rd, found[0], &r.bits) ||
	    check_unread(rd, found[0], r.bits, &r.accept) ||
	    (found[1] && fs_syntax_when(rd, fs_attr_value(found[1]),
					&r.when_param, &r.when)))
		return -1;
	r.replaces = found[2] != NULL;
	if (read_complement(rd, found[3], found[4], &r))
		return -1;
	return FS_PARSE_STORE(rd, calls, r, fs_model_add_call, t[2].col,
			      "argument %zu already has a rule", r.param.pos);
}

/* result FUNC[,ALIAS...] ACCEPTED [when=...] [never=...]: what the return
 * value holds (never=: flags of its namespaces it never holds),
 * kept as a call rule at FS_RESULT_POS so that when= works as for calls. */
int fs_parse_result(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"function names", "the flags the result holds" };
	static const fs_attr_spec specs[] = { { "when", 0 }, { "never", 0 } };
	const fs_token *found[2];
	fs_call_rule r = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    fs_syntax_names(rd, fs_token_span(&t[1]), "function name",
			    &r.funcs) ||
	    fs_syntax_accept(rd, fs_token_span(&t[2]), &r.accept) ||
	    fs_attrs_read(rd, "'result'", t + 3, n - 3, specs, 2, found) ||
	    (found[0] && fs_syntax_when(rd, fs_attr_value(found[0]),
					&r.when_param, &r.when)) ||
	    (found[1] && fs_syntax_names(rd, fs_attr_value(found[1]),
					 "macro name", &r.never)))
		return -1;
	r.param.name = "result";
	r.param.pos = FS_RESULT_POS;
	r.bits = FS_BITS_NEVER_SET;
	r.is_result = 1;
	return FS_PARSE_STORE(rd, calls, r, fs_model_add_call, t[1].col,
			      "the result already has a rule");
}

/* swappable FUNC[,ALIAS...] A(POS) B(POS) */
int fs_parse_swappable(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"function names", "PARAM(POS)", "PARAM(POS)" };
	fs_swap_rule r = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 3) ||
	    fs_syntax_names(rd, fs_token_span(&t[1]), "function name",
			    &r.funcs) ||
	    fs_syntax_param(rd, fs_token_span(&t[2]), &r.a) ||
	    fs_syntax_param(rd, fs_token_span(&t[3]), &r.b) ||
	    fs_attrs_read(rd, "'swappable'", t + 4, n - 4, NULL, 0, NULL))
		return -1;
	if (r.a.pos == r.b.pos) {
		fs_reader_error(rd, t[3].col, "an argument cannot be swapped "
				"with itself");
		return -1;
	}
	return fs_parse_append(rd, FS_PARSE_TABLE(rd, swaps, r), &r) ==
	       FS_NONE ? -1 : 0;
}

/* RECORD.FIELD */
static int read_record_field(fs_reader *rd, const fs_token *tok,
			     fs_field_rule *r)
{
	fs_span sp = fs_token_span(tok), field;
	const char *dot = memchr(sp.s, '.', sp.n);
	fs_word record, name;

	if (!dot) {
		fs_reader_error(rd, sp.col, "expected RECORD.FIELD, such as "
				"open_how.flags, not '%.*s'",
				fs_quote_len(sp.n), sp.s);
		return -1;
	}
	field.s = dot + 1;
	field.n = sp.n - (size_t)(dot - sp.s) - 1;
	field.col = sp.col + (size_t)(dot - sp.s) + 1;
	sp.n = (size_t)(dot - sp.s);
	if (fs_syntax_name(rd, sp, "struct tag", &record) ||
	    fs_syntax_name(rd, field, "field name", &name))
		return -1;
	r->record = record.text;
	r->field = name.text;
	return 0;
}

/* field RECORD.FIELD ACCEPTED [bits=...] */
int fs_parse_field(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"RECORD.FIELD", "the accepted flags" };
	static const fs_attr_spec specs[] = { { "bits", 0 } };
	const fs_token *found[1];
	fs_field_rule r = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    read_record_field(rd, &t[1], &r) ||
	    fs_syntax_accept(rd, fs_token_span(&t[2]), &r.accept) ||
	    fs_attrs_read(rd, "'field'", t + 3, n - 3, specs, 1, found) ||
	    read_bits(rd, found[0], &r.bits) ||
	    check_unread(rd, found[0], r.bits, &r.accept))
		return -1;
	return FS_PARSE_STORE(rd, fields, r, fs_model_add_field, t[1].col,
			      "'%s.%s' already has a rule", r.record, r.field);
}

static int read_mode_site(fs_reader *rd, const fs_token *t, fs_mode_rule *r)
{
	fs_site_head head;

	if (fs_parse_site(rd, &t[1], &head))
		return -1;
	r->sites = head.sites;
	r->is_record = head.is_record;
	r->flags = head.param;
	if (t[3].len == 1 && t[3].text[0] == '-' && !r->is_record)
		r->mode = (fs_param){ NULL, FS_NONE };	/* no mode argument */
	else if (fs_parse_site_param(rd, fs_token_span(&t[3]), r->is_record,
				     &r->mode))
		return -1;
	return fs_syntax_names(rd, fs_token_span(&t[4]), "macro name",
			       &r->flag_names);
}

/* zero-unless= is for calls: a record's mode left 0 is always reported. */
static int misplaced_zero(fs_reader *rd, const fs_token *tok)
{
	fs_reader_error(rd, tok->col, "'zero-unless' applies to a function "
			"only");
	return -1;
}

/* instead=FUNC goes with the MODE `-`, and `-` needs it: the message says
 * which function takes the mode. */
static int read_instead(fs_reader *rd, const fs_token *t,
			const fs_token *tok, fs_mode_rule *r)
{
	fs_word name;

	if (!tok != (r->mode.name != NULL)) {
		fs_reader_error(rd, tok ? tok->col : t[3].col, tok ?
				"'instead' goes with the mode '-' only" :
				"a mode '-' needs instead=FUNC: the function "
				"that takes the mode");
		return -1;
	}
	if (!tok)
		return 0;
	if (fs_syntax_name(rd, fs_attr_value(tok), "function name", &name))
		return -1;
	r->instead = name.text;
	return 0;
}

/* needs-mode SITE FLAGS MODE FLAG[,FLAG...] [strict] [zero-unless=FLAG,...]
 *   [instead=FUNC] */
int fs_parse_needs_mode(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"a function list or a struct tag", "the flags argument",
		"the mode argument", "the flags that need a mode" };
	static const fs_attr_spec specs[] = { { "strict", 1 },
					      { "zero-unless", 0 },
					      { "instead", 0 } };
	const fs_token *found[3];
	fs_mode_rule r = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 4) ||
	    read_mode_site(rd, t, &r) ||
	    fs_attrs_read(rd, "'needs-mode'", t + 5, n - 5, specs, 3, found) ||
	    read_instead(rd, t, found[2], &r))
		return -1;
	if (found[1] && (r.is_record ||
			 fs_syntax_names(rd, fs_attr_value(found[1]),
					 "macro name", &r.zero_unless)))
		return r.is_record ? misplaced_zero(rd, found[1]) : -1;
	r.zero_mode = found[1] != NULL;
	if (found[0] && !r.is_record) {
		/* A function's mode argument is ignored without the flags. */
		fs_reader_error(rd, found[0]->col, "'strict' applies to a "
				"record only");
		return -1;
	}
	r.strict = found[0] != NULL;
	return FS_PARSE_STORE(rd, modes, r, fs_model_add_mode, t[1].col,
			      "this needs-mode rule is already given");
}

/* NEW of deprecated: `-`, or macro names joined by `|`, kept as written. */
static int read_replacement(fs_reader *rd, const fs_token *tok, fs_word *out)
{
	fs_span sp = fs_token_span(tok);
	fs_words names;

	if (!(sp.n == 1 && sp.s[0] == '-') &&
	    fs_syntax_name_list(rd, sp, '|', "macro name", &names))
		return -1;
	out->text = fs_syntax_copy(rd, sp);
	out->pos = fs_reader_pos(rd, sp.col);
	return out->text ? 0 : -1;
}

/* deprecated OLD NEW [reason="..."] [unneeded] */
int fs_parse_deprecated(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"the deprecated macro", "its replacement or -" };
	static const fs_attr_spec specs[] = { { "reason", 0 },
					      { "unneeded", 1 } };
	const fs_token *found[2];
	fs_deprecation d = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    fs_syntax_name(rd, fs_token_span(&t[1]), "macro name", &d.old) ||
	    read_replacement(rd, &t[2], &d.replacement) ||
	    fs_attrs_read(rd, "'deprecated'", t + 3, n - 3, specs, 2, found))
		return -1;
	if (found[0] && !(d.reason = copy_value(rd, found[0])))
		return -1;
	if (found[1] && strcmp(d.replacement.text, "-")) {
		fs_reader_error(rd, found[1]->col, "'unneeded' goes with the "
				"replacement '-' only");
		return -1;
	}
	d.unneeded = found[1] != NULL;
	return FS_PARSE_STORE(rd, deprecations, d, fs_model_add_deprecation,
			      t[1].col, "'%s' is already deprecated",
			      d.old.text);
}

/* equivalent FROM TO [certain] [scope="..."] [never-merged] */
int fs_parse_equivalent(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = {
		"the misplaced macro", "the macro it means" };
	static const fs_attr_spec specs[] = {
		{ "certain", 1 }, { "scope", 0 }, { "never-merged", 1 },
		{ "same-value", 1 } };
	const fs_token *found[4];
	fs_equivalent e = { .origin = origin_of(rd, &t[0]) };

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    fs_syntax_name(rd, fs_token_span(&t[1]), "macro name", &e.from) ||
	    fs_syntax_name(rd, fs_token_span(&t[2]), "macro name", &e.to) ||
	    fs_attrs_read(rd, "'equivalent'", t + 3, n - 3, specs, 4, found))
		return -1;
	if (found[1] && !(e.scope = copy_value(rd, found[1])))
		return -1;
	if (found[0] && found[2]) {
		/* A fix-it cannot insert a macro that no kernel defines. */
		fs_reader_error(rd, found[2]->col, "'never-merged' excludes "
				"'certain'");
		return -1;
	}
	e.certain = found[0] != NULL;
	e.never_merged = found[2] != NULL;
	e.same_value = found[3] != NULL;
	return FS_PARSE_STORE(rd, equivalents, e, fs_model_add_equivalent,
			      t[1].col, "'%s' is already equivalent to '%s'",
			      e.from.text, e.to.text);
}
