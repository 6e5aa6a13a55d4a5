/* Headers every unit includes: shared, their code analysed once. */
#ifndef LIB_H
#define LIB_H
#include <fcntl.h>
#include <sys/stat.h>

static const int lib_create = O_CREAT | O_WRONLY;
#ifdef LIB_TRACE
#define LIB_FLAGS (O_RDONLY | AT_SYMLINK_NOFOLLOW)
#else
#define LIB_FLAGS O_RDONLY
#endif
static inline int lib_open(const char *p) { return open(p, O_CREAT); }
#endif
