int open_nofollow(const char *path);
int open_cloexec(const char *path);

int main(int argc, char **argv)
{
	return argc > 1 ? open_nofollow(argv[1]) + open_cloexec(argv[1]) : 0;
}
