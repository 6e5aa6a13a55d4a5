/* rules_parse_util.c: the helpers every directive's reader shares (the
 * expected words, a section's head, numbers, storing an entry), below both
 * the readers and rules_parse.c, which dispatches to them. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules_parse_util.h"
#include "strbuf.h"

fs_span fs_token_span(const fs_token *tok)
{
	fs_span sp = { tok->text, tok->len, tok->col };

	return sp;
}

int fs_parse_expect(fs_reader *rd, const fs_token *toks, size_t n,
		    const char *const *what, size_t k)
{
	for (size_t i = 0; i < k; i++) {
		const fs_token *prev = &toks[i];

		if (i + 1 >= n) {
			fs_reader_error(rd, prev->col + prev->len,
					"expected %s after '%.*s'", what[i],
					fs_quote_len(prev->len), prev->text);
			return -1;
		}
		if (toks[i + 1].key) {
			fs_reader_error(rd, toks[i + 1].col, "expected %s, "
					"not the attribute '%.*s'", what[i],
					fs_quote_len(toks[i + 1].key_len),
					toks[i + 1].key);
			return -1;
		}
	}
	return 0;
}

size_t fs_parse_append(fs_reader *rd, fs_table table, const void *entry)
{
	size_t id = fs_model_new_entry(table.items, table.count, table.cap,
				       table.elem);

	if (id == FS_NONE) {
		fs_reader_nomem(rd);
		return FS_NONE;
	}
	memcpy((char *)*table.items + id * table.elem, entry, table.elem);
	return id;
}

int fs_parse_store(fs_reader *rd, fs_table table, const void *entry,
		   fs_adder add, size_t col, const char *fmt, ...)
{
	size_t id = fs_parse_append(rd, table, entry);
	const fs_pos *clash = NULL;
	fs_buf head = { 0 };
	va_list ap;
	fs_add res;

	if (id == FS_NONE)
		return -1;
	res = add(rd->rules, id, &clash);
	if (res == FS_ADD_OK)
		return 0;
	if (res == FS_ADD_NOMEM) {
		fs_reader_nomem(rd);
		return -1;
	}
	if (res == FS_ADD_FULL) {
		fs_reader_error(rd, col, "too many rules for one name (at most "
				"%d)", FS_MAX_GROUP);
		return -1;
	}
	va_start(ap, fmt);
	fs_buf_vprintf(&head, fmt, ap);
	va_end(ap);
	fs_reader_error(rd, col, "%s at %s:%zu:%zu", fs_buf_str(&head),
			clash->file, clash->line, clash->col);
	fs_buf_free(&head);
	return -1;
}

int fs_parse_head(fs_reader *rd, const fs_token *toks, size_t n,
		  const fs_head *head, const fs_token **found, fs_word *name,
		  size_t *id)
{
	const char *const what[] = { head->what };
	char noun[40];

	snprintf(noun, sizeof(noun), "%s name", head->noun);
	if (fs_parse_expect(rd, toks, n, what, 1) ||
	    fs_syntax_name(rd, fs_token_span(&toks[1]), noun, name) ||
	    fs_attrs_read(rd, head->where, toks + 2, n - 2, head->specs,
			  head->nspecs, found))
		return -1;
	*id = head->find(rd->rules, name->text);
	if (*id == FS_NONE && !found[0]) {
		fs_reader_error(rd, toks[1].col, "new %s '%s' needs %s=...",
				head->noun, name->text, head->specs[0].key);
		return -1;
	}
	return 0;
}

int fs_parse_number(fs_reader *rd, const fs_token *tok, int64_t *value)
{
	fs_number res = fs_lex_number(tok->text, tok->len, value);

	if (res == FS_NUMBER_OK)
		return 0;
	fs_reader_error(rd, tok->col, res == FS_NUMBER_RANGE ?
			"number '%.*s' is out of range" :
			"expected a number such as 0x100, not '%.*s'",
			fs_quote_len(tok->len), tok->text);
	return -1;
}

int fs_parse_site_param(fs_reader *rd, fs_span sp, int is_record,
			fs_param *out)
{
	fs_word name;

	if (!is_record)
		return fs_syntax_param(rd, sp, out);
	if (fs_syntax_name(rd, sp, "field name", &name))
		return -1;
	out->name = name.text;
	out->pos = 0;
	return 0;
}

int fs_parse_site(fs_reader *rd, const fs_token *t, fs_site_head *out)
{
	/* The PARAM word tells the kind: flags(1) for functions, flags for a
	 * record. */
	out->is_record = memchr(t[1].text, '(', t[1].len) == NULL;
	if (fs_syntax_names(rd, fs_token_span(&t[0]), out->is_record ?
			    "struct tag" : "function name", &out->sites))
		return -1;
	if (out->is_record && out->sites.count > 1) {
		fs_reader_error(rd, out->sites.items[1].pos.col, "a record "
				"site is a single struct tag");
		return -1;
	}
	return fs_parse_site_param(rd, fs_token_span(&t[1]), out->is_record,
				   &out->param);
}

int fs_attr_count(fs_reader *rd, const fs_token *attr, int64_t max,
		  int64_t *value)
{
	fs_span sp = fs_attr_value(attr);
	fs_token tok = { .text = sp.s, .len = sp.n, .col = sp.col };

	if (fs_parse_number(rd, &tok, value))
		return -1;
	if (*value > 0 && *value <= max)
		return 0;
	fs_reader_error(rd, sp.col, "expected a count from 1 to %lld, not "
			"'%.*s'", (long long)max, fs_quote_len(sp.n), sp.s);
	return -1;
}
