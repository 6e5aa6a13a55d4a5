/* test_combo.c: the excludes, requires and ignored-unless rules: how they
 * are read, and what flagspace-invalid-combination reports. */
#include <stdio.h>
#include <string.h>

#include "base/count_of.h"
#include "unit_helpers.h"

static fs_rules *rules;

static const char *const combo_rules =
	"namespace O prefix=O_\n"
	"O_PATH 010000000\n"
	"namespace RENAME prefix=RENAME_\n"
	"RENAME_NOREPLACE 0x1\n"
	"RENAME_EXCHANGE  0x2\n"
	"RENAME_WHITEOUT  0x4\n"
	"call renameat2 flags(4) RENAME bits=einval\n"
	"excludes renameat2 flags(4) RENAME_EXCHANGE "
	"RENAME_NOREPLACE,RENAME_WHITEOUT\n"
	"namespace FALLOC prefix=FALLOC_FL_\n"
	"FALLOC_FL_KEEP_SIZE  0x1\n"
	"FALLOC_FL_PUNCH_HOLE 0x2\n"
	"FALLOC_FL_ZERO_RANGE 0x10\n"
	"call fallocate mode(1) FALLOC bits=eopnotsupp\n"
	"requires fallocate mode(1) FALLOC_FL_PUNCH_HOLE FALLOC_FL_KEEP_SIZE "
	"bits=eopnotsupp note=\"a hole never changes the file size\"\n"
	"namespace MS prefix=MS_\n"
	"MS_RDONLY  0x1\n"
	"MS_NOSUID  0x2\n"
	"MS_REMOUNT 0x20\n"
	"MS_BIND    0x1000\n"
	"MS_REC     0x4000\n"
	"MS_SILENT  0x8000\n"
	"MS_PRIVATE 0x40000\n"
	"MS_SLAVE   0x80000\n"
	"MS_SHARED  0x100000\n"
	"call mount mountflags(3) MS\n"
	"excludes mount mountflags(3) MS_SHARED,MS_PRIVATE,MS_SLAVE * "
	"except=MS_REC,MS_SILENT unless=MS_REMOUNT,MS_BIND\n"
	"excludes mount mountflags(3) MS_BIND * "
	"except=MS_REC,MS_SILENT,MS_REMOUNT bits=ignored unless=MS_REMOUNT "
	"note=\"a bind mount keeps the options of the mount it copies\"\n"
	"requires mount mountflags(3) MS_BIND MS_NOSUID with=MS_REMOUNT "
	"bits=misbehaves note=\"a nosuid the mount had is cleared\"\n"
	"namespace MAP prefix=MAP_\n"
	"MAP_SHARED          0x1\n"
	"MAP_PRIVATE         0x2\n"
	"MAP_SHARED_VALIDATE 0x3\n"
	"MAP_ANONYMOUS       0x20\n"
	"call mmap flags(3) MAP\n"
	"excludes mmap flags(3) MAP_SHARED MAP_PRIVATE "
	"means=MAP_SHARED_VALIDATE note=\"the mapping is shared\"\n"
	"namespace TFD_TIMER prefix=TFD_TIMER_\n"
	"TFD_TIMER_ABSTIME       0x1\n"
	"TFD_TIMER_CANCEL_ON_SET 0x2\n"
	"call timerfd_settime flags(1) TFD_TIMER bits=einval\n"
	"ignored-unless timerfd_settime flags(1) TFD_TIMER_CANCEL_ON_SET "
	"TFD_TIMER_ABSTIME\n"
	"namespace MOUNT_ATTR prefix=MOUNT_ATTR_\n"
	"MOUNT_ATTR_RDONLY      0x1\n"
	"MOUNT_ATTR__ATIME      0x70 value=field\n"
	"MOUNT_ATTR_RELATIME    0x0\n"
	"MOUNT_ATTR_NOATIME     0x10\n"
	"MOUNT_ATTR_STRICTATIME 0x20\n"
	"field mount_attr.attr_set MOUNT_ATTR bits=einval\n"
	"field mount_attr.attr_clr MOUNT_ATTR bits=einval\n"
	"requires mount_attr attr_set MOUNT_ATTR_NOATIME,"
	"MOUNT_ATTR_STRICTATIME attr_clr:MOUNT_ATTR__ATIME\n"
	"ignored-unless mount_attr attr_set MOUNT_ATTR_RELATIME "
	"attr_clr:MOUNT_ATTR__ATIME\n"
	"excludes open_how flags O_PATH * "
	"except=O_DIRECTORY,O_NOFOLLOW,O_CLOEXEC\n"
	"excludes open_how resolve RESOLVE_BENEATH RESOLVE_IN_ROOT\n"
	"call openat2 dirfd(0) DIRFD\n"
	"layout open_how flags,mode,resolve size=8 passed=openat2(2)\n"
	"ignored-unless open_how flags O_NOCTTY O_CREAT file=pathname(1)\n"
	"excludes open flags(1) O_RDONLY O_WRONLY means=O_WRONLY "
	"note=\"reads fail\"\n"
	"excludes open flags(1) O_WRONLY O_RDWR bits=misbehaves "
	"note=\"the mode is 3\"\n"
	"excludes open flags(1) O_DIRECTORY O_WRONLY,O_RDWR bits=eisdir "
	"unless=O_TMPFILE\n"
	"requires open flags(1) O_TRUNC O_WRONLY,O_RDWR bits=misbehaves "
	"note=\"the file is truncated all the same\"\n"
	"requires open flags(1) O_NDELAY - bits=misbehaves "
	"note=\"a later F_SETFL changes nothing\"\n"
	"ignored-unless openat flags(2) O_NOCTTY - note=\"no terminal\"\n"
	"requires openat flags(2) O_SYNC -\n"
	"excludes open,openat flags(*) O_TMPFILE O_CREAT\n"
	"ignored-unless open flags(1) O_NOCTTY O_CREAT,O_TMPFILE "
	"file=pathname(0) note=\"it locks a block device only\"\n"
	"namespace ACC prefix=ACC_\n"
	"ACC_R    0x0 mask=ACC_MODE\n"
	"ACC_W    0x1 mask=ACC_MODE\n"
	"ACC_RW   0x2 mask=ACC_MODE\n"
	"ACC_MODE 0x3 value=field\n"
	"ACC_NEW  0x40\n"
	"ACC_CUT  0x200\n"
	"call acc flags(0) ACC\n"
	"excludes acc flags(0) ACC_W ACC_RW bits=misbehaves note=\"mode 3\"\n"
	"requires acc flags(0) ACC_CUT ACC_W,ACC_RW bits=misbehaves "
	"note=\"cut\"\n";

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules, combo_rules);
	*state = rules;
	return 0;
}

