#include "../empty.h"
