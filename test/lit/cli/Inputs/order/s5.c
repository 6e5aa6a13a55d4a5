#include "second.h"
#include "first.h"

int use5(const char *p) { return open(p, ORDER_FLAGS); }