#define EXPECT_CALL(call, text) \
	assert_string_equal(check_call_text(rules, call), text)
#define EXPECT_RECORD(record, text) \
	assert_string_equal(check_record_text(rules, record), text)

static void excludes_reports_the_pair(void **state)
{
	(void)state;
	EXPECT_CALL("renameat2(a, b, c, d, RENAME_EXCHANGE|RENAME_NOREPLACE)",
		    "flagspace-invalid-combination 4:1 RENAME_NOREPLACE "
		    "cannot be combined with RENAME_EXCHANGE in renameat2() "
		    "flags: the call fails with EINVAL\n");
	/* Either order; the finding points at the excluded flag. */
	EXPECT_CALL("renameat2(a, b, c, d, RENAME_WHITEOUT|RENAME_EXCHANGE)",
		    "flagspace-invalid-combination 4:0 RENAME_WHITEOUT "
		    "cannot be combined with RENAME_EXCHANGE in renameat2() "
		    "flags: the call fails with EINVAL\n");
	/* A raw system call takes the rules of its function. */
	EXPECT_CALL("syscall(SYS_renameat2=316, a, b, c, d, "
		    "RENAME_EXCHANGE|RENAME_WHITEOUT)",
		    "flagspace-invalid-combination 5:1 RENAME_WHITEOUT "
		    "cannot be combined with RENAME_EXCHANGE in "
		    "syscall(SYS_renameat2) flags: the call fails with "
		    "EINVAL\n");
}

static void excludes_is_silent_unless_certain(void **state)
{
	(void)state;
	EXPECT_CALL("renameat2(a, b, c, d, RENAME_NOREPLACE|RENAME_WHITEOUT)",
		    "");
	EXPECT_CALL("renameat2(a, b, c, d, RENAME_EXCHANGE)", "");
	/* Both chosen on some paths only (?:, an if): maybe never together. */
	EXPECT_CALL("renameat2(a, b, c, d, ?RENAME_EXCHANGE|?RENAME_NOREPLACE)",
		    "");
	/* A part that is not a constant, a number the rules cannot name,
	 * a cleared flag. */
	EXPECT_CALL("renameat2(a, b, c, d, "
		    "flags|RENAME_EXCHANGE|RENAME_NOREPLACE)", "");
	EXPECT_CALL("renameat2(a, b, c, d, 4|RENAME_EXCHANGE|RENAME_NOREPLACE)",
		    "");
	EXPECT_CALL("renameat2(a, b, c, d, "
		    "RENAME_EXCHANGE|RENAME_NOREPLACE|~RENAME_NOREPLACE)", "");
	/* A literal 0 is known. */
	EXPECT_CALL("renameat2(a, b, c, d, 0|RENAME_EXCHANGE|RENAME_NOREPLACE)",
		    "flagspace-invalid-combination 4:2 RENAME_NOREPLACE "
		    "cannot be combined with RENAME_EXCHANGE in renameat2() "
		    "flags: the call fails with EINVAL\n");
	/* Too few arguments: nothing to read. */
	EXPECT_CALL("renameat2(a, b, c, d)", "");
}

static void any_other_member_with_exceptions(void **state)
{
	(void)state;
	EXPECT_CALL("mount(s, t, fs, MS_PRIVATE|MS_REC|MS_SILENT, d)", "");
	EXPECT_CALL("mount(s, t, fs, MS_PRIVATE|MS_NOSUID, d)",
		    "flagspace-invalid-combination 3:1 MS_NOSUID cannot be "
		    "combined with MS_PRIVATE in mount() mountflags: the call "
		    "fails with EINVAL\n");
	/* Two FIRSTs that exclude each other: one finding, at the later. */
	EXPECT_CALL("mount(s, t, fs, MS_SHARED|MS_PRIVATE|MS_SLAVE, d)",
		    "flagspace-invalid-combination 3:1 MS_PRIVATE cannot be "
		    "combined with MS_SHARED in mount() mountflags: the call "
		    "fails with EINVAL\n"
		    "flagspace-invalid-combination 3:2 MS_SLAVE cannot be "
		    "combined with MS_SHARED in mount() mountflags: the call "
		    "fails with EINVAL\n");
	/* The same name twice is one flag. */
	EXPECT_CALL("mount(s, t, fs, MS_SHARED|MS_SHARED, d)", "");
	/* unless=: with MS_REMOUNT another operation runs. */
	EXPECT_CALL("mount(s, t, fs, MS_PRIVATE|MS_NOSUID|MS_REMOUNT, d)",
		    "");
	/* A flag of another namespace is wrong-namespace's to report. */
	EXPECT_CALL("mount(s, t, fs, MS_PRIVATE|O_CLOEXEC, d)",
		    "flagspace-wrong-namespace 3:1 O_CLOEXEC is from the O_* "
		    "namespace, not MS_*: in mount() mountflags 0x80000 means "
		    "MS_SLAVE\n");
}

