/* rules_attr.c: reads the key=value and bare-word attributes of a directive. */
#include <string.h>

#include "rules_attr.h"
#include "strbuf.h"

static int span_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* The spec a token names, by key or bare word, or -1. */
static int find_spec(const fs_token *tok, const fs_attr_spec *specs,
		     size_t nspecs)
{
	const char *s = tok->key ? tok->key : tok->text;
	size_t n = tok->key ? tok->key_len : tok->len;

	for (size_t i = 0; i < nspecs; i++)
		if (span_is(s, n, specs[i].key))
			return (int)i;
	return -1;
}

static int check_form(fs_reader *rd, const fs_token *tok,
		      const fs_attr_spec *spec)
{
	if (spec->is_flag && tok->key) {
		fs_reader_error(rd, tok->col, "'%s' takes no value",
				spec->key);
		return -1;
	}
	if (!spec->is_flag && (!tok->key || !tok->value_len)) {
		fs_reader_error(rd, tok->key ? tok->value_col : tok->col,
				"'%s' needs a value, as in %s=...", spec->key,
				spec->key);
		return -1;
	}
	return 0;
}

static void unknown_attr(fs_reader *rd, const char *where,
			 const fs_token *tok)
{
	if (tok->key)
		fs_reader_error(rd, tok->col, "unknown attribute '%.*s' for "
				"%s", fs_quote_len(tok->key_len), tok->key,
				where);
	else
		fs_reader_error(rd, tok->col, "unexpected word '%.*s' in %s",
				fs_quote_len(tok->len), tok->text, where);
}

int fs_attrs_read(fs_reader *rd, const char *where, const fs_token *toks,
		  size_t n, const fs_attr_spec *specs, size_t nspecs,
		  const fs_token **found)
{
	for (size_t i = 0; i < nspecs; i++)
		found[i] = NULL;
	for (size_t i = 0; i < n; i++) {
		int k = find_spec(&toks[i], specs, nspecs);

		if (k < 0) {
			unknown_attr(rd, where, &toks[i]);
			return -1;
		}
		if (check_form(rd, &toks[i], &specs[k]))
			return -1;
		if (found[k]) {
			fs_reader_error(rd, toks[i].col, "'%s' is given twice",
					specs[k].key);
			return -1;
		}
		found[k] = &toks[i];
	}
	return 0;
}

fs_span fs_attr_value(const fs_token *tok)
{
	fs_span sp = { tok->value, tok->value_len, tok->value_col };

	return sp;
}

int fs_attr_choice(fs_reader *rd, const fs_token *tok,
		   const char *const *choices, size_t n)
{
	fs_buf list = { 0 };

	for (size_t i = 0; i < n; i++)
		if (span_is(tok->value, tok->value_len, choices[i]))
			return (int)i;
	for (size_t i = 0; i < n; i++)
		fs_buf_printf(&list, "%s%s", i ? (i + 1 < n ? ", " : " or ")
					       : "", choices[i]);
	fs_reader_error(rd, tok->value_col, "%.*s must be %s, not '%.*s'",
			fs_quote_len(tok->key_len), tok->key,
			fs_buf_str(&list), fs_quote_len(tok->value_len),
			tok->value);
	fs_buf_free(&list);
	return -1;
}

int fs_attr_note(fs_reader *rd, const fs_token *note_tok,
		 const fs_token *bits_tok, fs_bits bits, const char **note)
{
	*note = NULL;
	if (note_tok && !(*note = fs_syntax_copy(rd, fs_attr_value(note_tok))))
		return -1;
	if (bits == FS_BITS_MISBEHAVES && !*note) {
		fs_reader_error(rd, bits_tok->col, "bits=misbehaves needs a "
				"note= saying what the call does");
		return -1;
	}
	return 0;
}
