/* cc1_flags.c: the options of clang -cc1 that an audit drops when a
 * command passes them on (-Xclang, -Xclang=, -Wp, and -Xpreprocessor) or
 * names them in a cc1 job: they load code, write a file, or read flags
 * from a file unfiltered; and those reading a file, which it keeps only
 * inside the audited tree. From `clang -cc1 -help` of LLVM 14, 19 and 22
 * and clang's Options.td; first match wins. */
#include <string.h>

#include "compiler_flags.h"
#include "base/count_of.h"

/* How a spelling matches: the whole word, its value the next word (SEP);
 * any word it starts (PREFIX); such a word, its value the next word
 * (PREFIX_SEP: -plugin-arg-<name> <arg>). */
typedef enum cc1_form { SEP, PREFIX, PREFIX_SEP } cc1_form;

typedef struct cc1_spelling {
	const char *text;
	cc1_form form;
	cflag_kind kind;
} cc1_spelling;

static const cc1_spelling cc1_spellings[] = {
	/* code: clang rejects -load=x.so (-load takes the next word), but
	 * it is dropped as what it asks for, not left to fail */
	{ "-load", SEP, CFLAG_LOADS_CODE },
	{ "-load", PREFIX, CFLAG_LOADS_CODE },	/* -load=, -load-pass-plugin */
	{ "-add-plugin", SEP, CFLAG_LOADS_CODE },
	{ "-add-plugin", PREFIX, CFLAG_LOADS_CODE },
	{ "-plugin-arg-", PREFIX_SEP, CFLAG_LOADS_CODE },
	{ "-plugin", SEP, CFLAG_LOADS_CODE },
	{ "-plugin", PREFIX, CFLAG_LOADS_CODE },
	{ "-fpass-plugin", PREFIX, CFLAG_LOADS_CODE },
	{ "-fplugin", PREFIX, CFLAG_LOADS_CODE },
	/* files read, kept inside the audited tree: the value is followed
	 * when it is a word of its own, a joined one is not */
	{ "-include-pch", SEP, CFLAG_READS_FILE },
	{ "-include", SEP, CFLAG_FORCED },
	{ "-imacros", SEP, CFLAG_FORCED },
	{ "-ivfsoverlay", SEP, CFLAG_OVERLAY },
	{ "-include", PREFIX, CFLAG_READS_FILE },
	{ "-imacros", PREFIX, CFLAG_READS_FILE },
	{ "-ivfsoverlay", PREFIX, CFLAG_OVERLAY },
	/* a response file: clang -cc1 reads it, and flagspace does not */
	{ "@", PREFIX, CFLAG_READS_CONFIG },
	/* the build's own output, in a cc1 job as bear records it */
	{ "-o", SEP, CFLAG_OUTPUT },
	{ "-dependency-file", SEP, CFLAG_OUTPUT },
	/* files written while parsing: a dependency graph or list, the
	 * headers included, diagnostics, statistics, a time trace,
	 * modules, fix-its written into the sources */
	{ "-dependency-dot", SEP, CFLAG_WRITES },
	{ "-header-include-file", SEP, CFLAG_WRITES },
	{ "-module-dependency-dir", SEP, CFLAG_WRITES },
	{ "-serialize-diagnostic-file", SEP, CFLAG_WRITES },
	{ "-diagnostic-log-file", SEP, CFLAG_WRITES },
	{ "-stats-file", PREFIX, CFLAG_WRITES },
	{ "-ftime-trace", PREFIX, CFLAG_WRITES },
	{ "-fmodules-cache-path", PREFIX, CFLAG_WRITES },
	{ "-fmodule-output", PREFIX, CFLAG_WRITES },
	{ "-fixit", PREFIX, CFLAG_WRITES },
	{ "-opt-record-file", SEP, CFLAG_WRITES },
	{ "-split-dwarf-output", SEP, CFLAG_WRITES },
	{ "-stack-usage-file", SEP, CFLAG_WRITES },
	{ "-coverage-data-file", PREFIX, CFLAG_WRITES },
	{ "-coverage-notes-file", PREFIX, CFLAG_WRITES },
	{ "-arcmt-migrate-report-output", SEP, CFLAG_WRITES },
	{ "-mt-migrate-directory", SEP, CFLAG_WRITES },
	{ "-dump-minimization-hints", PREFIX, CFLAG_WRITES },
	{ "-fverify-debuginfo-preserve-export", PREFIX, CFLAG_WRITES },
	{ "--symbol-graph-dir", PREFIX, CFLAG_WRITES },
	{ "-mllvm", SEP, CFLAG_BACKEND },
};

cflag_kind cflag_cc1_kind(const char *word, int *takes_value)
{
	for (size_t k = 0; k < FS_COUNT_OF(cc1_spellings);
	     k++) {
		const cc1_spelling *s = &cc1_spellings[k];
		size_t len = strlen(s->text);

		if (strncmp(word, s->text, len) || (s->form == SEP && word[len]))
			continue;
		*takes_value = s->form != PREFIX;
		return s->kind;
	}
	*takes_value = 0;
	return CFLAG_OPAQUE;
}
