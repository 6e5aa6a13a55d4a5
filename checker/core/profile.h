/* profile.h: profiles, rule sets for one kind of translation unit.
 *
 * `profile NAME defined=MACRO [deprecated=silent]` in a rules file opens a
 * section that runs to the end of the file: its lines apply only in units
 * where MACRO is defined (the kernel's own code defines __KERNEL__). The
 * base rule set (the one fs_rules_new returns) reads every line outside
 * such sections and records the profiles; for each profile it keeps a view,
 * a rule set loaded with the same texts that also reads that profile's
 * sections. fs_rules_for_unit picks the view from what the front end says
 * about the unit. Views are built as the base loads, so that a loaded rule
 * set is never changed by the queries of concurrent units.
 */
#ifndef FS_PROFILE_H
#define FS_PROFILE_H

#include "rules_reader.h"
#include "rules_lex.h"

/* The `profile` directive: in the base, declares the profile; in every set,
 * starts skipping (another profile's section) or reading (its own). */
int fs_parse_profile(fs_reader *rd, const fs_token *toks, size_t n);

/* How many profiles the base has declared: a mark to roll back to. */
size_t fs_profiles_mark(const fs_rules *rules);
/* Forgets the profiles declared after `mark`, and their views. */
void fs_profiles_rollback(fs_rules *rules, size_t mark);

/* Reads one text into a view as the base read it (text NULL: the built-in
 * rules): the loader's own entry (rules_load.c), passed down, for a view is
 * a rule set loaded by the same code as its base. Returns 0, or -1 after
 * reporting an error. */
typedef int (*fs_view_load_fn)(fs_rules *view, const char *name,
			       const char *text, size_t len,
			       fs_report_fn report, void *ctx);

/* After the base loaded one text (`builtin`: the built-in rules, text
 * NULL) with no error: makes the views of profiles that have none yet
 * (replaying the earlier loads into them with `load`), reads the text into
 * every view and remembers it. Problems a view finds that the base did not
 * (`seen`: the base's "where\tmessage\n" lines, after a '\n') are reported.
 * Returns 0, or -1 after an error (some view is then without this text). */
int fs_profiles_load(fs_rules *rules, fs_view_load_fn load, const char *name,
		     const char *text, size_t len, int builtin,
		     const char *seen, fs_report_fn report, void *ctx);

/* Frees the profiles and their views (fs_rules_free frees a base's). */
void fs_profiles_free(fs_rules *rules);

/* The view of the base's profile i (in declaration order), or NULL past the
 * last. */
const fs_rules *fs_rules_view(const fs_rules *rules, size_t i);

#endif
