/* compiler_flags.c: the one table of compiler flags flagspace knows (GCC
 * and clang spellings), first match wins: the longer spellings come
 * before their prefixes (-include-pch before -include, -I= before -I).
 * The flags that load code, read a config or write a file are from
 * `clang --help-hidden` of LLVM 14, 19 and 22 and clang's Options.td. */
#include <stdio.h>
#include <string.h>

#include "compiler_flags.h"
#include "base/count_of.h"

const char *const cflag_pic_macros[CFLAG_NPIC_MACROS] = {
	"__PIC__", "__pic__", "__PIE__", "__pie__",
};

/* How a spelling takes its value: none (EXACT: the whole word; PREFIX:
 * any word it starts), the rest of the word (JOINED), the next word
 * (SEPARATE), either (JOINED_OR_SEPARATE, an '=' after it skipped). */
typedef enum cflag_form {
	EXACT, PREFIX, JOINED, SEPARATE, JOINED_OR_SEPARATE,
} cflag_form;

typedef struct cflag_spelling {
	const char *text;
	cflag_form form;
	cflag_kind kind;
	int list;
} cflag_spelling;

static const cflag_spelling spellings[] = {
	/* output */
	{ "-c", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MD", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MMD", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MP", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MF", JOINED_OR_SEPARATE, CFLAG_OUTPUT, 0 },
	{ "-MT", JOINED_OR_SEPARATE, CFLAG_OUTPUT, 0 },
	{ "-MQ", JOINED_OR_SEPARATE, CFLAG_OUTPUT, 0 },
	{ "-MJ", JOINED_OR_SEPARATE, CFLAG_WRITES, 0 },
	{ "-M", EXACT, CFLAG_OUTPUT, 0 },	/* dependencies, not text */
	{ "-MM", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MG", EXACT, CFLAG_OUTPUT, 0 },
	{ "-MV", EXACT, CFLAG_OUTPUT, 0 },
	{ "--write-dependencies", EXACT, CFLAG_OUTPUT, 0 },	/* -MD */
	{ "--write-user-dependencies", EXACT, CFLAG_OUTPUT, 0 },
	{ "--dependencies", EXACT, CFLAG_OUTPUT, 0 },		/* -M */
	{ "--user-dependencies", EXACT, CFLAG_OUTPUT, 0 },
	{ "--print-missing-file-dependencies", EXACT, CFLAG_OUTPUT, 0 },
	{ "-obj", PREFIX, CFLAG_OTHER, 0 },	/* -objcmt-..., not -o bj */
	{ "-o", JOINED_OR_SEPARATE, CFLAG_OUTPUT, 0 },
	/* search directories and forced includes */
	{ "-I=", PREFIX, CFLAG_OPAQUE, 0 },	/* under the sysroot */
	{ "-I", JOINED_OR_SEPARATE, CFLAG_SEARCH, CFLAG_USER },
	{ "--include-directory-after", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "--include-directory", JOINED_OR_SEPARATE, CFLAG_SEARCH,
	  CFLAG_USER },
	{ "-iquote", JOINED_OR_SEPARATE, CFLAG_SEARCH, CFLAG_QUOTE },
	{ "-isystem-after", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-isystem", JOINED_OR_SEPARATE, CFLAG_SEARCH, CFLAG_SYSTEM },
	{ "-idirafter", JOINED_OR_SEPARATE, CFLAG_SEARCH, CFLAG_SYSTEM },
	{ "-cxx-isystem", JOINED_OR_SEPARATE, CFLAG_SEARCH, CFLAG_SYSTEM },
	{ "-include-pch", JOINED_OR_SEPARATE, CFLAG_READS_FILE, 0 },
	{ "-imacros", JOINED_OR_SEPARATE, CFLAG_FORCED, 0 },
	{ "-include", JOINED_OR_SEPARATE, CFLAG_FORCED, 0 },
	{ "--include-", PREFIX, CFLAG_OPAQUE, 0 },	/* -prefix, -with-... */
	{ "--include", JOINED_OR_SEPARATE, CFLAG_FORCED, 0 },
	{ "-isysroot", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-iprefix", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-iwithprefixbefore", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-iwithprefix", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-iwithsysroot", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-iframework", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-ivfsoverlay", JOINED_OR_SEPARATE, CFLAG_OVERLAY, 0 },
	{ "-iembed-dir", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-i", PREFIX, CFLAG_OPAQUE, 0 },	/* any other -i flag */
	{ "-nostdinc", EXACT, CFLAG_NARROWS, 0 },
	{ "-nostdinc++", EXACT, CFLAG_NARROWS, 0 },
	{ "-nostdlibinc", EXACT, CFLAG_NARROWS, 0 },
	{ "--sysroot", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "-gcc-toolchain", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "--gcc-", PREFIX, CFLAG_OPAQUE, 0 },	/* -toolchain, -install-dir */
	/* macros */
	{ "-D", JOINED_OR_SEPARATE, CFLAG_DEFINE, 0 },
	{ "--define-macro", JOINED_OR_SEPARATE, CFLAG_DEFINE, 0 },
	{ "-U", JOINED_OR_SEPARATE, CFLAG_UNDEFINE, 0 },
	{ "--undefine-macro", JOINED_OR_SEPARATE, CFLAG_UNDEFINE, 0 },
	{ "-fPIC", EXACT, CFLAG_PIC, 0 },
	{ "-fpic", EXACT, CFLAG_PIC, 0 },
	{ "-fPIE", EXACT, CFLAG_PIC, 0 },
	{ "-fpie", EXACT, CFLAG_PIC, 0 },
	{ "-fno-PIC", EXACT, CFLAG_PIC, 0 },
	{ "-fno-pic", EXACT, CFLAG_PIC, 0 },
	{ "-fno-PIE", EXACT, CFLAG_PIC, 0 },
	{ "-fno-pie", EXACT, CFLAG_PIC, 0 },
	/* code: plugins, and programs clang runs to find a GPU */
	{ "-fplugin", PREFIX, CFLAG_LOADS_CODE, 0 },	/* =, -arg- */
	{ "-fpass-plugin", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "--hipspv-pass-plugin", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "--offload-arch-tool", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "--amdgpu-arch-tool", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "--nvptx-arch-tool", PREFIX, CFLAG_LOADS_CODE, 0 },
	/* configs: clang reads their flags before the command's */
	{ "--config-system-dir", PREFIX, CFLAG_READS_CONFIG, 0 },
	{ "--config-user-dir", PREFIX, CFLAG_READS_CONFIG, 0 },
	{ "--config", JOINED_OR_SEPARATE, CFLAG_READS_CONFIG, 0 },
	{ "-multi-lib-config", PREFIX, CFLAG_READS_CONFIG, 0 },
	/* files written while clang preprocesses or parses, or by its
	 * driver: a time trace, diagnostics, intermediate files, statistics,
	 * a compilation database, a crash's reproducer, modules (files
	 * written only by code generation or linking are not: no audit
	 * generates code) */
	{ "-ftime-trace", PREFIX, CFLAG_WRITES, 0 },	/* -granularity= */
	{ "--serialize-diagnostics", JOINED_OR_SEPARATE, CFLAG_WRITES, 0 },
	{ "-fcrash-diagnostics-dir", PREFIX, CFLAG_WRITES, 0 },
	{ "-gen-reproducer", PREFIX, CFLAG_WRITES, 0 },
	{ "-save-temps", PREFIX, CFLAG_WRITES, 0 },
	{ "--save-temps", PREFIX, CFLAG_WRITES, 0 },
	{ "-save-stats", PREFIX, CFLAG_WRITES, 0 },
	{ "--save-stats", PREFIX, CFLAG_WRITES, 0 },
	{ "-fproc-stat-report", PREFIX, CFLAG_WRITES, 0 },
	{ "-gen-cdb-fragment-path", JOINED_OR_SEPARATE, CFLAG_WRITES, 0 },
	{ "-fmodules-cache-path", PREFIX, CFLAG_WRITES, 0 },
	{ "-fmodule-output", PREFIX, CFLAG_WRITES, 0 },
	{ "-emit-symbol-graph", EXACT, CFLAG_WRITES, 0 },
	{ "--symbol-graph-dir", PREFIX, CFLAG_WRITES, 0 },
	{ "--emit-extension-symbol-graphs", EXACT, CFLAG_WRITES, 0 },
	/* LLVM's options */
	{ "-mllvm", JOINED_OR_SEPARATE, CFLAG_BACKEND, 0 },
	/* header search not followed here */
	{ "@", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fmodule", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fimplicit-module", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fno-implicit", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fms-", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fheader", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fsystem", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-F", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
	{ "--driver-mode", PREFIX, CFLAG_OPAQUE, 0 },
	{ "--embed-dir", PREFIX, CFLAG_OPAQUE, 0 },
	{ "--system-header-prefix", PREFIX, CFLAG_OPAQUE, 0 },
	{ "--no-system-header-prefix", PREFIX, CFLAG_OPAQUE, 0 },
	/* no token changes */
	{ "-g", PREFIX, CFLAG_UNREAD, 0 },
	/* gcc only: code generation, optimisation and debug flags that
	 * clang 14, 19 and 22 reject ("unknown argument", or "unsupported
	 * option" for the target) and gcc defines no macro for: the kernel's
	 * and Debian packages' common ones. A flag missing here is dropped
	 * after clang names it (run/unknown_args.c), a batch later. */
	{ "-mindirect-branch=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-mindirect-branch-register", EXACT, CFLAG_GCC_ONLY, 0 },
	/* clang takes only =keep and =thunk-extern (dropbear: =thunk) */
	{ "-mfunction-return=thunk", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-mfunction-return=thunk-inline", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-mpreferred-stack-boundary=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-mincoming-stack-boundary=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-mrecord-mcount", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fconserve-stack", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fallow-store-data-races", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-allow-store-data-races", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fvar-tracking-assignments", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-fno-var-tracking-assignments", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-fmin-function-alignment=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-flive-patching=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-flto-partition=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-fipa-", PREFIX, CFLAG_GCC_ONLY, 0 },	/* -fipa-pta ... */
	{ "-fno-ipa-", PREFIX, CFLAG_GCC_ONLY, 0 },	/* -fno-ipa-sra ... */
	{ "-fno-partial-inlining", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-early-inlining", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-guess-branch-probability", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-code-hoisting", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-lifetime-dse", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fno-isolate-erroneous-paths-dereference", EXACT, CFLAG_GCC_ONLY,
	  0 },
	{ "-fno-aggressive-loop-optimizations", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fsched-pressure", EXACT, CFLAG_GCC_ONLY, 0 },
	{ "-fsanitize=bounds-strict", EXACT, CFLAG_GCC_ONLY, 0 },
};

/* The two lists of words a command passes to clang -cc1: -Xclang and
 * -Xclang=; -Wp, (a comma-separated list) and -Xpreprocessor. Each list
 * reaches the job whole and in order, so an option passed in one word may
 * take its value from the list's next word, wherever that is. */
enum { CH_NONE, CH_CC1, CH_PRE };

/* The list args[i] adds to, the words it takes (*span) and what it
 * passes (*passed; *split when it is -Wp,'s list). */
static int channel(char *const *args, size_t n, size_t i, size_t *span,
		   const char **passed, int *split)
{
	const char *a = args[i];

	*span = 1;
	*split = 0;
	if (!strcmp(a, "-Xclang") || !strcmp(a, "-Xpreprocessor")) {
		*span = i + 1 < n ? 2 : 1;
		*passed = i + 1 < n ? args[i + 1] : "";
		return a[2] == 'c' ? CH_CC1 : CH_PRE;
	}
	if (!strncmp(a, "-Xclang=", 8)) {
		*passed = a + 8;
		return CH_CC1;
	}
	if (!strncmp(a, "-Wp,", 4)) {
		*passed = a + 4;
		*split = 1;
		return CH_PRE;
	}
	return CH_NONE;
}

/* The kinds a word passed on to clang -cc1 is told apart as: those
 * dropped when the database is read (command_filter.c), LLVM's options,
 * and the files read, which the database keeps only inside the audited
 * tree (audit_db.c). */
static int is_dropped_kind(cflag_kind kind)
{
	return kind == CFLAG_LOADS_CODE || kind == CFLAG_READS_CONFIG ||
	       kind == CFLAG_WRITES || kind == CFLAG_BACKEND ||
	       kind == CFLAG_FORCED || kind == CFLAG_READS_FILE ||
	       kind == CFLAG_OVERLAY;
}

/* Kinds whose value, the next word passed, is kept. */
static int has_file_value(cflag_kind kind)
{
	return kind == CFLAG_LOADS_CODE || kind == CFLAG_FORCED ||
	       kind == CFLAG_READS_FILE;
}

/* The first kind the audit drops among the cc1 words in `passed`; *owed
 * says that the first is a value owed to the last list's option, and is
 * set when the last word here is owed one. */
static cflag_kind classify_passed(const char *passed, int split, int *owed)
{
	cflag_kind kind = CFLAG_OPAQUE;
	char word[256];

	for (const char *p = passed;; p++) {
		size_t len = split ? strcspn(p, ",") : strlen(p);
		int takes = 0;
		cflag_kind k;

		snprintf(word, sizeof(word), "%.*s", (int)len, p);
		k = *owed ? CFLAG_OPAQUE : cflag_cc1_kind(word, &takes);
		/* the build's output, passed on, is an unusual file */
		if (k == CFLAG_OUTPUT)
			k = CFLAG_WRITES;
		if (kind == CFLAG_OPAQUE && is_dropped_kind(k))
			kind = k;
		*owed = takes && is_dropped_kind(k);
		p += len;
		if (!*p)
			return kind;
	}
}

/* A word passed to clang -cc1 at args[i] (of list ch): with the words of
 * the list that follow it when an option the audit drops takes its value
 * from them (-Xclang -load -Xclang x.so). */
static cflag passed_on(char *const *args, size_t n, size_t i, int ch)
{
	cflag f = { CFLAG_OPAQUE, 0, NULL, 0 };
	int owed = 0, split;
	size_t span;
	const char *passed;

	do {
		int was_owed = owed;
		cflag_kind k;

		if (channel(args, n, i + f.words, &span, &passed, &split) !=
		    ch)
			break;
		k = classify_passed(passed, split, &owed);
		if (was_owed && !split && has_file_value(f.kind))
			f.value = passed;
		if (f.kind == CFLAG_OPAQUE)
			f.kind = k;
		f.words += span;
	} while (owed && i + f.words < n);
	return f;
}

/* -Xarch_<arch> <flag>, -Xopenmp-target[=<triple>] <flag>: a driver flag
 * for one target, dropped with it when the flag is dropped. */
static cflag for_target(char *const *args, size_t n, size_t i)
{
	cflag f = { CFLAG_OPAQUE, i + 1 < n ? 2 : 1, NULL, 0 };
	char *one[2] = { args[0], i + 1 < n ? args[i + 1] : "" };
	cflag g = cflag_at(one, 2, 1);

	if (i + 1 < n && is_dropped_kind(g.kind))
		f.kind = g.kind;
	return f;
}

/* clang-cl's /clang:<flag> and -clang:<flag> pass a flag to the driver;
 * a run of them is read as the flags they pass (/clang:-Xclang
 * /clang:-load ...), CL_RUN at most. */
enum { CL_RUN = 16 };

static int passes_to_driver(const char *a)
{
	return !strncmp(a, "/clang:", 7) || !strncmp(a, "-clang:", 7);
}

static cflag for_driver(char *const *args, size_t n, size_t i)
{
	char *passed[CL_RUN + 1];
	size_t m = 1;
	cflag f;

	passed[0] = args[0];
	for (size_t k = i; k < n && m <= CL_RUN && passes_to_driver(args[k]);
	     k++)
		passed[m++] = args[k] + 7;
	f = cflag_at(passed, m, 1);
	if (!is_dropped_kind(f.kind))
		f = (cflag){ CFLAG_OPAQUE, f.words, NULL, 0 };
	return f;
}

/* -W...: kbuild's -Wp,-MD,x.d (clang's driver makes it -MD -MF x.d); a
 * warning changes no token, unless it is an error. */
static cflag warning(const char *a)
{
	cflag f = { CFLAG_UNREAD, 1, NULL, 0 };

	if (!strncmp(a, "-Wp,-MD", 7) || !strncmp(a, "-Wp,-MMD", 8))
		f.kind = CFLAG_DEPFILE;
	else if (strstr(a, "error") || !strncmp(a, "-Wfatal", 7))
		f.kind = CFLAG_OTHER;
	return f;
}

/* The flag args[i] is when it is spelled s; f.words 0 when it is not. */
static cflag match(const cflag_spelling *s, char *const *args, size_t n,
		   size_t i)
{
	const char *a = args[i];
	size_t len = strlen(s->text);
	cflag f = { s->kind, 1, NULL, s->list };

	if (strncmp(a, s->text, len) || (s->form == EXACT && a[len]) ||
	    (s->form == SEPARATE && a[len]))
		f.words = 0;
	else if (s->form == JOINED || (s->form == JOINED_OR_SEPARATE && a[len]))
		f.value = a + len + (a[len] == '=');
	else if (s->form == SEPARATE || s->form == JOINED_OR_SEPARATE)
		/* a value missing at the end of the command: the flag alone */
		f.value = i + 1 < n ? args[i + (f.words = 2) - 1] : NULL;
	return f;
}

/* A word of clang's own compile job (args[1] is -cc1) that the audit
 * drops, or f.words 0. */
static cflag cc1_job_word(char *const *args, size_t n, size_t i)
{
	int takes;
	cflag f = { cflag_cc1_kind(args[i], &takes), 1, NULL, 0 };

	if (f.kind == CFLAG_OPAQUE)
		f.words = 0;
	else if (takes && i + 1 < n)
		f.words = 2;
	if (has_file_value(f.kind) && f.words == 2)
		f.value = args[i + 1];
	return f;
}

cflag cflag_at(char *const *args, size_t n, size_t i)
{
	const char *a = args[i], *passed;
	cflag other = { CFLAG_OTHER, 1, NULL, 0 }, job;
	size_t span;
	int split, ch;

	if (i > 1 && !strcmp(args[1], "-cc1") &&
	    (job = cc1_job_word(args, n, i)).words)
		return job;
	if (!strncmp(a, "-Wp,-MD", 7) || !strncmp(a, "-Wp,-MMD", 8))
		return warning(a);
	if ((ch = channel(args, n, i, &span, &passed, &split)) != CH_NONE)
		return passed_on(args, n, i, ch);
	if (!strncmp(a, "-Xarch_", 7) || !strncmp(a, "-Xopenmp-target", 15))
		return for_target(args, n, i);
	if (passes_to_driver(a))
		return for_driver(args, n, i);
	if (!strncmp(a, "-W", 2))
		return warning(a);
	for (size_t k = 0; k < FS_COUNT_OF(spellings); k++) {
		cflag f = match(&spellings[k], args, n, i);

		if (f.words)
			return f;
	}
	return other;
}

size_t cflag_macro(const cflag *f, const char **name)
{
	if ((f->kind != CFLAG_DEFINE && f->kind != CFLAG_UNDEFINE) ||
	    !f->value)
		return 0;
	*name = f->value;
	return strcspn(f->value, "=");
}

int cflag_is_build_only(cflag_kind kind)
{
	return kind == CFLAG_OUTPUT || kind == CFLAG_DEPFILE ||
	       kind == CFLAG_BACKEND;
}