static void excluded_flag_ignored(void **state)
{
	(void)state;
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_RDONLY, d)",
		    "flagspace-invalid-combination 3:1 MS_RDONLY is ignored "
		    "with MS_BIND in mount() mountflags: a bind mount keeps "
		    "the options of the mount it copies\n");
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_REMOUNT|MS_RDONLY|MS_NOSUID, d)",
		    "");
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_REC, d)", "");
}

/* with=: the rule applies only where all of them are set on every path. */
static void requires_with_other_flags(void **state)
{
	(void)state;
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_REMOUNT|MS_RDONLY, d)",
		    "flagspace-invalid-combination 3:0 MS_BIND in mount() "
		    "mountflags without MS_NOSUID: a nosuid the mount had is "
		    "cleared\n");
	EXPECT_CALL("mount(s, t, fs, MS_REMOUNT|MS_BIND, d)",
		    "flagspace-invalid-combination 3:1 MS_BIND in mount() "
		    "mountflags without MS_NOSUID: a nosuid the mount had is "
		    "cleared\n");
	/* Flags read from the mount (statvfs), a remount on some paths
	 * only, no remount at all: not certain, or another rule's. */
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_REMOUNT|MS_RDONLY|fl, d)", "");
	EXPECT_CALL("mount(s, t, fs, MS_BIND|?MS_REMOUNT, d)", "");
	EXPECT_CALL("mount(s, t, fs, MS_BIND|MS_REMOUNT|?MS_NOSUID, d)", "");
	EXPECT_CALL("mount(s, t, fs, MS_BIND, d)", "");
}

/* with= across choices: MS_REMOUNT in each entry of a table is there on
 * every path, though no one term is. */
static void requires_with_in_every_choice(void **state)
{
	fs_term t[5] = { { "MS_REMOUNT", 0, 0, 0 }, { "MS_BIND", 0, 0, 0 },
			 { "MS_REMOUNT", 0, 0, 0 }, { "MS_BIND", 0, 0, 0 },
			 { "MS_RDONLY", 0, 0, 0 } };
	/* either(MS_REMOUNT | MS_BIND, MS_REMOUNT | MS_BIND | MS_RDONLY) */
	fs_node both[] = { { FS_OP_EITHER, 0 }, { FS_OP_OR, 0 },
			   { FS_OP_TERM, 0 }, { FS_OP_TERM, 1 },
			   { FS_OP_OR, 0 }, { FS_OP_OR, 0 }, { FS_OP_TERM, 2 },
			   { FS_OP_TERM, 3 }, { FS_OP_TERM, 4 } };
	fs_value none = { NULL, 0, 1, NULL, 0 };
	fs_value args[5] = { none, none, none,
			     { t, 5, 0, both, FS_COUNT_OF(both) }, none };

	(void)state;
	assert_string_equal(check_call_values_text(rules, "mount", args, 5),
		"flagspace-invalid-combination 3:1 MS_BIND in mount() "
		"mountflags without MS_NOSUID: a nosuid the mount had is "
		"cleared\n"
		"flagspace-invalid-combination 3:3 MS_BIND in mount() "
		"mountflags without MS_NOSUID: a nosuid the mount had is "
		"cleared\n");
	/* MS_REMOUNT in one entry only: the other is a plain bind. */
	t[0] = (fs_term){ "MS_REC", 0, 0, 0 };
	assert_string_equal(check_call_values_text(rules, "mount", args, 5),
			    "");
}

static void excluded_pair_means_another_flag(void **state)
{
	(void)state;
	EXPECT_CALL("mmap(a, n, p, MAP_SHARED|MAP_PRIVATE, fd, 0)",
		    "flagspace-invalid-combination 3:1 MAP_PRIVATE and "
		    "MAP_SHARED together in mmap() flags are "
		    "MAP_SHARED_VALIDATE: the mapping is shared\n");
	EXPECT_CALL("mmap(a, n, p, MAP_SHARED_VALIDATE, fd, 0)", "");
}

static void requires_reports_the_flag_alone(void **state)
{
	(void)state;
	EXPECT_CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE, o, n)",
		    "flagspace-invalid-combination 1:0 FALLOC_FL_PUNCH_HOLE "
		    "in fallocate() mode needs FALLOC_FL_KEEP_SIZE: without it "
		    "the call fails with EOPNOTSUPP; a hole never changes the "
		    "file size\n");
	EXPECT_CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE|FALLOC_FL_KEEP_SIZE, "
		    "o, n)", "");
	/* Not certainly missing: a variable, a conditional flag, or bits
	 * of the same value under another name. */
	EXPECT_CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE|mode, o, n)", "");
	EXPECT_CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE|?FALLOC_FL_KEEP_SIZE, "
		    "o, n)", "");
	EXPECT_CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE|O_WRONLY, o, n)",
		    "flagspace-wrong-namespace 1:1 O_WRONLY is from the O_* "
		    "namespace, not FALLOC_FL_*: in fallocate() mode 0x1 means "
		    "FALLOC_FL_KEEP_SIZE\n");
}

/* Where one flag is there on every path and the other on some, the call
 * fails (or misbehaves) on those: reported. Not where the outcome is a
 * flag ignored, nor for a FIRST whose value is 0 (every value holds it:
 * O_RDONLY with an O_WRONLY added under an if is write-only by design). */
