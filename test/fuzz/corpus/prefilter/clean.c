#include <stdio.h>
#include "quiet.h"

int main(void)
{
	puts(GREETING);
	return 0;
}
