#include <linux/openat2.h>

/* No flag at all, and still a finding: mode without O_CREAT. */
struct open_how how = { .mode = 0644 };