static void conditional_flags(void **state)
{
	(void)state;
	EXPECT_CALL("renameat2(a, b, c, d, RENAME_EXCHANGE|?RENAME_NOREPLACE)",
		    "flagspace-invalid-combination 4:1 RENAME_NOREPLACE "
		    "cannot be combined with RENAME_EXCHANGE in renameat2() "
		    "flags: the call fails with EINVAL\n");
	EXPECT_CALL("renameat2(a, b, c, d, ?RENAME_EXCHANGE|RENAME_NOREPLACE)",
		    "flagspace-invalid-combination 4:1 RENAME_NOREPLACE "
		    "cannot be combined with RENAME_EXCHANGE in renameat2() "
		    "flags: the call fails with EINVAL\n");
	EXPECT_CALL("fallocate(fd, ?FALLOC_FL_PUNCH_HOLE, o, n)",
		    "flagspace-invalid-combination 1:0 FALLOC_FL_PUNCH_HOLE "
		    "in fallocate() mode needs FALLOC_FL_KEEP_SIZE: without it "
		    "the call fails with EOPNOTSUPP; a hole never changes the "
		    "file size\n");
	EXPECT_CALL("open(p, ?O_WRONLY|O_RDWR)",
		    "flagspace-invalid-combination 1:1 O_RDWR with O_WRONLY in "
		    "open() flags: the mode is 3\n");
	/* The ignored flag added on some paths is lost on those; the flag
	 * that makes it ignored added on some is not reported. */
	EXPECT_CALL("mount(s, t, fs, MS_BIND|?MS_RDONLY, d)",
		    "flagspace-invalid-combination 3:1 MS_RDONLY is ignored "
		    "with MS_BIND in mount() mountflags: a bind mount keeps "
		    "the options of the mount it copies\n");
	EXPECT_CALL("mount(s, t, fs, ?MS_BIND|MS_RDONLY, d)", "");
	EXPECT_CALL("timerfd_settime(fd, ?TFD_TIMER_CANCEL_ON_SET, n, o)", "");
	EXPECT_CALL("open(p, O_RDONLY|?O_WRONLY)", "");
	EXPECT_CALL("open(p, ?O_RDONLY|O_WRONLY)", "");
	EXPECT_CALL("open(p, O_RDONLY|O_WRONLY)",
		    "flagspace-invalid-combination 1:1 O_WRONLY and O_RDONLY "
		    "together in open() flags are O_WRONLY: reads fail\n");
}

/* Two flags written together in one arm of a choice (one return of a
 * helper, one arm of ?:) meet whenever it is taken; in different arms, or
 * each under its own choice, they may never meet. */
static void together_in_one_arm(void **state)
{
	fs_term t[4] = { { "O_RDONLY", 0, 0, 0 }, { "O_WRONLY", 0, 0, 0 },
			 { "O_CREAT", 0, 0, 0 }, { "O_RDONLY", 0, 0, 0 } };
	/* either(O_RDONLY | O_WRONLY | O_CREAT, O_RDONLY) */
	fs_node arm[] = { { FS_OP_EITHER, 0 }, { FS_OP_OR, 0 },
			  { FS_OP_OR, 0 }, { FS_OP_TERM, 0 },
			  { FS_OP_TERM, 1 }, { FS_OP_TERM, 2 },
			  { FS_OP_TERM, 3 } };
	/* either(O_RDONLY, O_WRONLY) | O_CREAT | maybe(O_RDONLY) */
	fs_node apart[] = { { FS_OP_OR, 0 }, { FS_OP_OR, 0 },
			    { FS_OP_EITHER, 0 }, { FS_OP_TERM, 0 },
			    { FS_OP_TERM, 1 }, { FS_OP_TERM, 2 },
			    { FS_OP_MAYBE, 0 }, { FS_OP_TERM, 3 } };
	fs_value args[3] = { { NULL, 0, 1, NULL, 0 },
			     { t, 4, 0, arm, FS_COUNT_OF(arm) },
			     { NULL, 0, 1, NULL, 0 } };
	fs_value margs[4] = { args[0], args[0], args[0], args[0] };

	(void)state;
	assert_string_equal(check_call_values_text(rules, "open", args, 3),
			    "flagspace-invalid-combination 1:1 O_WRONLY and "
			    "O_RDONLY together in open() flags are O_WRONLY: "
			    "reads fail\n");
	/* An error return of the helper on another path changes nothing. */
	t[3] = (fs_term){ NULL, -1, 1, 0 };
	assert_string_equal(check_call_values_text(rules, "open", args, 3),
			    "flagspace-invalid-combination 1:1 O_WRONLY and "
			    "O_RDONLY together in open() flags are O_WRONLY: "
			    "reads fail\n");
	t[3] = (fs_term){ "O_RDONLY", 0, 0, 0 };
	args[1].nodes = apart;
	args[1].nnodes = FS_COUNT_OF(apart);
	assert_string_equal(check_call_values_text(rules, "open", args, 3), "");
	/* A rule that only ignores stays silent in an arm too. */
	t[0].name = "MS_BIND";
	t[1].name = "MS_RDONLY";
	t[2].name = "MS_REC";
	t[3].name = "MS_BIND";
	margs[3] = args[1];
	margs[3].nodes = arm;
	margs[3].nnodes = FS_COUNT_OF(arm);
	assert_string_equal(check_call_values_text(rules, "mount", margs, 4),
			    "");
}

/* The value of a field (mask=) chosen on every path, then another or'ed
 * in on some: `|=` cannot undo the choice (mode_choice.h). */
static const char *acc_text(const fs_node *nodes, size_t nnodes)
{
	static fs_term t[4] = { { "ACC_R", 0, 0, 0 }, { "ACC_W", 0, 0, 0 },
				{ "ACC_NEW", 0, 0, 0 }, { "ACC_RW", 0, 0, 0 } };
	fs_value arg = { t, 4, 0, nodes, nnodes };

	return check_call_values_text(rules, "acc", &arg, 1);
}

