// RUN: %check_flagspace %s flagspace-deprecated-flag %t -- -- '-DMAP_EXECUTABLE="exe"'
// A user's macro that has a deprecated flag's name is the flag when it can
// be its value (a fallback definition), and another thing when it makes a
// string or takes arguments: mdadm's MAP_FILE is its map file's name.
#include <fcntl.h>

#define MAP_DIR "/run/mdadm"
#define MAP_FILE "map"
const char *map_names[] = { MAP_DIR "/" MAP_FILE, MAP_DIR "/" MAP_FILE ".new" };
// mdadm's Makefile defines it on the command line: the user's too.
const char *exe = MAP_EXECUTABLE;

#define MAP_ANON(n) ((n) + 1)
int anon(int n) { return MAP_ANON(n); }

// A fallback for a platform without the flag: the flag itself.
#define MAP_DENYWRITE 0x0800
int denywrite(void) { return MAP_DENYWRITE; }
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: MAP_DENYWRITE is deprecated and has no effect; remove it
