#include "second.h"
#include "first.h"

int use7(const char *p) { return open(p, ORDER_FLAGS); }
