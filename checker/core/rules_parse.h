/* rules_parse.h: reads the lines of a rules text into the rule tables. */
#ifndef FS_RULES_PARSE_H
#define FS_RULES_PARSE_H

#include "rules_attr.h"
#include "rules_lex.h"
#include "rules_syntax.h"

/* Reads every line of text[0..len) into rd->rules, reporting errors through
 * rd. Lines with an error are skipped; the caller rolls the whole text
 * back when rd->errors or rd->nomem is set. A text that is not a rules
 * file at all (rules_sniff.h) is one error, and none of it is read. */
void fs_parse_text(fs_reader *rd, const char *text, size_t len);
/* The name of directive i of the grammar ("namespace", "call" ...), or
 * NULL past the last one. */
const char *fs_parse_directive(size_t i);

/* Directive readers: toks[0] is the directive word; each returns 0, or -1
 * after reporting an error. */
int fs_parse_call(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_field(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_result(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_swappable(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_layout(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_needs_mode(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_deprecated(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_equivalent(fs_reader *rd, const fs_token *toks, size_t n);
/* excludes, requires and ignored-unless (rules_combo.c). */
int fs_parse_excludes(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_requires(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_ignored_unless(fs_reader *rd, const fs_token *toks, size_t n);
int fs_parse_arch(fs_reader *rd, const fs_token *toks, size_t n);
/* A value line of the open arch section (rd->arch). */
int fs_parse_arch_value(fs_reader *rd, const fs_token *toks, size_t n);

/* Helpers the directive readers share. */

/* Checks that toks[1..] holds the positional words named in what[0..k),
 * none of them an attribute. Returns 0, or -1 after an error. */
int fs_parse_expect(fs_reader *rd, const fs_token *toks, size_t n,
		    const char *const *what, size_t k);
/* The head of a directive that opens a section: DIRECTIVE NAME [attrs]. */
typedef struct fs_head {
	const char *what;	/* "a namespace name", when it is missing */
	const char *noun;	/* "namespace": "bad namespace name", "new
				   namespace ... needs" */
	const char *where;	/* "'namespace'", for attribute errors */
	const fs_attr_spec *specs;	/* specs[0] is required when new */
	size_t nspecs;
	size_t (*find)(const fs_rules *rules, const char *name);
} fs_head;

/* Reads NAME and the attributes into *name and found[], and *id = the
 * existing entry of that name (find) or FS_NONE; a new one needs
 * specs[0]. Returns 0, or -1 after reporting an error. */
int fs_parse_head(fs_reader *rd, const fs_token *toks, size_t n,
		  const fs_head *head, const fs_token **found, fs_word *name,
		  size_t *id);
/* A place of a site: PARAM(POS) of a function, or a field name of a
 * record (pos 0). */
int fs_parse_site_param(fs_reader *rd, fs_span sp, int is_record,
			fs_param *out);
/* SITE PARAM of needs-mode and the combinations: functions with
 * PARAM(POS), or one struct tag with a field name. */
typedef struct fs_site_head {
	fs_words sites;
	int is_record;
	fs_param param;
} fs_site_head;
/* Reads t[0] (SITE) and t[1] (PARAM) into *out. Returns 0, or -1 after
 * an error. */
int fs_parse_site(fs_reader *rd, const fs_token *t, fs_site_head *out);
/* A number word (C syntax) into *value. */
int fs_parse_number(fs_reader *rd, const fs_token *tok, int64_t *value);
/* The whole token as a span. */
fs_span fs_token_span(const fs_token *tok);
/* Turns the result of a model adder into 0, or -1 after reporting the
 * clash ("<head> at file:line:col") at column `col`. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
int fs_parse_added(fs_reader *rd, fs_add res, const fs_pos *clash, size_t col,
		   const char *fmt, ...);

#endif
