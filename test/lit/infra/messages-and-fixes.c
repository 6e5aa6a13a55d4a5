// check_flagspace.py passes a test whose messages and fix-its all match. It
// runs a check built into clang-tidy, so no flagspace module is loaded.
// RUN: %check_flagspace --plugin= %s android-cloexec-open %t

#include <fcntl.h>

int open_config(void)
{
	return open("config", O_RDONLY);
	// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'open' should use O_CLOEXEC where possible [android-cloexec-open]
	// CHECK-FIXES: {{^}}	return open("config", O_RDONLY | O_CLOEXEC);{{$}}
}

int open_config_right(void)
{
	return open("config", O_RDONLY | O_CLOEXEC);
}
