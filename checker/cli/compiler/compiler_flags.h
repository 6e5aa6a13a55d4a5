/* compiler_flags.h: what flagspace knows of a compile command's flags, in
 * one table (compiler_flags.c). The database drops what loads code and
 * what only gcc takes, the
 * plan asks what changes a unit's reading and where it finds headers, the
 * cache and the batch databases drop what only writes output. */
#ifndef FS_COMPILER_FLAGS_H
#define FS_COMPILER_FLAGS_H

#include <stddef.h>

typedef enum cflag_kind {
	CFLAG_OTHER,		/* not known here: may change the reading */
	CFLAG_OUTPUT,		/* where output goes: -o x, -c, -MF x, -MD */
	CFLAG_DEPFILE,		/* -Wp,-MD,x.d: a dependency file, as kbuild */
	CFLAG_SEARCH,		/* a search directory (value; list) */
	CFLAG_FORCED,		/* -include / -imacros (value: the file) */
	CFLAG_DEFINE,		/* -D NAME[=v] (value: NAME[=v]) */
	CFLAG_UNDEFINE,		/* -U NAME (value: NAME) */
	CFLAG_PIC,		/* -fPIC, -fno-pie ...: the PIC macros */
	CFLAG_UNREAD,		/* -g..., warnings that are no errors: no
				   token nor declaration changes */
	CFLAG_NARROWS,		/* -nostdinc: fewer directories searched */
	CFLAG_OPAQUE,		/* headers found in ways not followed here */
	CFLAG_LOADS_CODE,	/* a compiler plugin */
	CFLAG_GCC_ONLY,		/* gcc's code generation, which clang's
				   driver rejects: dropped, it changes no
				   token (-mindirect-branch=, -fconserve-stack) */
} cflag_kind;

/* The search lists of CFLAG_SEARCH, in the order the compiler tries. */
enum { CFLAG_QUOTE, CFLAG_USER, CFLAG_SYSTEM };

typedef struct cflag {
	cflag_kind kind;
	size_t words;		/* the words from args[i] it takes, >= 1 */
	const char *value;	/* its directory, file or macro, or NULL */
	int list;		/* CFLAG_SEARCH: CFLAG_QUOTE ... */
} cflag;

/* The flag at args[i] of a command of n words (i >= 1). */
cflag cflag_at(char *const *args, size_t n, size_t i);

/* CFLAG_DEFINE / CFLAG_UNDEFINE: the macro's name (its length: up to any
 * '='), 0 for any other flag or an empty name. */
size_t cflag_macro(const cflag *f, const char **name);

/* The macros the CFLAG_PIC flags define or undefine. */
#define CFLAG_NPIC_MACROS 4
extern const char *const cflag_pic_macros[CFLAG_NPIC_MACROS];

#endif