static void added_to_a_choice(void **state)
{
	/* either(ACC_R, ACC_W | ACC_NEW) | maybe(ACC_RW) */
	static const fs_node added[] = {
		{ FS_OP_OR, 0 }, { FS_OP_EITHER, 0 }, { FS_OP_TERM, 0 },
		{ FS_OP_OR, 0 }, { FS_OP_TERM, 1 }, { FS_OP_TERM, 2 },
		{ FS_OP_MAYBE, 0 }, { FS_OP_TERM, 3 } };
	/* either(ACC_R, ACC_RW) | maybe(ACC_W | ACC_NEW): the other way */
	static const fs_node reversed[] = {
		{ FS_OP_OR, 0 }, { FS_OP_EITHER, 0 }, { FS_OP_TERM, 0 },
		{ FS_OP_TERM, 3 }, { FS_OP_MAYBE, 0 }, { FS_OP_OR, 0 },
		{ FS_OP_TERM, 1 }, { FS_OP_TERM, 2 } };
	/* (ACC_R | maybe(ACC_W)) | maybe(ACC_RW): each added on some paths */
	static const fs_node both_maybe[] = {
		{ FS_OP_OR, 0 }, { FS_OP_OR, 0 }, { FS_OP_TERM, 0 },
		{ FS_OP_MAYBE, 0 }, { FS_OP_TERM, 1 }, { FS_OP_MAYBE, 0 },
		{ FS_OP_TERM, 3 } };
	/* either(ACC_NEW, ACC_W) | maybe(ACC_RW): no mode on one path */
	static const fs_node unchosen[] = {
		{ FS_OP_OR, 0 }, { FS_OP_EITHER, 0 }, { FS_OP_TERM, 2 },
		{ FS_OP_TERM, 1 }, { FS_OP_MAYBE, 0 }, { FS_OP_TERM, 3 } };
	/* either(ACC_R, ACC_W) | maybe(ACC_NEW): not a value of the field */
	static const fs_node other_flag[] = {
		{ FS_OP_OR, 0 }, { FS_OP_EITHER, 0 }, { FS_OP_TERM, 0 },
		{ FS_OP_TERM, 1 }, { FS_OP_MAYBE, 0 }, { FS_OP_TERM, 2 } };
	const char *mode3 = "flagspace-invalid-combination 0:3 ACC_RW with "
			    "ACC_W in acc() flags: mode 3\n";

	(void)state;
	assert_string_equal(acc_text(added, FS_COUNT_OF(added)), mode3);
	assert_string_equal(acc_text(reversed, FS_COUNT_OF(reversed)), mode3);
	assert_string_equal(acc_text(both_maybe, FS_COUNT_OF(both_maybe)), "");
	assert_string_equal(acc_text(unchosen, FS_COUNT_OF(unchosen)), "");
	assert_string_equal(acc_text(other_flag, FS_COUNT_OF(other_flag)), "");
}

/* A flag cleared by `& ~B` from a known value leaves it known when every
 * bit it may have comes from a set term (`flags = O_WRONLY | O_RDWR |
 * O_NONBLOCK; flags &= ~O_NONBLOCK;`); a complement or'ed in sets bits
 * nothing names. */
static void cleared_from_a_known_value(void **state)
{
	/* (ACC_R | ACC_W | ACC_RW | ACC_NEW) & ~ACC_NEW */
	static const fs_node cleared[] = {
		{ FS_OP_AND, 0 }, { FS_OP_OR, 0 }, { FS_OP_OR, 0 },
		{ FS_OP_OR, 0 }, { FS_OP_TERM, 0 }, { FS_OP_TERM, 1 },
		{ FS_OP_TERM, 3 }, { FS_OP_TERM, 2 }, { FS_OP_NOT, 0 },
		{ FS_OP_TERM, 2 } };
	/* (ACC_R | ACC_W | ACC_RW) & ~ACC_W: the mode cleared, ACC_RW alone */
	static const fs_node mode_cleared[] = {
		{ FS_OP_AND, 0 }, { FS_OP_OR, 0 }, { FS_OP_OR, 0 },
		{ FS_OP_TERM, 0 }, { FS_OP_TERM, 1 }, { FS_OP_TERM, 3 },
		{ FS_OP_NOT, 0 }, { FS_OP_TERM, 1 } };
	/* ACC_R | ACC_W | ACC_RW | ~ACC_NEW: every other bit set */
	static const fs_node complement[] = {
		{ FS_OP_OR, 0 }, { FS_OP_OR, 0 }, { FS_OP_OR, 0 },
		{ FS_OP_TERM, 0 }, { FS_OP_TERM, 1 }, { FS_OP_TERM, 3 },
		{ FS_OP_NOT, 0 }, { FS_OP_TERM, 2 } };
	/* (ACC_R | ACC_W | ACC_RW) & ACC_NEW: masked away */
	static const fs_node masked[] = {
		{ FS_OP_AND, 0 }, { FS_OP_OR, 0 }, { FS_OP_OR, 0 },
		{ FS_OP_TERM, 0 }, { FS_OP_TERM, 1 }, { FS_OP_TERM, 3 },
		{ FS_OP_TERM, 2 } };

	(void)state;
	assert_string_equal(acc_text(cleared, FS_COUNT_OF(cleared)),
			    "flagspace-invalid-combination 0:3 ACC_RW with "
			    "ACC_W in acc() flags: mode 3\n");
	assert_string_equal(acc_text(mode_cleared, FS_COUNT_OF(mode_cleared)),
			    "");
	assert_string_equal(acc_text(complement, FS_COUNT_OF(complement)), "");
	assert_string_equal(acc_text(masked, FS_COUNT_OF(masked)), "");
}

/* bits=misbehaves: the call succeeds and does what the note says; the
 * finding's harm needs the call to succeed. bits=eisdir: it fails. */
