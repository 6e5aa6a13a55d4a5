#include <fcntl.h>
#define OPEN_TRUNCATING(p) open(p, O_WRONLY | AT_REMOVEDIR)
