/* rules_since.c: reads the since directive: from which versions of the C
 * library and the kernel a call, or a flag of it, works as asked. */
#include <stdio.h>
#include <string.h>

#include "rules_attr.h"
#include "rules_parse.h"

enum { ATTR_GLIBC, ATTR_LINUX, ATTR_EMULATED, ATTR_VIA, ATTR_BITS,
       ATTR_NOTE, ATTR_INSTEAD, ATTR_ELSE, ATTR_WHEN, ATTR_COUNT };

static const fs_attr_spec specs[ATTR_COUNT] = {
	[ATTR_GLIBC] = { "glibc", 0 },
	[ATTR_LINUX] = { "linux", 0 },
	[ATTR_EMULATED] = { "emulated", 1 },
	[ATTR_VIA] = { "via", 0 },
	[ATTR_BITS] = { "bits", 0 },
	[ATTR_NOTE] = { "note", 0 },
	[ATTR_INSTEAD] = { "instead", 0 },
	[ATTR_ELSE] = { "else", 0 },
	[ATTR_WHEN] = { "when", 0 },
};

static int nomem(fs_reader *rd)
{
	fs_reader_nomem(rd);
	return -1;
}

static int read_version(fs_reader *rd, const fs_token *tok, uint32_t *out)
{
	fs_span v;

	*out = 0;
	if (!tok)
		return 0;
	v = fs_attr_value(tok);
	if (!fs_version_parse(v.s, v.n, out))
		return 0;
	fs_reader_error(rd, v.col, "bad version '%.*s' in '%.*s': expected "
			"X.Y or X.Y.Z", fs_quote_len(v.n), v.s,
			fs_quote_len(tok->key_len), tok->key);
	return -1;
}

/* bits=: what the call does before those versions. Default: ENOSYS for
 * the call itself, EINVAL for a flag. */
static int read_bits(fs_reader *rd, const fs_token *tok, fs_since_rule *r)
{
	static const char *const choices[] = { "einval", "eopnotsupp",
					       "enosys", "eisdir", "ignored",
					       "misbehaves" };
	static const fs_bits values[] = { FS_BITS_EINVAL, FS_BITS_EOPNOTSUPP,
					  FS_BITS_ENOSYS, FS_BITS_EISDIR,
					  FS_BITS_IGNORED, FS_BITS_MISBEHAVES };
	int k;

	r->bits = r->flags.count ? FS_BITS_EINVAL : FS_BITS_ENOSYS;
	if (!tok)
		return 0;
	if ((k = fs_attr_choice(rd, tok, choices, 6)) < 0)
		return -1;
	r->bits = values[k];
	return 0;
}

/* via=: syscall (a raw syscall() only) or libc (the C library's function
 * only); without it, both. */
static int read_via(fs_reader *rd, const fs_token *tok, fs_since_rule *r)
{
	static const char *const choices[] = { "syscall", "libc" };
	int k;

	r->via = FS_VIA_ANY;
	if (!tok)
		return 0;
	if ((k = fs_attr_choice(rd, tok, choices, 2)) < 0)
		return -1;
	r->via = k ? FS_VIA_LIBC : FS_VIA_SYSCALL;
	return 0;
}

