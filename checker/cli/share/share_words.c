/* share_words.c: a unit's command as the stage reads it: the words its
 * run gets, which of them are its own file, its -D/-U, its forced
 * includes. */
#include <stdlib.h>
#include <string.h>

#include "command_filter.h"
#include "share_words.h"

int share_words_of(const audit *a, const audit_tu *tu, const char *program,
		   share_words *w)
{
	memset(w, 0, sizeof(*w));
	w->words = calloc(tu->args.count + 1, sizeof(char *));
	if (!w->words)
		return -1;
	w->n = cflag_run_words(tu->args.items, tu->args.count, program,
			       a->tidy_no_default_config, w->words);
	return 0;
}

void share_words_free(share_words *w)
{
	free(w->words);
	memset(w, 0, sizeof(*w));
}

share_word share_word_at(const audit_tu *tu, const share_words *w, size_t i)
{
	cflag f = i ? cflag_at((char *const *)w->words, w->n, i)
		    : (cflag){ CFLAG_OTHER, 1, NULL, 0 };
	share_word s = { SHARE_WORD_OTHER, f.words, f.value };
	char *abs;

	if (f.kind == CFLAG_DEFINE || f.kind == CFLAG_UNDEFINE)
		s.kind = SHARE_WORD_MACRO;
	else if (f.kind == CFLAG_FORCED)
		s.kind = SHARE_WORD_FORCED;
	else if (i && w->words[i][0] != '-' && f.words == 1 &&
		 (abs = audit_abs_path(tu->dir, w->words[i]))) {
		if (!strcmp(abs, tu->file))
			s.kind = SHARE_WORD_FILE;
		free(abs);
	}
	return s;
}

/* "-DX=1" for -D X=1 as for -DX=1: one spelling per macro word. */
void share_macro_word(const share_words *w, size_t i, const share_word *s,
		      char *out, size_t size)
{
	const char *flag = w->words[i];

	snprintf(out, size, "-%c%s", flag[1] == 'U' ? 'U' : 'D',
		 s->value ? s->value : "");
}