static void misbehaves_and_other_errors(void **state)
{
	(void)state;
	assert_string_equal(
		check_call_memo_text(NULL, rules, NULL,
				     "open(p, O_WRONLY|O_RDWR)", NULL),
		"flagspace-invalid-combination 1:1 swap=* use=0 fails=- "
		"harms=1 misbehaves O_RDWR with O_WRONLY in open() flags: the "
		"mode is 3\n");
	assert_string_equal(
		check_call_memo_text(NULL, rules, NULL,
				     "open(p, O_TRUNC|O_CREAT, m)", NULL),
		"flagspace-invalid-combination 1:0 swap=* use=0 fails=- "
		"harms=1 misbehaves O_TRUNC in open() flags without O_WRONLY "
		"or O_RDWR: the file is truncated all the same\n");
	assert_string_equal(
		check_call_memo_text(NULL, rules, NULL,
				     "open(p, O_DIRECTORY|O_RDWR)", NULL),
		"flagspace-invalid-combination 1:1 swap=* use=0 fails=EISDIR "
		"harms=0 fails O_RDWR cannot be combined with O_DIRECTORY in "
		"open() flags: the call fails with EISDIR\n");
	EXPECT_CALL("open(p, O_TRUNC|O_RDWR)", "");
	EXPECT_CALL("open(p, O_TRUNC|flags)", "");
	EXPECT_CALL("open(p, O_TMPFILE|O_RDWR, m)", "");
	EXPECT_CALL("open(p, O_DIRECTORY|O_TMPFILE|O_RDWR, m)", "");
}

/* flags(*): in each function, the argument its call rule names so. */
static void argument_by_name(void **state)
{
	(void)state;
	EXPECT_CALL("open(p, O_TMPFILE|O_CREAT|O_RDWR, m)",
		    "flagspace-invalid-combination 1:1 O_CREAT cannot be "
		    "combined with O_TMPFILE in open() flags: the call fails "
		    "with EINVAL\n");
	EXPECT_CALL("openat(d, p, O_TMPFILE|O_CREAT|O_RDWR, m)",
		    "flagspace-invalid-combination 2:1 O_CREAT cannot be "
		    "combined with O_TMPFILE in openat() flags: the call fails "
		    "with EINVAL\n");
	EXPECT_CALL("syscall(SYS_openat=257, d, p, O_CREAT|O_TMPFILE|O_RDWR, m)",
		    "flagspace-invalid-combination 3:0 O_CREAT cannot be "
		    "combined with O_TMPFILE in syscall(SYS_openat) flags: the "
		    "call fails with EINVAL\n");
	EXPECT_CALL("openat(d, p, O_CREAT|O_RDWR, m)", "");
}

/* `-`: no other flag makes the FIRST right there. */
static void first_alone(void **state)
{
	(void)state;
	EXPECT_CALL("open(p, O_NDELAY|O_RDWR)",
		    "flagspace-invalid-combination 1:0 O_NDELAY in open() "
		    "flags: a later F_SETFL changes nothing\n");
	EXPECT_CALL("open(p, ?O_NDELAY|flags)", "");
	EXPECT_CALL("open(p, O_RDWR|?O_NDELAY)",
		    "flagspace-invalid-combination 1:1 O_NDELAY in open() "
		    "flags: a later F_SETFL changes nothing\n");
	EXPECT_CALL("openat(d, p, O_NOCTTY)",
		    "flagspace-invalid-combination 2:0 O_NOCTTY in openat() "
		    "flags is ignored: no terminal\n");
	EXPECT_CALL("openat(d, p, O_SYNC)",
		    "flagspace-invalid-combination 2:0 O_SYNC in openat() "
		    "flags: the call fails with EINVAL\n");
}

static void ignored_unless(void **state)
{
	(void)state;
	EXPECT_CALL("timerfd_settime(fd, TFD_TIMER_CANCEL_ON_SET, n, o)",
		    "flagspace-invalid-combination 1:0 TFD_TIMER_CANCEL_ON_SET "
		    "in timerfd_settime() flags is ignored without "
		    "TFD_TIMER_ABSTIME\n");
	EXPECT_CALL("timerfd_settime(fd, TFD_TIMER_ABSTIME|"
		    "TFD_TIMER_CANCEL_ON_SET, n, o)", "");
}

/* file=: only where the path is a string literal naming no device. */
static void on_a_file_only(void **state)
{
	(void)state;
	EXPECT_CALL("open(\"/tmp/x.lock\", O_RDWR|O_NOCTTY)",
		    "flagspace-invalid-combination 1:1 O_NOCTTY in open() flags "
		    "is ignored without O_CREAT or O_TMPFILE: it locks a "
		    "block device only\n");
	EXPECT_CALL("open(path, O_RDWR|O_NOCTTY)", "");
	EXPECT_CALL("open(\"/dev/sdb\", O_RDWR|O_NOCTTY)", "");
	EXPECT_CALL("open(\"/proc/self/fd/3\", O_RDWR|O_NOCTTY)", "");
	EXPECT_CALL("open(\"\", O_RDWR|O_NOCTTY)", "");
	EXPECT_CALL("open(\"/tmp/x.lock\", O_RDWR|O_CREAT|O_NOCTTY, 0600)", "");
	EXPECT_CALL("open(\"/tmp\", O_RDWR|O_TMPFILE|O_NOCTTY, 0600)", "");
}

#define EXPECT_GIVEN(record, call, arg, text) \
	assert_string_equal(check_record_given_text(rules, record, call, arg), \
			    text)

/* file= of a record: the path of the call its layout says it is given to,
 * raw or not; silent where that call is not seen, or is another one. */