static int read_attrs(fs_reader *rd, const fs_token *dir,
		      const fs_token **found, fs_since_rule *r)
{
	if (read_version(rd, found[ATTR_GLIBC], &r->glibc) ||
	    read_via(rd, found[ATTR_VIA], r) ||
	    read_version(rd, found[ATTR_LINUX], &r->kernel) ||
	    read_bits(rd, found[ATTR_BITS], r))
		return -1;
	if (!r->glibc && !r->kernel) {
		fs_reader_error(rd, dir->col, "'since' needs glibc= or "
				"linux=: the versions it works from");
		return -1;
	}
	r->emulated = found[ATTR_EMULATED] != NULL;
	if (found[ATTR_ELSE] &&
	    fs_syntax_names(rd, fs_attr_value(found[ATTR_ELSE]),
			    "function name", &r->fallbacks))
		return -1;
	if (found[ATTR_WHEN] &&
	    fs_syntax_when(rd, fs_attr_value(found[ATTR_WHEN]), &r->when_param,
			   &r->when))
		return -1;
	if (found[ATTR_INSTEAD] &&
	    !(r->instead = fs_syntax_copy(rd,
					  fs_attr_value(found[ATTR_INSTEAD]))))
		return -1;
	return fs_attr_note(rd, found[ATTR_NOTE], found[ATTR_BITS], r->bits,
			    &r->note);
}

/* SYS_x and __NR_x of each function: a raw syscall() names the call so. */
static int add_raw_names(fs_reader *rd, fs_since_rule *r)
{
	static const char *const forms[] = { "SYS_%s", "__NR_%s" };
	size_t n = r->funcs.count * 2;
	fs_word *items = fs_arena_alloc(&rd->rules->arena, n * sizeof(*items));
	char name[128];

	if (!items)
		return nomem(rd);
	for (size_t i = 0; i < n; i++) {
		const fs_word *f = &r->funcs.items[i / 2];
		int len = snprintf(name, sizeof(name), forms[i % 2], f->text);

		items[i].pos = f->pos;
		if (len < 0 || (size_t)len >= sizeof(name) ||
		    !(items[i].text = fs_arena_strndup(&rd->rules->arena, name,
						       (size_t)len)))
			return nomem(rd);
	}
	r->raw = (fs_words){ items, n };
	return 0;
}

/* FUNC[,ALIAS...], then PARAM(POS) FLAG[,FLAG...] unless the rule is about
 * the call itself. Returns the number of positional words read, or -1. */
static int read_head(fs_reader *rd, const fs_token *t, size_t n,
		     fs_since_rule *r)
{
	static const char *const what[] = { "function names", "PARAM(POS)",
					    "the flags the rule is about" };
	size_t words = n > 2 && !t[2].key ? 3 : 1;

	if (fs_parse_expect(rd, t, n, what, words) ||
	    fs_syntax_names(rd, fs_token_span(&t[1]), "function name",
			    &r->funcs))
		return -1;
	r->param.pos = FS_NONE;
	if (words == 1)
		return add_raw_names(rd, r) ? -1 : 1;
	if (fs_syntax_param(rd, fs_token_span(&t[2]), &r->param) ||
	    fs_syntax_names(rd, fs_token_span(&t[3]), "macro name",
			    &r->flags))
		return -1;
	return 3;
}

/* since FUNC[,ALIAS...] [PARAM(POS) FLAG[,FLAG...]] [glibc=X.Y]
 * [linux=X.Y[.Z]] [emulated] [via=syscall|libc] [bits=...] [note="..."]
 * [instead="..."] [else=FUNC[,FUNC...]] [when=PARAM(POS):FLAG[,FLAG...]] */
int fs_parse_since(fs_reader *rd, const fs_token *t, size_t n)
{
	const fs_token *found[ATTR_COUNT];
	fs_since_rule r = { .origin = { rd->rules->unit,
					fs_reader_pos(rd, t[0].col) } };
	int words;
	size_t id;

	if ((words = read_head(rd, t, n, &r)) < 0 ||
	    fs_attrs_read(rd, "'since'", t + 1 + words, n - 1 - (size_t)words,
			  specs, ATTR_COUNT, found) ||
	    read_attrs(rd, &t[0], found, &r))
		return -1;
	if ((id = FS_NEW_ENTRY(rd->rules, sinces)) == FS_NONE)
		return nomem(rd);
	rd->rules->sinces.items[id] = r;
	return fs_model_add_since(rd->rules, id, NULL) == FS_ADD_OK
		       ? 0
		       : nomem(rd);
}
