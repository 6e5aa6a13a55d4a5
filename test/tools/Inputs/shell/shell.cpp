// shell.cpp: std::system is found (5); a member named system is not.
#include <cstdlib>

struct machine { int system(int); };

int run(machine &m, const char *cmd)
{
	return std::system(cmd) + m.system(1);
}
