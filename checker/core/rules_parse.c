/* rules_parse.c: dispatches each line of a rules text to its directive, and
 * reads namespaces and their member lines. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "rules_attr.h"
#include "rules_parse.h"
#include "rules_sniff.h"
#include "strbuf.h"
#include "base/count_of.h"

static const struct directive {
	const char *name;
	int (*parse)(fs_reader *rd, const fs_token *toks, size_t n);
} directives[] = {
#define FS_DIRECTIVE(word, reader) { word, reader },
#include "rules_directives.def"
#undef FS_DIRECTIVE
};

static int set_prefix(fs_reader *rd, size_t ns, const fs_token *tok)
{
	fs_namespace *space = &rd->rules->namespaces.items[ns];
	fs_span sp = fs_attr_value(tok);

	if (!fs_lex_is_name(sp.s, sp.n)) {
		fs_reader_error(rd, sp.col, "expected a prefix such as O_, "
				"not '%.*s'", fs_quote_len(sp.n), sp.s);
		return -1;
	}
	if (!space->prefix) {
		space->prefix = fs_syntax_copy(rd, sp);
		return space->prefix ? 0 : -1;
	}
	if (strlen(space->prefix) == sp.n && !memcmp(space->prefix, sp.s, sp.n))
		return 0;
	fs_reader_error(rd, sp.col, "namespace '%s' has the prefix '%s' "
			"(%s:%zu:%zu), not '%.*s'", space->name, space->prefix,
			space->pos.file, space->pos.line, space->pos.col,
			fs_quote_len(sp.n), sp.s);
	return -1;
}

static size_t new_namespace(fs_reader *rd, const fs_word *name,
			    const fs_token *desc)
{
	size_t id = FS_NEW_ENTRY(rd->rules, namespaces);
	fs_namespace *ns;

	if (id == FS_NONE) {
		fs_reader_nomem(rd);
		return FS_NONE;
	}
	ns = &rd->rules->namespaces.items[id];
	ns->name = name->text;
	ns->pos = name->pos;
	if (desc && !(ns->desc = fs_syntax_copy(rd, fs_attr_value(desc))))
		return FS_NONE;
	if (fs_model_add_namespace(rd->rules, id) != FS_ADD_OK) {
		fs_reader_nomem(rd);
		return FS_NONE;
	}
	return id;
}

/* kind=bits|enum. A reopened namespace keeps its kind: saying another one
 * is an error, leaving it out is not. */
static int set_kind(fs_reader *rd, size_t ns, const fs_token *tok, int is_new)
{
	static const char *const kinds[] = { "bits", "enum" };
	fs_namespace *space = &rd->rules->namespaces.items[ns];
	int k;

	if (!tok)
		return 0;
	if ((k = fs_attr_choice(rd, tok, kinds, 2)) < 0)
		return -1;
	if (is_new || k == space->is_enum) {
		space->is_enum = k;
		return 0;
	}
	fs_reader_error(rd, fs_attr_value(tok).col, "namespace '%s' is "
			"kind=%s (%s:%zu:%zu)", space->name, kinds[space->is_enum],
			space->pos.file, space->pos.line, space->pos.col);
	return -1;
}

/* namespace NAME prefix=PREFIX [desc="..."] [shown="..."] [kind=enum];
 * reopening adds members, and may leave the prefix out. */
int fs_parse_namespace(fs_reader *rd, const fs_token *toks, size_t n)
{
	static const fs_attr_spec specs[] = { { "prefix", 0 }, { "desc", 0 },
						{ "shown", 0 }, { "kind", 0 } };
	static const fs_head head = { "a namespace name", "namespace",
				      "'namespace'", specs, 4,
				      fs_model_namespace };
	const fs_token *found[4];
	fs_word name;
	size_t ns;
	int is_new;

	if (fs_parse_head(rd, toks, n, &head, found, &name, &ns))
		return -1;
	is_new = ns == FS_NONE;
	if (is_new && (ns = new_namespace(rd, &name, found[1])) == FS_NONE)
		return -1;
	if ((found[0] && set_prefix(rd, ns, found[0])) ||
	    set_kind(rd, ns, found[3], is_new))
		return -1;
	if (found[2] && !(rd->rules->namespaces.items[ns].shown =
			  fs_syntax_copy(rd, fs_attr_value(found[2]))))
		return -1;
	rd->ns = ns;
	return 0;
}

