/* Defines what lib.h tests before including it: it must read its own. */
#define LIB_TRACE 1
#include "lib.h"

int early(const char *p) { return open(p, LIB_FLAGS); }
