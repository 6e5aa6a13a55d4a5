#include <fcntl.h>
#define SYS_OPEN_TRUNCATING(p) open(p, O_WRONLY | AT_REMOVEDIR)
