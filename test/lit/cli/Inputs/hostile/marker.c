/* marker.c: a finding only when MARKER is defined, as a config file the
 * database names (--config=evil.cfg, or a clang.cfg beside the compiler
 * it names) would define it. */
#include <fcntl.h>

int open_it(const char *p)
{
#ifdef MARKER
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
#else
	return open(p, O_RDONLY);
#endif
}
