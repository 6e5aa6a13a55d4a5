/* test_utf8_path.c: file names that are not UTF-8 (issue 22): which bytes
 * are UTF-8 (common/utf8.c), the reports' JSON writing the others as
 * \udcXX and reading them back (json.c, json_read.c), and a path clang-
 * tidy's YAML cut short at such a byte taken back to its file
 * (collect/tidy_path.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "json.h"
#include "json_read.h"
#include "tidy_path.h"
#include "unit_helpers.h"
#include "utf8.h"

static void utf8_sequences(void **state)
{
	(void)state;
	assert_int_equal(utf8_len("a", 1), 1);
	assert_int_equal(utf8_len("\xc3\xa9", 2), 2);		/* é */
	assert_int_equal(utf8_len("\xef\xbf\xbd", 3), 3);	/* U+FFFD */
	assert_int_equal(utf8_len("\xf0\x9f\x98\x80", 4), 4);
	assert_int_equal(utf8_len("\xff", 1), 0);
	assert_int_equal(utf8_len("\xc0\xaf", 2), 0);		/* overlong */
	assert_int_equal(utf8_len("\xed\xa0\x80", 3), 0);	/* surrogate */
	assert_int_equal(utf8_len("\xf4\x90\x80\x80", 4), 0);	/* > U+10FFFF */
	assert_int_equal(utf8_len("\xc3", 1), 0);		/* cut */
	assert_int_equal(utf8_valid_prefix("ab\xc3\xa9" "c\xff" "d"), 5);
	assert_int_equal(utf8_valid_prefix("plain"), 5);
}

/* A name's bytes survive a report: written \udcXX, read back as bytes. */
static void json_round_trip(void **state)
{
	const char *name = "/src/bad\xff\xfe\xc3\xa9.c";
	char *text = NULL, err[64];
	size_t len = 0;
	unsigned line, col;
	json_value v;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	json_put_string(f, name);
	fclose(f);
	assert_string_equal(text, "\"/src/bad\\udcff\\udcfe\xc3\xa9.c\"");
	assert_int_equal(json_parse(text, len, &v, err, sizeof(err), &line,
				    &col), 0);
	assert_string_equal(v.string, name);
	json_free(&v);
	free(text);
	/* the databases written for clang-tidy keep the bytes */
	f = open_memstream(&text, &len);
	json_put_bytes(f, name);
	fclose(f);
	assert_string_equal(text, "\"/src/bad\xff\xfe\xc3\xa9.c\"");
	free(text);
}

static void cut_paths(void **state)
{
	(void)state;
	/* LLVM's YAML writer: the bytes before the first bad one, U+FFFD */
	assert_true(tidy_path_is_cut_of("/s/bad\xef\xbf\xbd",
					"/s/bad\xff\xfename.c"));
	assert_true(tidy_path_is_cut_of("/s/d\xef\xbf\xbd", "/s/d\xff/x.c"));
	assert_false(tidy_path_is_cut_of("/s/ba\xef\xbf\xbd",
					 "/s/bad\xff.c"));
	assert_false(tidy_path_is_cut_of("/s/ok.c", "/s/ok.c"));
}

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fclose(f);
}

/* A header's name: the one file of its folder the cut stands for; two
 * that it may stand for: none. A unit's file comes first. */
static void recovered_from_folder_and_units(void **state)
{
	char dir[] = "/tmp/flagspace-utf8-XXXXXX", a[64], b[64], cut[64];
	audit au;
	audit_tu *tu;
	char *found;

	(void)state;
	memset(&au, 0, sizeof(au));
	assert_non_null(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s/inc\xff.h", dir);
	snprintf(cut, sizeof(cut), "%s/inc\xef\xbf\xbd", dir);
	touch(a);
	found = tidy_path_recover(&au, cut);
	assert_non_null(found);
	assert_string_equal(found, a);
	free(found);
	snprintf(b, sizeof(b), "%s/inc\xfe.h", dir);
	touch(b);
	assert_null(tidy_path_recover(&au, cut));
	tu = AUDIT_PUSH(&au.tus);
	assert_non_null(tu);
	tu->file = strdup(b);
	found = tidy_path_recover(&au, cut);
	assert_non_null(found);
	assert_string_equal(found, b);
	free(found);
	/* a path that is not cut short is left alone */
	assert_null(tidy_path_recover(&au, a));
	unlink(a);
	unlink(b);
	rmdir(dir);
	audit_free(&au);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(utf8_sequences),
		cmocka_unit_test(json_round_trip),
		cmocka_unit_test(cut_paths),
		cmocka_unit_test(recovered_from_folder_and_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
