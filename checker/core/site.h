/* site.h: a call or struct write as the checks see it: its active slots. */
#ifndef FS_SITE_H
#define FS_SITE_H

#include "algebra.h"
#include "rules_model.h"
#include "strbuf.h"

/* One argument or field the rules describe, as it applies at this site. */
typedef struct fs_slot {
	const fs_accept *accept;
	fs_bits bits;
	const char *param;	/* the rule's parameter or field name */
	const char *when;	/* the condition as the user spelled it, or
				   NULL when the rule has no when= */
	size_t pos;		/* argument position in the user's call (a raw
				   syscall's shift included); 0 for fields */
	int replaces;		/* the rule's `replaces` */
	fs_bits complement;	/* the rule's `complement=` */
	const char *complement_note;	/* the rule's `complement-note=` */
	const fs_words *never;	/* a result's `never=`, or NULL */
} fs_slot;

typedef struct fs_site {
	const fs_rules *rules;
	int is_record;
	const char *name;	/* callee as written, or struct tag */
	const char *number;	/* SYS_x or __NR_x of a raw syscall(), else
				   NULL */
	fs_slot *slots;		/* calls: by position; records: rule order */
	size_t nslots;
	fs_findings *out;
	size_t arch;		/* the target's architecture (an index into
				   rules->arches), or FS_NONE: unknown */
	fs_reading *reads;	/* the reading of each value: by argument
				   position, or by written field */
	size_t nreads;
	int is_read;		/* the values are masks testing what the
				   site holds (a result, a field read): only
				   flags it cannot hold are reported */
} fs_site;

/* Reads the `n` values (the arguments, the written fields) into
 * site->reads (replacing those it had), `value(ctx, i)` giving the i-th.
 * Returns 0, or -1 when out of memory. */
int fs_site_read(fs_site *site, size_t n,
		 const fs_value *(*value)(const void *ctx, size_t i),
		 const void *ctx);
/* Frees the slots and the readings. */
void fs_site_close(fs_site *site);

/* "open()", "fcntl(F_SETFD)", "syscall(SYS_openat)",
 * "syscall(SYS_fcntl, F_SETFD)", or the struct tag for a record. */
void fs_put_site_label(fs_buf *b, const fs_site *site, const char *when);
/* "open() flags", "fcntl(F_SETFD) arg", "open_how.flags". */
void fs_put_param_label(fs_buf *b, const fs_site *site, const char *param,
			const char *when);
void fs_put_slot_label(fs_buf *b, const fs_site *site, const fs_slot *slot);

/* The first slot other than `skip` whose set takes member `m` (with
 * `whole_ns`: whose set names m's namespace), or FS_NONE. */
size_t fs_site_find_slot(const fs_site *site, size_t skip, size_t m,
			 int whole_ns);

/* The when= name of a `result` rule of group g (the site's function)
 * whose result holds what `want` takes (F_GETFD for FD_ flags): the
 * getter to read the flags with; NULL when there is none. */
const char *fs_site_getter(const fs_site *site, const fs_group *g,
			   const fs_accept *want);

#endif
