// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t
// statvfs(3) f_flag and statfs(2) f_flags hold ST_* bits, not mount(2)'s
// MS_* flags. The low ones share values (MS_RDONLY is ST_RDONLY), but
// MS_RELATIME is 0x200000 where ST_RELATIME is 0x1000: that test is always
// false (the kernel never sets the bit, and the message adds nothing).
// MS_NOSYMFOLLOW is 0x100, glibc's ST_APPEND, which Linux never sets
// (ST_NOSYMFOLLOW is 0x2000): always false too.
#define _GNU_SOURCE
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

int wrong(const char *p) {
  struct statvfs sv;
  struct statfs sf;
  int n = 0;
  if (statvfs(p, &sv) || statfs(p, &sf))
    return -1;
  if (sv.f_flag & MS_RELATIME)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_RELATIME is from the MS_* namespace, not ST_*: in statvfs.f_flag 0x200000 matches no ST_* flag; use ST_RELATIME [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES:   if (sv.f_flag & ST_RELATIME)
    n++;
  if (sv.f_flag & MS_NOSUID)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_NOSUID is from the MS_* namespace, not ST_*: in statvfs.f_flag 0x2 means ST_NOSUID; use ST_NOSUID [same-value] [flagspace-wrong-namespace]
    // CHECK-FIXES:   if (sv.f_flag & ST_NOSUID)
    n++;
  if (sf.f_flags & MS_NOSYMFOLLOW)
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: MS_NOSYMFOLLOW is from the MS_* namespace, not ST_*: in statfs.f_flags 0x100 means ST_APPEND, which it never has; use ST_NOSYMFOLLOW [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES:   if (sf.f_flags & ST_NOSYMFOLLOW)
    n++;
  return n;
}
// Correct, idiomatic code: nothing may be reported below.
int correct(const char *p) {
  struct statvfs sv;
  struct statfs sf;
  if (statvfs(p, &sv) || statfs(p, &sf))
    return -1;
  return !!(sv.f_flag & ST_RDONLY) + !!(sv.f_flag & (ST_NOSUID | ST_NODEV)) +
         !!(sf.f_flags & ST_RELATIME) + !!(sv.f_flag & ST_NOATIME) +
         !!(sv.f_flag & ST_APPEND);
}
