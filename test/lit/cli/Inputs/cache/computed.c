/* computed.c: a computed #include: which file it reads is known only
 * once preprocessed, so the unit is keyed by its preprocessed text, with
 * its macro definitions. */
#include <fcntl.h>
#include <unistd.h>
#define FLAGS_HEADER "computed.h"
#include FLAGS_HEADER

int can_read(const char *p)
{
	return faccessat(AT_FDCWD, p, R_OK, ACCESS_FLAG);
}
