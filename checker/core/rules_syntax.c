/* rules_syntax.c: reads the structured words of directives, such as
 * `open,open64`, `flags(1)` and `AT:SYMLINK_FOLLOW,EMPTY_PATH|O`. */
#include <stdlib.h>
#include <string.h>

#include "rules_lex.h"
#include "rules_syntax.h"

/* Positions beyond this are certainly typos; the bound also keeps
 * pos + 1 (a raw syscall's shift) from overflowing. Lists are bounded so
 * that comparing two rules stays cheap whatever the input. */
enum { MAX_POSITION = 255, MAX_LIST = 64, MAX_FORMS = 16 };

/* The piece of *rest before `sep` (all of it when there is none); *rest
 * moves past the separator. */
static fs_span next_piece(fs_span *rest, char sep)
{
	const char *at = memchr(rest->s, sep, rest->n);
	fs_span piece = { rest->s, at ? (size_t)(at - rest->s) : rest->n,
			  rest->col };
	size_t skip = piece.n + (at != NULL);

	rest->s += skip;
	rest->n -= skip;
	rest->col += skip;
	return piece;
}

static size_t count_pieces(fs_span sp, char sep)
{
	size_t n = 1;

	for (size_t i = 0; i < sp.n; i++)
		n += sp.s[i] == sep;
	return n;
}

const char *fs_syntax_copy(fs_reader *rd, fs_span sp)
{
	const char *copy = fs_arena_strndup(&rd->rules->arena, sp.s, sp.n);

	if (!copy)
		fs_reader_nomem(rd);
	return copy;
}

static int set_word(fs_reader *rd, fs_span sp, fs_word *out)
{
	out->text = fs_syntax_copy(rd, sp);
	out->pos = fs_reader_pos(rd, sp.col);
	return out->text ? 0 : -1;
}

static void bad_piece(fs_reader *rd, fs_span piece, const char *what)
{
	if (piece.n == 0)
		fs_reader_error(rd, piece.col, "expected a %s", what);
	else
		fs_reader_error(rd, piece.col, "expected a %s, not '%.*s'",
				what, fs_quote_len(piece.n), piece.s);
}

/* Room in the rules' arena for `count` pieces of `elem` bytes, at most
 * `max` of them (more: the error `too_many`, which says max with %d).
 * NULL after reporting an error. */
static void *alloc_pieces(fs_reader *rd, size_t col, size_t count, int max,
			  size_t elem, const char *too_many)
{
	void *items;

	if (count > (size_t)max) {
		fs_reader_error(rd, col, too_many, max);
		return NULL;
	}
	if (!(items = fs_arena_alloc(&rd->rules->arena, count * elem)))
		fs_reader_nomem(rd);
	return items;
}

/* A list of pieces separated by `sep`, each checked by `check`. */
static int split_words(fs_reader *rd, fs_span sp, char sep,
		       int (*check)(const char *, size_t), const char *what,
		       fs_words *out)
{
	size_t count = count_pieces(sp, sep);

	out->count = 0;
	out->items = NULL;
	out->items = alloc_pieces(rd, sp.col, count, MAX_LIST,
				  sizeof(*out->items),
				  "a list holds at most %d names");
	if (!out->items)
		return -1;
	for (size_t i = 0; i < count; i++) {
		fs_span piece = next_piece(&sp, sep);

		if (!check(piece.s, piece.n)) {
			bad_piece(rd, piece, what);
			return -1;
		}
		if (set_word(rd, piece, &out->items[out->count++]))
			return -1;
	}
	return 0;
}

int fs_syntax_name(fs_reader *rd, fs_span sp, const char *what,
		   fs_word *out)
{
	if (!fs_lex_is_name(sp.s, sp.n)) {
		bad_piece(rd, sp, what);
		return -1;
	}
	return set_word(rd, sp, out);
}

int fs_syntax_name_list(fs_reader *rd, fs_span sp, char sep,
			const char *what, fs_words *out)
{
	return split_words(rd, sp, sep, fs_lex_is_name, what, out);
}

int fs_syntax_names(fs_reader *rd, fs_span sp, const char *what,
		    fs_words *out)
{
	return fs_syntax_name_list(rd, sp, ',', what, out);
}

