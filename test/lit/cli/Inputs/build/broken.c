/* Does not compile: the build stops here. */
int broken(void)
{
	return not_declared;
}
