/* test_rules_load.c: loading rules from files and from memory. */
#define _POSIX_C_SOURCE 200809L	/* mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit_helpers.h"

/* Writes text to a new temporary file; the caller unlinks it. */
static void write_temp(char *path, const char *text, size_t len)
{
	int fd;

	strcpy(path, "/tmp/flagspace-unit-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

static void file_is_read(void **state)
{
	char path[64];
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };
	char want[256];

	(void)state;
	write_temp(path, "namespace X prefix=X_\nX_A 1\nX_B", 31);
	assert_int_equal(fs_rules_add_file(rules, path, log_report, &log), -1);
	snprintf(want, sizeof(want), "%s:3:4: error: expected the value of "
		 "the macro after 'X_B'\n", path);
	assert_string_equal(log.text, want);
	unlink(path);

	write_temp(path, "namespace X prefix=X_\nX_A 1", 27);
	assert_int_equal(fs_rules_add_file(rules, path, NULL, NULL), 0);
	assert_true(fs_rules_knows_macro(rules, "X_A"));
	unlink(path);
	fs_rules_free(rules);
}

static void unreadable_files(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(fs_rules_add_file(rules, "/nonexistent/x.rules",
					   log_report, &log), -1);
	assert_string_equal(log.text, "/nonexistent/x.rules: error: cannot "
			    "read rules file '/nonexistent/x.rules': no such "
			    "file or directory\n");
	memset(&log, 0, sizeof(log));
	assert_int_equal(fs_rules_add_file(rules, "/tmp", log_report, &log),
			 -1);
	assert_string_equal(log.text, "/tmp: error: cannot read rules file "
			    "'/tmp': is a directory\n");
	assert_int_equal(fs_rules_add_file(rules, NULL, NULL, NULL), -1);
	assert_int_equal(fs_rules_add_file(NULL, "/tmp", NULL, NULL), -1);
	fs_rules_free(rules);
}

static void text_arguments(void **state)
{
	fs_rules *rules = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(fs_rules_add_text(rules, "e.rules", NULL, 0,
					   log_report, &log), 0);
	assert_int_equal(fs_rules_add_text(rules, NULL, "x", 1, log_report,
					   &log), -1);
	assert_int_equal(fs_rules_add_text(rules, "n.rules", NULL, 3,
					   log_report, &log), -1);
	assert_string_equal(log.text,
		"<rules>:1:1: error: '<rules>' is not a flagspace rules file: it "
		"does not start with a directive such as 'namespace' or 'call'\n"
		"n.rules: error: no rules text to read\n");
	/* The length counts, not a NUL. */
	assert_int_equal(fs_rules_add_text(rules, "l.rules",
					   "namespace X prefix=X_\nX_A 1\nbad",
					   28, NULL, NULL), 0);
	assert_true(fs_rules_knows_macro(rules, "X_A"));
	fs_rules_free(rules);
	fs_rules_free(NULL);
}

/* The rules of an option are built in but read only on request, after the
 * built-in ones, whose rule for the same argument they replace. */
static void option_rules(void **state)
{
	fs_rules *rules = fs_rules_new();
	const char *call = "socket(2, SOCK_STREAM|O_CLOEXEC, 0)";
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(fs_rules_add_builtin(rules, log_report, &log), 0);
	assert_string_equal(log.text, "");
	assert_non_null(strstr(check_call_text(rules, call),
			       "flagspace-wrong-namespace 1:1 O_CLOEXEC"));
	assert_int_equal(fs_rules_add_option(rules, "socket-open-flags",
					     log_report, &log), 0);
	assert_string_equal(log.text, "");
	assert_string_equal(check_call_text(rules, call), "");
	assert_int_equal(fs_rules_add_option(rules, "socket-open", log_report,
					     &log), -1);
	assert_int_equal(fs_rules_add_option(rules, NULL, NULL, NULL), -1);
	assert_string_equal(log.text, "<options>: error: no built-in rules for "
				      "option 'socket-open'\n");
	fs_rules_free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(file_is_read),
		cmocka_unit_test(unreadable_files),
		cmocka_unit_test(text_arguments),
		cmocka_unit_test(option_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
