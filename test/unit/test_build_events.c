/* test_build_events.c: reading bear's events file (checker/cli/build/
 * build_events.c): the processes the build started, counted as the file
 * grows, and the split of their "started" records by how they ended: exit
 * status 0, or failed, killed or never ended. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build.h"
#include "fileio.h"
#include "unit_helpers.h"

/* Four processes: 1 ends with 0, 2 with 1, 3 is killed, 4 never ends. */
static const char events[] =
	"{\"rid\":\"1\",\"started\":{\"execution\":{\"executable\":\"/usr/bin/cc\","
	"\"arguments\":[\"cc\",\"-c\",\"a.c\"],\"working_dir\":\"/s\"}}}\n"
	"{\"rid\":\"2\",\"started\":{\"execution\":{\"executable\":\"/usr/bin/cc\","
	"\"arguments\":[\"cc\",\"-c\",\"b.c\"],\"working_dir\":\"/s\"}}}\n"
	"{\"rid\":\"1\",\"terminated\":{\"status\":\"0\"}}\n"
	"{\"rid\":\"3\",\"started\":{\"execution\":{\"executable\":\"/usr/bin/cc\","
	"\"arguments\":[\"cc\",\"-c\",\"c.c\"],\"working_dir\":\"/s\"}}}\n"
	"{\"rid\":\"2\",\"terminated\":{\"status\":\"1\"}}\n"
	"{\"rid\":\"3\",\"signalled\":{\"number\":9}}\n"
	"not a record\n"
	"{\"rid\":\"4\",\"started\":{\"execution\":{\"executable\":\"/usr/bin/cc\","
	"\"arguments\":[\"cc\",\"-c\",\"d.c\"],\"working_dir\":\"/s\"}}}\n";

static void temp_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/fs-build-events-%ld-%s",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid(),
		 name);
}

static void write_text(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* Only complete lines count: the last one may still be being written. */
static void counts_started_as_it_grows(void **state)
{
	char path[512];
	long offset = 0;
	const char *cut = strstr(events, "{\"rid\":\"3\"");

	(void)state;
	temp_path(path, sizeof(path), "grow");
	write_text(path, events, (size_t)(cut - events) + 10);
	assert_int_equal(build_events_count(path, &offset), 2);
	assert_int_equal(offset, cut - events);
	write_text(path, events, sizeof(events) - 1);
	assert_int_equal(build_events_count(path, &offset), 2);
	assert_int_equal(build_events_count(path, &offset), 0);
	assert_int_equal(offset, (long)sizeof(events) - 1);
	unlink(path);
}

static void splits_by_how_they_ended(void **state)
{
	char in[512], ok[512], failed[512], why[256];
	char *ok_text, *failed_text;
	size_t nfailed;

	(void)state;
	temp_path(in, sizeof(in), "in");
	temp_path(ok, sizeof(ok), "ok");
	temp_path(failed, sizeof(failed), "failed");
	write_text(in, events, sizeof(events) - 1);
	assert_int_equal(build_events_split(in, ok, failed, &nfailed, why,
					    sizeof(why)), 0);
	assert_int_equal(nfailed, 3);
	ok_text = cli_read_all(ok, NULL);
	failed_text = cli_read_all(failed, NULL);
	assert_non_null(ok_text);
	assert_non_null(failed_text);
	assert_non_null(strstr(ok_text, "a.c"));
	assert_null(strstr(ok_text, "terminated"));
	assert_null(strchr(strchr(ok_text, '\n') + 1, '{'));
	assert_null(strstr(failed_text, "a.c"));
	assert_non_null(strstr(failed_text, "b.c"));
	assert_non_null(strstr(failed_text, "c.c"));
	assert_non_null(strstr(failed_text, "d.c"));
	free(ok_text);
	free(failed_text);
	unlink(in);
	unlink(ok);
	unlink(failed);
}

static void missing_file(void **state)
{
	char why[256];
	size_t nfailed;
	long offset = 0;

	(void)state;
	assert_int_equal(build_events_count("/nonexistent/events.json",
					    &offset), 0);
	assert_int_equal(build_events_split("/nonexistent/events.json",
					    "/nonexistent/ok",
					    "/nonexistent/failed", &nfailed,
					    why, sizeof(why)), -1);
	assert_non_null(strstr(why, "cannot open '/nonexistent/"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_started_as_it_grows),
		cmocka_unit_test(splits_by_how_they_ended),
		cmocka_unit_test(missing_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