static void on_a_file_only_given(void **state)
{
	static const char bad[] = "open_how{flags=O_RDWR|O_NOCTTY}";
	static const char said[] = "flagspace-invalid-combination 0:1 "
				   "O_NOCTTY in open_how.flags is ignored "
				   "without O_CREAT\n";

	(void)state;
	EXPECT_GIVEN(bad, "openat2(d, \"/tmp/x.lock\", how, 24)", 2, said);
	EXPECT_GIVEN(bad, "syscall(SYS_openat2, d, \"x.lock\", how, 24)", 3,
		     said);
	EXPECT_GIVEN("open_how{flags=O_RDWR|O_NOCTTY|O_CREAT, mode=0600}",
		     "openat2(d, \"/tmp/x.lock\", how, 24)", 2, "");
	EXPECT_GIVEN(bad, "openat2(d, \"/dev/sdb\", how, 24)", 2, "");
	EXPECT_GIVEN(bad, "openat2(d, path, how, 24)", 2, "");
	EXPECT_GIVEN(bad, "openat2(d, \"/tmp/x.lock\", how, 24)", 1, "");
	EXPECT_GIVEN(bad, "other(d, \"/tmp/x.lock\", how, 24)", 2, "");
	EXPECT_GIVEN(bad, "syscall(SYS_other, d, \"/tmp/x\", how, 24)", 3, "");
	EXPECT_RECORD(bad, "");
}

static void records(void **state)
{
	(void)state;
	EXPECT_RECORD("open_how{flags=O_PATH|O_RDWR}",
		      "flagspace-invalid-combination 0:1 O_RDWR cannot be "
		      "combined with O_PATH in open_how.flags: the call fails "
		      "with EINVAL\n");
	EXPECT_RECORD("open_how{flags=O_PATH|O_RDONLY|O_DIRECTORY|O_CLOEXEC}",
		      "");
	EXPECT_RECORD("open_how.resolve=RESOLVE_IN_ROOT|RESOLVE_BENEATH",
		      "flagspace-invalid-combination 0:0 RESOLVE_IN_ROOT "
		      "cannot be combined with RESOLVE_BENEATH in "
		      "open_how.resolve: the call fails with EINVAL\n");
	/* |= keeps old bits, but both are set: still, compound writes are
	 * not read. */
	EXPECT_RECORD("open_how.resolve|=RESOLVE_IN_ROOT|RESOLVE_BENEATH", "");
}

static void records_across_fields(void **state)
{
	(void)state;
	EXPECT_RECORD("mount_attr{attr_set=MOUNT_ATTR_NOATIME}",
		      "flagspace-invalid-combination 0:0 MOUNT_ATTR_NOATIME in "
		      "mount_attr.attr_set needs MOUNT_ATTR__ATIME in "
		      "mount_attr.attr_clr: without it the call fails with "
		      "EINVAL\n");
	EXPECT_RECORD("mount_attr{attr_set=MOUNT_ATTR_RDONLY|"
		      "MOUNT_ATTR_STRICTATIME, attr_clr=MOUNT_ATTR_RDONLY}",
		      "flagspace-invalid-combination 0:1 "
		      "MOUNT_ATTR_STRICTATIME in mount_attr.attr_set needs "
		      "MOUNT_ATTR__ATIME in mount_attr.attr_clr: without it "
		      "the call fails with EINVAL\n");
	EXPECT_RECORD("mount_attr{attr_set=MOUNT_ATTR_RELATIME}",
		      "flagspace-invalid-combination 0:0 MOUNT_ATTR_RELATIME "
		      "in mount_attr.attr_set is ignored without "
		      "MOUNT_ATTR__ATIME in mount_attr.attr_clr\n");
	EXPECT_RECORD("mount_attr{attr_set=MOUNT_ATTR_NOATIME, "
		      "attr_clr=MOUNT_ATTR__ATIME}", "");
	/* The other field unknown: an assignment, a variable. */
	EXPECT_RECORD("mount_attr.attr_set=MOUNT_ATTR_NOATIME", "");
	EXPECT_RECORD("mount_attr{attr_set=MOUNT_ATTR_NOATIME, attr_clr=clr}",
		      "");
}

/* Loads `text` after the sample rules; returns the diagnostics. */
static const char *load_errors(const char *text)
{
	static diag_log log;
	fs_rules *r = rules_from(sample_rules);

	add_clean_rules(r, "namespace O prefix=O_\nO_PATH 010000000\n");
	memset(&log, 0, sizeof(log));
	load_text(r, text, &log);
	fs_rules_free(r);
	return log.text;
}

