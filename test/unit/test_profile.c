/* test_profile.c: profiles: the `profile` directive, the view a unit gets
 * from the macros it defines, and what the views change. */
#include <string.h>

#include "unit_helpers.h"

static const char *const profile_rules =
	"namespace O prefix=O_\n"
	"O_WRONLY 0x1\n"
	"O_RDWR   0x2\n"
	"O_NDELAY 0x800\n"
	"O_NONBLOCK 0x800\n"
	"deprecated O_NDELAY O_NONBLOCK\n"
	"call open flags(1) O\n"
	"profile kernel defined=__KERNEL__ deprecated=silent\n"
	"namespace FMODE prefix=FMODE_\n"
	"FMODE_WRITE 0x2\n"
	"field file.f_flags O\n"
	"field file.f_mode FMODE\n"
	"call filp_open flags(1) O\n";

/* The defined() callback: ctx is a NULL-terminated list of macro names. */
static int defines(void *ctx, const char *macro)
{
	for (const char *const *m = ctx; *m; m++)
		if (!strcmp(*m, macro))
			return 1;
	return 0;
}

static const char *const kernel_unit[] = { "__STDC__", "__KERNEL__", NULL };
static const char *const user_unit[] = { "__STDC__", "_GNU_SOURCE", NULL };

static void unit_picks_its_view(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	const fs_rules *kernel =
		fs_rules_for_unit(base, defines, (void *)kernel_unit);
	const fs_rules *user =
		fs_rules_for_unit(base, defines, (void *)user_unit);

	(void)state;
	assert_ptr_equal(user, base);
	assert_ptr_not_equal(kernel, base);
	assert_non_null(kernel);
	/* The profile's rules are the view's only. */
	assert_true(fs_rules_knows_function(kernel, "filp_open"));
	assert_false(fs_rules_knows_function(base, "filp_open"));
	assert_true(fs_rules_knows_record(kernel, "file"));
	assert_false(fs_rules_knows_record(base, "file"));
	assert_true(fs_rules_knows_macro(kernel, "FMODE_WRITE"));
	assert_false(fs_rules_knows_macro(base, "FMODE_WRITE"));
	/* Every other rule is in the view too. */
	assert_true(fs_rules_knows_function(kernel, "open"));
	/* No callback, or a NULL rule set: the base. */
	assert_ptr_equal(fs_rules_for_unit(base, NULL, NULL), base);
	assert_null(fs_rules_for_unit(NULL, defines, (void *)kernel_unit));
	fs_rules_free(base);
}

static void deprecated_silent_in_the_view(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	const fs_rules *kernel =
		fs_rules_for_unit(base, defines, (void *)kernel_unit);

	(void)state;
	assert_string_equal(check_spelling_text(base, "O_NDELAY"),
			    "1 flagspace-deprecated-flag 0:0 O_NDELAY is "
			    "deprecated; use O_NONBLOCK => O_NONBLOCK\n");
	assert_string_equal(check_spelling_text(kernel, "O_NDELAY"), "0 ");
	fs_rules_free(base);
}

static void view_checks_fields(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	const fs_rules *kernel =
		fs_rules_for_unit(base, defines, (void *)kernel_unit);

	(void)state;
	assert_string_equal(check_record_text(kernel,
					      "file{f_flags|=FMODE_WRITE}"),
			    "flagspace-wrong-field 0:0 FMODE_WRITE belongs in "
			    "file.f_mode, not file.f_flags: here 0x2 means "
			    "O_RDWR\n");
	assert_string_equal(check_record_text(base,
					      "file{f_flags|=FMODE_WRITE}"), "");
	fs_rules_free(base);
}

/* The prefilter does not know a unit's profile: every profile's names
 * count. */
static void name_roles_cover_the_views(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	int found = 0;
	const char *name;

	(void)state;
	assert_int_equal(fs_rules_name_role(base, "FMODE_WRITE"),
			 FS_ROLE_FLAG);
	assert_int_equal(fs_rules_name_role(base, "O_RDWR"), FS_ROLE_FLAG);
	for (size_t i = 0; (name = fs_rules_role_name(base, i)); i++)
		found |= !strcmp(name, "FMODE_WRITE");
	assert_true(found);
	fs_rules_free(base);
}

/* A later file's rules reach the views, and its own profile section. */
static void later_files_reach_the_views(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	const fs_rules *kernel;

	(void)state;
	add_clean_rules(base, "call myopen flags(1) O\n"
			      "profile kernel\n"
			      "call my_kern_open flags(1) O\n");
	kernel = fs_rules_for_unit(base, defines, (void *)kernel_unit);
	assert_true(fs_rules_knows_function(kernel, "myopen"));
	assert_true(fs_rules_knows_function(kernel, "my_kern_open"));
	assert_true(fs_rules_knows_function(base, "myopen"));
	assert_false(fs_rules_knows_function(base, "my_kern_open"));
	fs_rules_free(base);
}

/* A profile declared by a later file gets a view with the earlier rules. */
static void profile_declared_later(void **state)
{
	fs_rules *base = rules_from("namespace O prefix=O_\nO_RDWR 0x2\n"
				    "call open flags(1) O\n");
	static const char *const bsd[] = { "__FreeBSD__", NULL };
	const fs_rules *view;

	(void)state;
	add_clean_rules(base, "profile bsd defined=__FreeBSD__\n"
			      "call bsd_open flags(1) O\n");
	view = fs_rules_for_unit(base, defines, (void *)bsd);
	assert_ptr_not_equal(view, base);
	assert_true(fs_rules_knows_function(view, "open"));
	assert_true(fs_rules_knows_function(view, "bsd_open"));
	/* deprecated=reported is the default. */
	fs_rules_free(base);
}

static void errors(void **state)
{
	fs_rules *base = rules_from(profile_rules);
	diag_log log = { { 0 }, 0, 0 };

	(void)state;
	assert_int_equal(load_text(base, "profile other\n", &log), -1);
	assert_non_null(strstr(log.text, "t.rules:1:9: error: new profile "
			       "'other' needs defined=MACRO"));
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(base, "profile kernel defined=KERNEL\n",
				   &log), -1);
	assert_non_null(strstr(log.text, "profile 'kernel' has "
			       "defined=__KERNEL__, not 'KERNEL'"));
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(base, "profile kernel deprecated=loud\n",
				   &log), -1);
	assert_int_equal(log.errors, 1);
	/* An error in a profile's section is reported once, by the view, and
	 * the file is applied nowhere. */
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(base, "call fine_open flags(1) O\n"
				   "profile kernel\n"
				   "call bad_open flags(x) O\n", &log), -1);
	assert_int_equal(log.errors, 1);
	assert_non_null(strstr(log.text, "t.rules:3:"));
	assert_false(fs_rules_knows_function(base, "fine_open"));
	assert_false(fs_rules_knows_function(
		fs_rules_for_unit(base, defines, (void *)kernel_unit),
		"fine_open"));
	/* An error outside the sections is reported once, not per view. */
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(base, "call x flags(1)\n", &log), -1);
	assert_int_equal(log.errors, 1);
	fs_rules_free(base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unit_picks_its_view),
		cmocka_unit_test(deprecated_silent_in_the_view),
		cmocka_unit_test(view_checks_fields),
		cmocka_unit_test(name_roles_cover_the_views),
		cmocka_unit_test(later_files_reach_the_views),
		cmocka_unit_test(profile_declared_later),
		cmocka_unit_test(errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
