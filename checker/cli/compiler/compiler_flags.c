/* compiler_flags.c: the one table of compiler flags flagspace knows (GCC
 * and clang spellings), first match wins: the longer spellings come
 * before their prefixes (-include-pch before -include, -I= before -I). */
#include <string.h>

#include "compiler_flags.h"

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
	{ "-MJ", JOINED_OR_SEPARATE, CFLAG_OUTPUT, 0 },
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
	{ "-include-pch", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
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
	{ "-ivfsoverlay", JOINED_OR_SEPARATE, CFLAG_OPAQUE, 0 },
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
	/* plugins: dropped unless --allow-plugins */
	{ "-fplugin-arg-", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "-fplugin=", PREFIX, CFLAG_LOADS_CODE, 0 },
	{ "-fpass-plugin=", PREFIX, CFLAG_LOADS_CODE, 0 },
	/* header search not followed here */
	{ "-Xpreprocessor", SEPARATE, CFLAG_OPAQUE, 0 },
	{ "@", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fmodule", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fimplicit-module", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fno-implicit", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fplugin", PREFIX, CFLAG_OPAQUE, 0 },
	{ "-fpass-plugin", PREFIX, CFLAG_OPAQUE, 0 },
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
	 * after clang names it (run/batch_outcome.c), a batch later. */
	{ "-mindirect-branch=", PREFIX, CFLAG_GCC_ONLY, 0 },
	{ "-mindirect-branch-register", EXACT, CFLAG_GCC_ONLY, 0 },
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

/* clang's -Xclang spellings that load code: -Xclang -load -Xclang x.so */
static const char *const xclang_loads[] = {
	"-load", "-add-plugin", "-plugin", "-load-pass-plugin",
};

static cflag xclang(char *const *args, size_t n, size_t i)
{
	cflag f = { CFLAG_OPAQUE, i + 1 < n ? 2 : 1, NULL, 0 };

	if (i + 1 >= n)
		return f;
	for (size_t k = 0; k < sizeof(xclang_loads) / sizeof(*xclang_loads);
	     k++)
		if (!strcmp(args[i + 1], xclang_loads[k])) {
			f.kind = CFLAG_LOADS_CODE;
			if (i + 3 < n && !strcmp(args[i + 2], "-Xclang"))
				f.words = 4;
			f.value = f.words == 4 ? args[i + 3] : NULL;
		}
	return f;
}

/* -W...: kbuild's -Wp,-MD,x.d; other -Wp, passes flags to the
 * preprocessor; a warning changes no token, unless it is an error. */
static cflag warning(const char *a)
{
	cflag f = { CFLAG_UNREAD, 1, NULL, 0 };

	if (!strncmp(a, "-Wp,", 4)) {
		f.kind = strstr(a, ",-MD,") || strstr(a, ",-MMD,")
				 ? CFLAG_DEPFILE : CFLAG_OPAQUE;
	} else if (strstr(a, "error") || !strncmp(a, "-Wfatal", 7)) {
		f.kind = CFLAG_OTHER;
	}
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

cflag cflag_at(char *const *args, size_t n, size_t i)
{
	const char *a = args[i];
	cflag other = { CFLAG_OTHER, 1, NULL, 0 };

	if (!strcmp(a, "-Xclang"))
		return xclang(args, n, i);
	if (!strncmp(a, "-W", 2))
		return warning(a);
	for (size_t k = 0; k < sizeof(spellings) / sizeof(*spellings); k++) {
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
