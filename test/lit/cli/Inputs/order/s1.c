#include "second.h"
#include "first.h"

int use1(const char *p) { return open(p, ORDER_FLAGS); }
