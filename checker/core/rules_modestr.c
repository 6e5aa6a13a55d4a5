/* rules_modestr.c: reads the mode-string directive: which argument of
 * which function is an fopen()-style mode string, and how the C library
 * reads its letters. */
#include <string.h>

#include "rules_attr.h"
#include "rules_parse.h"

enum { ATTR_FIRST, ATTR_LETTERS, ATTR_READS, ATTR_STOP, ATTR_STRICT,
       ATTR_LIBC, ATTR_NOTE, ATTR_COUNT };

static const fs_attr_spec specs[ATTR_COUNT] = {
	[ATTR_FIRST] = { "first", 0 },
	[ATTR_LETTERS] = { "letters", 0 },
	[ATTR_READS] = { "reads", 0 },
	[ATTR_STOP] = { "stop", 0 },
	[ATTR_STRICT] = { "strict", 1 },
	[ATTR_LIBC] = { "libc", 0 },
	[ATTR_NOTE] = { "note", 0 },
};

/* A set of letters: printable characters, each once. NULL after an
 * error; "" for an absent attribute that may be left out. */
static const char *read_letters(fs_reader *rd, const fs_token *tok)
{
	fs_span v;

	if (!tok)
		return "";
	v = fs_attr_value(tok);
	for (size_t i = 0; i < v.n; i++) {
		if (v.s[i] <= ' ' || v.s[i] > '~' ||
		    memchr(v.s, v.s[i], i)) {
			fs_reader_error(rd, v.col + i, "'%.*s' must list "
					"printable letters, each once",
					fs_quote_len(tok->key_len), tok->key);
			return NULL;
		}
	}
	return fs_syntax_copy(rd, v);
}

static int read_reads(fs_reader *rd, const fs_token *tok, size_t *reads)
{
	int64_t n = 0;

	*reads = 0;
	if (tok && fs_attr_count(rd, tok, 64, &n))
		return -1;
	*reads = (size_t)n;
	return 0;
}

static int read_attrs(fs_reader *rd, const fs_token *dir,
		      const fs_token **found, fs_modestr_rule *r)
{
	static const char *const libcs[] = { "glibc" };
	int k = 0;

	if (!found[ATTR_FIRST]) {
		fs_reader_error(rd, dir->col, "'mode-string' needs first=: "
				"the letters a mode may start with");
		return -1;
	}
	if (!(r->first = read_letters(rd, found[ATTR_FIRST])) ||
	    !(r->letters = read_letters(rd, found[ATTR_LETTERS])) ||
	    !(r->stop = read_letters(rd, found[ATTR_STOP])) ||
	    read_reads(rd, found[ATTR_READS], &r->reads))
		return -1;
	if (!*r->first) {
		fs_reader_error(rd, fs_attr_value(found[ATTR_FIRST]).col,
				"first= needs at least one letter");
		return -1;
	}
	if (found[ATTR_LIBC] &&
	    (k = fs_attr_choice(rd, found[ATTR_LIBC], libcs, 1)) < 0)
		return -1;
	r->libc = found[ATTR_LIBC] ? FS_LIBC_GLIBC + k : FS_LIBC_ANY;
	r->strict = found[ATTR_STRICT] != NULL;
	if (found[ATTR_NOTE] &&
	    !(r->note = fs_syntax_copy(rd, fs_attr_value(found[ATTR_NOTE]))))
		return -1;
	return 0;
}

/* mode-string FUNC[,ALIAS...] PARAM(POS) first=LETTERS [letters=LETTERS]
 * [reads=N] [stop=LETTERS] [strict] [libc=glibc] [note="..."] */
int fs_parse_mode_string(fs_reader *rd, const fs_token *t, size_t n)
{
	static const char *const what[] = { "function names", "PARAM(POS)" };
	const fs_token *found[ATTR_COUNT];
	fs_modestr_rule r = { .origin = { rd->rules->unit,
					  fs_reader_pos(rd, t[0].col) } };

	if (fs_parse_expect(rd, t, n, what, 2) ||
	    fs_syntax_names(rd, fs_token_span(&t[1]), "function name",
			    &r.funcs) ||
	    fs_syntax_param(rd, fs_token_span(&t[2]), &r.param) ||
	    fs_attrs_read(rd, "'mode-string'", t + 3, n - 3, specs,
			  ATTR_COUNT, found) ||
	    read_attrs(rd, &t[0], found, &r))
		return -1;
	return FS_PARSE_STORE(rd, modestrs, r, fs_model_add_modestr,
			      t[1].col, "this mode-string rule is already "
			      "given");
}
