#ifndef HERALD_CPOLLER_H
#define HERALD_CPOLLER_H

#include <stdint.h>
#include <sys/socket.h>

/// Readiness flags of `herald_poll_event.events` and of the interest sets below.
enum {
    HERALD_POLL_IN = 1,
    HERALD_POLL_OUT = 4,
    HERALD_POLL_ERROR = 8,
    HERALD_POLL_HANGUP = 16,
};

/// One ready descriptor: the token it was registered with and what it is ready for.
/// (epoll's own `struct epoll_event` is packed on x86-64, which Swift should not see.)
typedef struct {
    uint64_t token;
    uint32_t events;
} herald_poll_event;

/// A new epoll instance (close-on-exec); -1 and errno on failure.
int herald_poller_create(void);

/// Watches `fd` for `events` (HERALD_POLL_IN / _OUT), level-triggered, reported with
/// `token`. `exclusive` wakes one waiter of several pollers (a shared listening socket).
int herald_poller_add(int poller, int fd, uint32_t events, uint64_t token, int exclusive);

/// Changes what `fd` is watched for.
int herald_poller_modify(int poller, int fd, uint32_t events, uint64_t token);

/// Stops watching `fd`.
int herald_poller_remove(int poller, int fd);

/// Waits up to `timeout_ms` (-1: forever) for ready descriptors; returns how many were
/// written to `events`, 0 on timeout or interruption, -1 and errno on failure.
int herald_poller_wait(int poller, herald_poll_event *events, int capacity, int timeout_ms);

/// A wake-up descriptor (eventfd, non-blocking, close-on-exec) another thread signals.
int herald_wakeup_create(void);
void herald_wakeup_signal(int wakeup);
void herald_wakeup_drain(int wakeup);

/// Accepts one connection as a non-blocking, close-on-exec socket with TCP_NODELAY;
/// -1 and errno (EAGAIN when none is waiting).
int herald_accept(int listener, struct sockaddr_storage *address, socklen_t *length);

/// A non-blocking listening TCP socket bound to `address` (SO_REUSEADDR), or -1 and errno.
int herald_listen(const struct sockaddr *address, socklen_t length, int backlog);

/// The numeric host of `address` (no port) into `text`; returns 0, or -1.
int herald_address_text(const struct sockaddr_storage *address, char *text, socklen_t capacity);

/// The local port `fd` is bound to, or 0.
unsigned short herald_bound_port(int fd);

/// Sets glibc's mmap threshold (and so stops it from growing), so that blocks of at least
/// `bytes` are given back to the system when freed; does nothing on other C libraries.
void herald_fix_mmap_threshold(int bytes);

/// Gives the free memory of glibc's heaps and arenas back to the system when they hold at
/// least `free_bytes` free (after a burst); whether it did. Does nothing on other C libraries.
int herald_trim_heap_past(unsigned long free_bytes);

#endif
