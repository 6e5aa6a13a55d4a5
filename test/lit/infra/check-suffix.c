// -check-suffix selects CHECK-MESSAGES-<S> and CHECK-FIXES-<S>; lines of the
// other suffix are ignored, and a run with no warning needs no lines at all.
// RUN: %check_flagspace --plugin= -check-suffix=READ %s android-cloexec-open %t -- -- -DMODE=O_RDONLY
// RUN: %check_flagspace --plugin= -check-suffix=WRITE %s android-cloexec-open %t -- -- -DMODE=O_WRONLY
// RUN: %check_flagspace --plugin= %s android-cloexec-open %t -- -- -DMODE=O_RDONLY -DCLOEXEC

#include <fcntl.h>

int open_log(void)
{
#ifdef CLOEXEC
	return open("log", MODE | O_CLOEXEC);
#else
	return open("log", MODE);
	// CHECK-MESSAGES-READ: :[[@LINE-1]]:25: warning: 'open' should use O_CLOEXEC where possible [android-cloexec-open]
	// CHECK-MESSAGES-WRITE: :[[@LINE-2]]:25: warning: 'open' should use O_CLOEXEC where possible [android-cloexec-open]
	// CHECK-FIXES-READ: return open("log", MODE | O_CLOEXEC);
	// CHECK-FIXES-WRITE: return open("log", MODE | O_CLOEXEC);
#endif
}
