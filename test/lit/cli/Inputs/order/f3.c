#include "first.h"
#include "second.h"

int use3(const char *p) { return open(p, ORDER_FLAGS); }
