#include <fcntl.h>
#include <sys/stat.h>

/* No flag name, but a function whose flags reject bits: a number there
 * can be wrong (bit 0x1 is no AT_ flag of fstatat), so the unit runs. */
int number_only(int dfd, const char *p, struct stat *st)
{
	return fstatat(dfd, p, st, 1);
}
