/* compiler_flags.h: what flagspace knows of a compile command's flags, in
 * one table (compiler_flags.c; clang -cc1's options, which -Xclang, -Wp,
 * and -Xpreprocessor pass on, in cc1_flags.c). The database drops what
 * loads code, reads a config, writes a file or only gcc takes
 * (command_filter.h), the plan asks what changes a unit's reading and
 * where it finds headers, and every process started for a unit leaves
 * out the build's own output. */
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
	CFLAG_LOADS_CODE,	/* a compiler plugin, or a program to run */
	CFLAG_GCC_ONLY,		/* gcc's code generation, which clang's
				   driver rejects: dropped, it changes no
				   token (-mindirect-branch=, -fconserve-stack) */
	CFLAG_READS_CONFIG,	/* --config x, or a response file clang -cc1
				   reads unfiltered (-Xclang @x) */
	CFLAG_WRITES,		/* a file written while clang parses or
				   preprocesses: -ftime-trace, -MJ ... */
	CFLAG_BACKEND,		/* -mllvm x: LLVM's options, for code
				   generation, which no audit does */
	CFLAG_READS_FILE,	/* a file read as no source: -include-pch x
				   (value: the file; NULL when passed on in a
				   form not followed) */
	CFLAG_OVERLAY,		/* -ivfsoverlay x: maps header paths to files
				   anywhere, wherever x is */
} cflag_kind;

/* The search lists of CFLAG_SEARCH, in the order the compiler tries. */
enum { CFLAG_QUOTE, CFLAG_USER, CFLAG_SYSTEM };

typedef struct cflag {
	cflag_kind kind;
	size_t words;		/* the words from args[i] it takes, >= 1 */
	const char *value;	/* its directory, file or macro, or NULL */
	int list;		/* CFLAG_SEARCH: CFLAG_QUOTE ... */
} cflag;

/* The flag at args[i] of a command of n words (i >= 1). A command whose
 * args[1] is -cc1 (clang's own compile job) is read as clang -cc1 reads
 * it. */
cflag cflag_at(char *const *args, size_t n, size_t i);

/* Whether a process started for a unit leaves flags of this kind out:
 * the build's own output (-o, -c, -MD, -MF ...: the audit compiles
 * nothing, and clang-tidy would write some of them) and LLVM's options. */
int cflag_is_build_only(cflag_kind kind);

/* clang -cc1's option `word`, passed through -Xclang, -Wp, or
 * -Xpreprocessor or in a cc1 job: its kind (CFLAG_OPAQUE when it is none
 * the audit drops) and, in *takes_value, whether the next word is its
 * value (cc1_flags.c). */
cflag_kind cflag_cc1_kind(const char *word, int *takes_value);

/* CFLAG_DEFINE / CFLAG_UNDEFINE: the macro's name (its length: up to any
 * '='), 0 for any other flag or an empty name. */
size_t cflag_macro(const cflag *f, const char **name);

/* The macros the CFLAG_PIC flags define or undefine. */
#define CFLAG_NPIC_MACROS 4
extern const char *const cflag_pic_macros[CFLAG_NPIC_MACROS];

#endif
