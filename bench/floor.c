/* bench/floor.c -- the floor that bench/startup.sh and startup_cpu.sh time
 * box against: the skeleton of box's process model with no work in it, a
 * dynamically linked program (as the broker is) that spawns the static
 * program named by its argument (as the worker is), waits for it and prints
 * what print(6*7) would. */
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	char *args[] = {argv[1], 0}, *env[] = {0};
	pid_t pid;
	int status;

	if (argc != 2 || posix_spawn(&pid, argv[1], 0, 0, args, env) != 0)
		return 1;
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	puts("42");
	return 0;
}
