#include <fcntl.h>

int open_config(void)
{
	return open("config", O_RDONLY);
	// CHECK-MESSAGES: :[[@LINE-2]]:32: warning: 'open' should use O_CLOEXEC where possible [android-cloexec-open]
	// CHECK-FIXES: return open("config", O_RDONLY | O_CLOEXEC);
}
