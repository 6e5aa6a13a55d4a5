#include "second.h"
#include "first.h"

int use3(const char *p) { return open(p, ORDER_FLAGS); }
