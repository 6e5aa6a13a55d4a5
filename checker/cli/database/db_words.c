/* db_words.c: a compile command's words, split as clang splits them
 * (db_words.h). */
#include <stdlib.h>
#include <string.h>

#include "db_words.h"
#include "strbuf.h"

static int push(db_words *out, fs_buf *word)
{
	char **slot;
	char *text;

	if (!(text = fs_buf_take(word)))
		return -1;
	if (!(slot = AUDIT_PUSH(out))) {
		free(text);
		return -1;
	}
	*slot = text;
	return 0;
}

int db_split_command(const char *p, db_words *out)
{
	for (;;) {
		fs_buf word;

		while (*p == ' ')
			p++;
		if (!*p)
			return 0;
		word = (fs_buf){ 0 };
		while (*p && *p != ' ') {
			char quote = *p == '"' || *p == '\'' ? *p++ : 0;

			while (*p && (quote ? *p != quote : *p != ' ' &&
				      *p != '"' && *p != '\'')) {
				if (*p == '\\' && quote != '\'' && !*++p)
					break;
				fs_buf_putn(&word, p++, 1);
			}
			if (quote && *p)
				p++;
		}
		if (push(out, &word))
			return -1;
	}
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int db_split_response(const char *s, size_t len, db_words *out)
{
	fs_buf word = { 0 };

	/* as clang's tokenizer, a word is pushed only when not empty: '""'
	 * alone is no word */
	for (size_t i = 0; i < len; i++) {
		char quote = s[i] == '"' || s[i] == '\'' ? s[i] : 0;

		if (s[i] == '\\' && i + 1 < len) {
			fs_buf_putn(&word, &s[++i], 1);
		} else if (quote) {
			while (++i < len && s[i] != quote) {
				if (s[i] == '\\' && i + 1 < len)
					i++;
				fs_buf_putn(&word, &s[i], 1);
			}
		} else if (!is_blank(s[i])) {
			fs_buf_putn(&word, &s[i], 1);
		} else if (word.len && push(out, &word)) {
			return -1;
		}
	}
	if (word.failed) {
		fs_buf_free(&word);
		return -1;
	}
	return word.len ? push(out, &word) : 0;
}

void db_words_free(db_words *w)
{
	AUDIT_FREE_STRS(w);
}
