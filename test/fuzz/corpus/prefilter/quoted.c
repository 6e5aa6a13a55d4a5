#include <fcntl.h>

/* A "//" or "/*" inside a literal starts no comment: the call below is
 * code. */
static const char url[] = "http://example.org/*";
static const char quote = '"';
int quoted(const char *p)
{
	return url[0] + quote + open(p, O_WRONLY | AT_REMOVEDIR);
}
