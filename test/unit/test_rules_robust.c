/* test_rules_robust.c: hostile rules texts are reported, never crash or
 * hang, and a rejected text leaves the rules exactly as they were. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

/* Calls whose findings stand for the state of the sample rules. */
static const char *const probes[] = {
	"open(path, AT_SYMLINK_NOFOLLOW|O_CREAT)",
	"fcntl(fd, F_SETFD, O_CLOEXEC)",
	"syscall(SYS_openat=257, fd, path, AT_REMOVEDIR)",
	"linkat(a, b, c, d, AT_SYMLINK_NOFOLLOW)",
};

static void append(char *all, size_t size, const char *text)
{
	size_t len = strlen(all);

	snprintf(all + len, size - len, "%s", text);
}

static char *snapshot(const fs_rules *rules)
{
	size_t size = 65536;
	char *all = calloc(1, size);

	assert_non_null(all);
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
		append(all, size, check_call_text(rules, probes[i]));
	append(all, size, check_record_text(rules, "open_how{flags=O_CREAT|"
					    "RESOLVE_BENEATH}"));
	append(all, size, check_spelling_text(rules, "O_NDELAY"));
	return all;
}

/* xorshift: the same "random" inputs on every run. */
static uint32_t next_random(uint32_t *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 17;
	*seed ^= *seed << 5;
	return *seed;
}

/* Loads text over the sample rules: a rejected text must change nothing. */
static void load_hostile(const char *text, size_t len)
{
	fs_rules *rules = rules_from(sample_rules);
	char *before = snapshot(rules);
	int res = fs_rules_add_text(rules, "h.rules", text, len, NULL, NULL);
	char *after = snapshot(rules);

	if (res != 0)
		assert_string_equal(before, after);
	free(before);
	free(after);
	fs_rules_free(rules);
}

static const char *const pieces[] = {
	"namespace", "call", "field", "needs-mode", "deprecated",
	"equivalent", "O", "AT", "O_CREAT", "AT_EMPTY_PATH", "open",
	"open_how.flags", "flags(1)", "mode(2)", "flags", "mode", "x(0)",
	"AT:SYMLINK_FOLLOW,EMPTY_PATH", "O|AT", "-", "0x10", "-100", "08",
	"prefix=O_", "prefix=Q_", "desc=\"a b\"", "bits=einval", "bits=",
	"when=cmd(1):F_SETFD", "same=O_CREAT", "value=field", "certain",
	"never-merged", "strict", "scope=\"x\"", "reason=\"", "#", "\"",
	"=", ":", ",", "|", "(", ")", "\t", "\r", "\n", "\n", "\n", " ",
	" ", " ", "NEW_A", "namespace NEW prefix=NEW_\n", "\0", "\x80",
};

static void random_pieces(void **state)
{
	uint32_t seed = 2463534242u;
	char text[600];

	(void)state;
	for (int round = 0; round < 3000; round++) {
		size_t len = 0, count = next_random(&seed) % 40;

		for (size_t i = 0; i < count; i++) {
			size_t k = next_random(&seed) %
				   (sizeof(pieces) / sizeof(pieces[0]));
			size_t n = k == sizeof(pieces) / sizeof(pieces[0]) - 2 ?
				   1 : strlen(pieces[k]);

			memcpy(text + len, pieces[k], n);
			len += n;
			text[len++] = next_random(&seed) % 3 ? ' ' : '\n';
		}
		load_hostile(text, len);
	}
}

static void mutated_sample(void **state)
{
	uint32_t seed = 88172645u;
	size_t len = strlen(sample_rules);
	char *text = malloc(len);

	(void)state;
	for (int round = 0; round < 300; round++) {
		memcpy(text, sample_rules, len);
		for (int k = 0; k < 1 + round % 4; k++)
			text[next_random(&seed) % len] =
				(char)(next_random(&seed) & 0xff);
		load_hostile(text, len);
		/* Every cut of the text, including inside words and quotes. */
		load_hostile(text, next_random(&seed) % len);
	}
	free(text);
}

static void huge_lines(void **state)
{
	size_t len = 1 << 20;
	char *text = malloc(len + 64);
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	memset(text, 'A', len);
	assert_int_equal(fs_rules_add_text(rules, "h.rules", text, len,
					   log_report, &log), -1);
	/* The offending word is quoted, but not all of it. */
	assert_true(strlen(log.text) < 200);

	memcpy(text, "call ", 5);
	for (size_t i = 5; i + 20 < len; i += 2)
		memcpy(text + i, "a,", 2);
	memcpy(text + len - 20, "a flags(1) O      \n", 19);
	load_hostile(text, len - 1);
	load_hostile(text, len / 2);
	free(text);
	fs_rules_free(rules);
}

static void nul_bytes(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };
	static const char zeros[64];

	(void)state;
	assert_int_equal(fs_rules_add_text(rules, "z.rules",
					   "namespace X prefix=X_\nX_A 1\0\n",
					   29, log_report, &log), -1);
	assert_string_equal(log.text, "z.rules:2:6: error: 'z.rules' is not a "
			    "flagspace rules file: it holds a NUL byte (it "
			    "is not text)\n");
	load_hostile(zeros, sizeof(zeros));
	load_hostile("namespace X\0 prefix=X_\n", 23);
	fs_rules_free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_pieces),
		cmocka_unit_test(mutated_sample),
		cmocka_unit_test(huge_lines),
		cmocka_unit_test(nul_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