static void bad_rules(void **state)
{
	(void)state;
	assert_string_equal(load_errors(
		"excludes open_how flags O_PATH O_WRONLY except=O_CLOEXEC\n"),
		"t.rules:1:41: error: 'except' needs '*' as the other flags\n");
	assert_string_equal(load_errors(
		"requires open_how flags O_PATH O_WRONLY means=O_RDWR\n"),
		"t.rules:1:41: error: 'means' applies to 'excludes' only\n");
	assert_string_equal(load_errors(
		"excludes open_how flags O_PATH O_WRONLY means=O_RDWR "
		"bits=einval\n"),
		"t.rules:1:54: error: 'bits' with 'means' needs a note= saying "
		"when the call does that\n");
	assert_string_equal(load_errors(
		"ignored-unless open_how flags O_PATH O_WRONLY bits=einval\n"),
		"t.rules:1:47: error: 'ignored-unless' takes no bits=: the "
		"flag is ignored\n");
	assert_string_equal(load_errors(
		"requires open_how flags O_PATH O_WRONLY bits=ignored\n"),
		"t.rules:1:46: error: bits must be einval, eopnotsupp, eisdir "
		"or misbehaves, not 'ignored'\n");
	assert_string_equal(load_errors(
		"requires open_how flags O_PATH O_WRONLY bits=misbehaves\n"),
		"t.rules:1:41: error: bits=misbehaves needs a note= saying "
		"what the call does\n");
	assert_string_equal(load_errors(
		"excludes open,nope flags(*) O_PATH O_WRONLY\n"),
		"t.rules:1:15: error: the rule needs a call rule for an "
		"argument 'flags' of 'nope'\n");
	assert_string_equal(load_errors(
		"excludes open_how flags O_PATH -\n"),
		"t.rules:1:32: error: 'excludes' needs the other flags, not "
		"'-'\n");
	assert_string_equal(load_errors(
		"excludes open_how flags O_PATH O_NOPE\n"),
		"t.rules:1:32: error: 'O_NOPE' is not a member of any "
		"namespace\n");
	assert_string_equal(load_errors(
		"excludes open_how nope O_PATH O_WRONLY\n"),
		"t.rules:1:10: error: the rule needs a field rule for "
		"'open_how.nope'\n");
	assert_string_equal(load_errors(
		"excludes open,nope flags(1) O_PATH O_WRONLY\n"),
		"t.rules:1:15: error: the rule needs a call rule for argument "
		"1 of 'nope'\n");
	assert_string_equal(load_errors(
		"ignored-unless open_how flags O_EXCL O_CREAT file=p\n"),
		"t.rules:1:51: error: expected PARAM(POS), such as flags(1), "
		"not 'p'\n");
	assert_string_equal(load_errors(
		"ignored-unless open flags(1) O_EXCL O_CREAT file=path\n"),
		"t.rules:1:50: error: expected PARAM(POS), such as flags(1), "
		"not 'path'\n");
	assert_string_equal(load_errors(
		"excludes open flags(1) O_PATH\n"),
		"t.rules:1:30: error: expected the other flags after "
		"'O_PATH'\n");
	assert_string_equal(load_errors(
		"excludes open flags(1) O_PATH O_WRONLY\n"
		"excludes open flags(1) O_PATH O_WRONLY\n"),
		"t.rules:2:10: error: this excludes rule is already given "
		"at t.rules:1:1\n");
}

/* The argument a combination reads is one the front end must describe. */
static void reads_its_arguments(void **state)
{
	(void)state;
	assert_true(fs_rules_reads_argument(rules, "renameat2", NULL, 4));
	assert_true(fs_rules_reads_argument(rules, "syscall",
					    "SYS_renameat2", 5));
}

/* renameat2() through a wrapper that ors a flag of its own into the
 * caller's (`flags | F`): the flows' findings, "<slot>:<term> <message>"
 * a line each ('*' for the whole value). */
static const char *flow_text(const fs_term *terms, const size_t *outer,
			     const fs_term *own, size_t nown)
{
	static char out[1024];
	fs_node nodes[3] = { { FS_OP_OR, 0 }, { FS_OP_TERM, 0 },
			     { FS_OP_TERM, 1 } };
	fs_node written_nodes[3] = { { FS_OP_OR, 0 }, { FS_OP_UNKNOWN, 0 },
				     { FS_OP_TERM, 0 } };
	fs_value none = { 0 };
	fs_value args[5] = { none, none, none, none,
			     { terms, 2, 0, nodes, 3, NULL } };
	fs_value written = { own, nown, 1, written_nodes, 3, NULL };
	fs_flow flow = { { "renameat2", args, 5, NULL, { 0 }, { 0 } }, 4,
			 outer, &written };
	fs_findings f = { 0 };

	assert_int_equal(fs_check_flows(rules, &flow, 1, &f), 0);
	out[0] = '\0';
	for (size_t i = 0; i < f.count; i++) {
		size_t len = strlen(out);

		snprintf(out + len, sizeof(out) - len, "%zu:%s %s\n",
			 f.items[i].slot,
			 f.items[i].term == FS_WHOLE_VALUE ? "*" : "t",
			 f.items[i].message);
	}
	fs_findings_free(&f);
	return out;
}

/* A finding about the wrapper's own flag that the caller's flag makes is
 * the caller's, about the whole argument; one the wrapper's call makes
 * whatever it is given is not. */
static void wrapper_flag_made_by_caller(void **state)
{
	fs_term terms[2] = { { "RENAME_EXCHANGE", 2, 1, 0 },
			     { "RENAME_NOREPLACE", 1, 1, 0 } };
	fs_term numbers[2] = { { "RENAME_EXCHANGE", 2, 1, 0 },
			       { NULL, 8, 1, 0 } };
	size_t outer[2] = { 0, FS_WHOLE_VALUE };

	(void)state;
	assert_string_equal(flow_text(terms, outer, &terms[1], 1),
			    "4:* RENAME_NOREPLACE cannot be combined with "
			    "RENAME_EXCHANGE in renameat2() flags: the call "
			    "fails with EINVAL\n");
	/* The wrapper's 8 is rejected whatever the caller gives. */
	assert_string_equal(flow_text(numbers, outer, &numbers[1], 1), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(excludes_reports_the_pair),
		cmocka_unit_test(excludes_is_silent_unless_certain),
		cmocka_unit_test(any_other_member_with_exceptions),
		cmocka_unit_test(excluded_flag_ignored),
		cmocka_unit_test(requires_with_other_flags),
		cmocka_unit_test(requires_with_in_every_choice),
		cmocka_unit_test(excluded_pair_means_another_flag),
		cmocka_unit_test(requires_reports_the_flag_alone),
		cmocka_unit_test(ignored_unless),
		cmocka_unit_test(on_a_file_only),
		cmocka_unit_test(on_a_file_only_given),
		cmocka_unit_test(conditional_flags),
		cmocka_unit_test(together_in_one_arm),
		cmocka_unit_test(added_to_a_choice),
		cmocka_unit_test(cleared_from_a_known_value),
		cmocka_unit_test(misbehaves_and_other_errors),
		cmocka_unit_test(first_alone),
		cmocka_unit_test(argument_by_name),
		cmocka_unit_test(records),
		cmocka_unit_test(records_across_fields),
		cmocka_unit_test(bad_rules),
		cmocka_unit_test(reads_its_arguments),
		cmocka_unit_test(wrapper_flag_made_by_caller),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
