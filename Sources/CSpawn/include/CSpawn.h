#ifndef HERALD_CSPAWN_H
#define HERALD_CSPAWN_H

#include <spawn.h>

/// A pipe whose two ends are close-on-exec from birth (pipe2 with O_CLOEXEC where the
/// platform has it), so a child spawned by another thread never inherits them.
int herald_cloexec_pipe(int fds[2]);

/// Adds "close every descriptor from `low` up" to the spawn's file actions where the C
/// library offers it (glibc 2.34+); returns 0, or -1 where it does not.
int herald_spawn_close_from(posix_spawn_file_actions_t *actions, int low);

/// Adds "change to `path`" to the spawn's file actions where the C library offers it
/// (glibc 2.29+); returns 0, or -1 where it does not.
int herald_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
