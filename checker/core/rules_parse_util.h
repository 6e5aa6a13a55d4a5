/* rules_parse_util.h: the helpers the directives' readers share, below
 * both the readers and the dispatch of rules_parse.c (rules_parse.h). */
#ifndef FS_RULES_PARSE_UTIL_H
#define FS_RULES_PARSE_UTIL_H

#include "rules_attr.h"
#include "rules_lex.h"
#include "rules_syntax.h"

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
/* A count attribute's value (`size=8`), read as a number word from 1 to
 * max into *value. Returns 0, or -1 after an error. */
int fs_attr_count(fs_reader *rd, const fs_token *attr, int64_t max,
		  int64_t *value);
/* The whole token as a span. */
fs_span fs_token_span(const fs_token *tok);
/* A table of rd->rules (FS_PARSE_TABLE names one), and the adder that
 * indexes its entries (rules_model.h). */
typedef struct fs_table {
	void **items;
	size_t *count, *cap, elem;
} fs_table;
typedef fs_add (*fs_adder)(fs_rules *rules, size_t id, const fs_pos **clash);
/* The table `table` of rd->rules, for an entry of its type. */
#define FS_PARSE_TABLE(rd, table, entry) \
	((fs_table){ (void **)&(rd)->rules->table.items, \
		     &(rd)->rules->table.count, &(rd)->rules->table.cap, \
		     sizeof(*(1 ? (rd)->rules->table.items : &(entry))) })
/* Appends a copy of *entry to the table. Returns its index, or FS_NONE
 * after reporting that memory ran out. */
size_t fs_parse_append(fs_reader *rd, fs_table table, const void *entry);
/* Appends a copy of *entry to the table and indexes it with add. Returns
 * 0, or -1 after reporting that memory ran out, that the name has too many
 * rules, or the clash ("<head> at file:line:col", the head written as fmt
 * says) at column `col`. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
int fs_parse_store(fs_reader *rd, fs_table table, const void *entry,
		   fs_adder add, size_t col, const char *fmt, ...);
/* fs_parse_store of `entry` into rd->rules' table `table`. */
#define FS_PARSE_STORE(rd, table, entry, ...) \
	fs_parse_store((rd), FS_PARSE_TABLE(rd, table, entry), &(entry), \
		       __VA_ARGS__)

#endif
