/* Found as "./local.h" from lib/ only. */
#include <fcntl.h>
