/* Includes no header of flags: the prefilter skips it, whatever names the
 * cover set finds declared in terms of flags elsewhere (it spells one). */
#include <unistd.h>

int open_for_removal(const char *path)
{
	return unlink(path);
}