static int read_member_attrs(fs_reader *rd, const fs_token *toks, size_t n,
			     fs_member *m)
{
	static const fs_attr_spec specs[] = { { "same", 0 }, { "value", 0 },
					      { "mask", 0 }, { "covers", 0 } };
	static const char *const kinds[] = { "field" };
	const fs_token *found[4];

	if (fs_attrs_read(rd, "a member line", toks, n, specs, 4, found))
		return -1;
	if (found[3] && fs_syntax_names(rd, fs_attr_value(found[3]),
					"macro name", &m->covers))
		return -1;
	if (found[0] && fs_syntax_name(rd, fs_attr_value(found[0]),
				       "macro name", &m->same))
		return -1;
	if (found[2] && fs_syntax_name(rd, fs_attr_value(found[2]),
				       "macro name", &m->mask))
		return -1;
	if (found[1] && fs_attr_choice(rd, found[1], kinds, 1) < 0)
		return -1;
	m->is_field = found[1] != NULL;
	return 0;
}

static const char *member_namespace(const fs_rules *rules, size_t member)
{
	return rules->namespaces.items[rules->members.items[member].ns].name;
}

/* MACRO VALUE [same=OTHER] [value=field] [mask=FIELD] [covers=VALUE,...],
 * inside a namespace. */
static int parse_member(fs_reader *rd, const fs_token *toks, size_t n)
{
	static const char *const what[] = { "the value of the macro" };
	fs_member m = { .ns = rd->ns };
	fs_word name;
	size_t old;

	if (fs_syntax_name(rd, fs_token_span(&toks[0]), "macro name", &name) ||
	    fs_parse_expect(rd, toks, n, what, 1) ||
	    fs_parse_number(rd, &toks[1], &m.value) ||
	    read_member_attrs(rd, toks + 2, n - 2, &m))
		return -1;
	m.name = name.text;
	m.origin.unit = rd->rules->unit;
	m.origin.pos = name.pos;
	old = fs_model_member(rd->rules, m.name);
	return FS_PARSE_STORE(rd, members, m, fs_model_add_member, toks[0].col,
			      "'%s' is already a member of namespace '%s'",
			      m.name, old == FS_NONE ? "" :
			      member_namespace(rd->rules, old));
}

static const struct directive *find_directive(const fs_token *tok)
{
	if (tok->key)
		return NULL;
	for (size_t i = 0; i < FS_COUNT_OF(directives); i++)
		if (strlen(directives[i].name) == tok->len &&
		    !memcmp(directives[i].name, tok->text, tok->len))
			return &directives[i];
	return NULL;
}

static void parse_line(fs_reader *rd, const fs_token *toks, size_t n)
{
	const struct directive *d = find_directive(&toks[0]);

	if (rd->skip && !(d && d->parse == fs_parse_profile))
		return;		/* another profile's section */
	if (d) {
		rd->ns = FS_NONE;
		rd->arch = FS_NONE;
		d->parse(rd, toks, n);
	} else if (rd->arch != FS_NONE && !toks[0].key) {
		fs_parse_arch_value(rd, toks, n);
	} else if (rd->ns != FS_NONE && !toks[0].key) {
		parse_member(rd, toks, n);
	} else {
		fs_reader_error(rd, toks[0].col, "unknown directive '%.*s' "
				"(a member line needs an open namespace)",
				fs_quote_len(toks[0].len), toks[0].text);
	}
}

void fs_parse_text(fs_reader *rd, const char *text, size_t len)
{
	fs_line_iter it = { text, len, 0, 0 };
	fs_tokens toks = { 0 };
	const char *line;
	size_t line_len;

	rd->ns = FS_NONE;
	rd->arch = FS_NONE;
	rd->skip = 0;
	if (!fs_sniff_rules(rd, text, len))
		return;		/* not a word of it may be quoted */
	while (fs_reader_going(rd) && fs_lex_next_line(&it, &line, &line_len)) {
		rd->line = it.number;
		if (fs_lex_line(rd, line, line_len, &toks) == 0 && toks.count)
			parse_line(rd, toks.items, toks.count);
	}
	free(toks.items);
}
