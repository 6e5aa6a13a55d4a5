/* shell.c: what no_shell.py must find (6 places), and what it must not:
 * popen("x") and system("y") in a comment, or in a string. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *not_a_call = "popen(cmd, \"r\") or system(cmd)";

void shells(const char *cmd)
{
	FILE *p = popen(cmd, "r");			/* 1 */

	pclose(p);
	system(cmd);					/* 2 */
	(void)!system (cmd);				/* 3 */
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);	/* 4 */
	// popen(cmd, "w"): a comment
}