static int parse_position(fs_reader *rd, fs_span sp, size_t *pos)
{
	size_t v = 0;

	if (sp.n == 0) {
		fs_reader_error(rd, sp.col, "expected a position");
		return -1;
	}
	for (size_t i = 0; i < sp.n; i++) {
		if (sp.s[i] < '0' || sp.s[i] > '9') {
			fs_reader_error(rd, sp.col, "expected a position, "
					"not '%.*s'", fs_quote_len(sp.n), sp.s);
			return -1;
		}
		v = v * 10 + (size_t)(sp.s[i] - '0');
		if (v > MAX_POSITION) {
			fs_reader_error(rd, sp.col, "position '%.*s' is out "
					"of range", fs_quote_len(sp.n), sp.s);
			return -1;
		}
	}
	*pos = v;
	return 0;
}

int fs_syntax_param(fs_reader *rd, fs_span sp, fs_param *out)
{
	const char *open = memchr(sp.s, '(', sp.n);
	fs_span name = sp, pos;
	fs_word word;

	if (!open || sp.s[sp.n - 1] != ')') {	/* sp.n > 0: open found */
		fs_reader_error(rd, sp.col, "expected PARAM(POS), such as "
				"flags(1), not '%.*s'", fs_quote_len(sp.n),
				sp.s);
		return -1;
	}
	name.n = (size_t)(open - sp.s);
	pos.s = open + 1;
	pos.n = sp.n - name.n - 2;
	pos.col = sp.col + name.n + 1;
	if (fs_syntax_name(rd, name, "parameter name", &word) ||
	    parse_position(rd, pos, &out->pos))
		return -1;
	out->name = word.text;
	return 0;
}

int fs_syntax_param_any(fs_reader *rd, fs_span sp, fs_param *out)
{
	fs_span name = sp;
	fs_word word;

	if (sp.n < 3 || memcmp(sp.s + sp.n - 3, "(*)", 3))
		return fs_syntax_param(rd, sp, out);
	name.n -= 3;
	if (fs_syntax_name(rd, name, "parameter name", &word))
		return -1;
	out->name = word.text;
	out->pos = FS_ANY_POS;
	return 0;
}

/* NS or NS:MEMBER,MEMBER */
static int parse_part(fs_reader *rd, fs_span sp, fs_accept_part *out)
{
	int has_subset = memchr(sp.s, ':', sp.n) != NULL;
	fs_span ns = next_piece(&sp, ':');

	if (fs_syntax_name(rd, ns, "namespace", &out->ns))
		return -1;
	if (!has_subset)
		return 0;
	return split_words(rd, sp, ',', fs_lex_is_name_tail,
			   "member name without its prefix", &out->subset);
}

int fs_syntax_accept(fs_reader *rd, fs_span sp, fs_accept *out)
{
	size_t count = count_pieces(sp, '|');

	memset(out, 0, sizeof(*out));
	if (sp.n == 1 && sp.s[0] == '-') {
		out->is_number = 1;
		return 0;
	}
	if (sp.n == 1 && sp.s[0] == '0') {
		out->is_zero = 1;
		return 0;
	}
	out->parts = alloc_pieces(rd, sp.col, count, MAX_FORMS,
				  sizeof(*out->parts),
				  "at most %d forms may be joined with '|'");
	if (!out->parts)
		return -1;
	for (; out->nparts < count; out->nparts++)
		if (parse_part(rd, next_piece(&sp, '|'),
			       &out->parts[out->nparts]))
			return -1;
	return 0;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(((const fs_word *)a)->text, ((const fs_word *)b)->text);
}

int fs_syntax_when(fs_reader *rd, fs_span sp, fs_param *param,
		   fs_words *names)
{
	const char *colon = memchr(sp.s, ':', sp.n);
	fs_span head = sp;

	if (!colon) {
		fs_reader_error(rd, sp.col, "expected PARAM(POS):NAME,..., "
				"such as cmd(1):F_SETFD, not '%.*s'",
				fs_quote_len(sp.n), sp.s);
		return -1;
	}
	head.n = (size_t)(colon - sp.s);
	sp.s += head.n + 1;
	sp.n -= head.n + 1;
	sp.col += head.n + 1;
	if (fs_syntax_param(rd, head, param) ||
	    fs_syntax_names(rd, sp, "macro name", names))
		return -1;
	/* Sorted, two rules' conditions are compared in one pass. */
	qsort(names->items, names->count, sizeof(fs_word), by_text);
	return 0;
}
