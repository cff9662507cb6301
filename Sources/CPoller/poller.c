// epoll, eventfd and accept4 behind plain C functions, for the gateway's HTTP server.
#define _GNU_SOURCE
#include "CPoller.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <string.h>

int herald_address_text(const struct sockaddr_storage *address, char *text, socklen_t capacity) {
    const void *raw = address->ss_family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)address)->sin6_addr
                                                     : (const void *)&((const struct sockaddr_in *)address)->sin_addr;
    return inet_ntop(address->ss_family, raw, text, capacity) ? 0 : -1;
}

unsigned short herald_bound_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    memset(&address, 0, sizeof address);
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return ntohs(((struct sockaddr_in *)&address)->sin_port);
}

#ifdef __GLIBC__
#include <malloc.h>
void herald_fix_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
int herald_trim_heap_past(unsigned long free_bytes) {
    if (mallinfo2().fordblks < free_bytes) return 0;
    malloc_trim(0);
    return 1;
}
#else
void herald_fix_mmap_threshold(int bytes) { (void)bytes; }
int herald_trim_heap_past(unsigned long free_bytes) { (void)free_bytes; return 0; }
#endif

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>

static uint32_t to_epoll(uint32_t events) {
    uint32_t result = 0;
    if (events & HERALD_POLL_IN) result |= EPOLLIN;
    if (events & HERALD_POLL_OUT) result |= EPOLLOUT;
    return result;
}

int herald_poller_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int herald_poller_add(int poller, int fd, uint32_t events, uint64_t token, int exclusive) {
    struct epoll_event event = {0};
    event.events = to_epoll(events);
    if (exclusive) event.events |= EPOLLEXCLUSIVE;
    event.data.u64 = token;
    return epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event);
}

int herald_poller_modify(int poller, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event = {0};
    event.events = to_epoll(events);
    event.data.u64 = token;
    return epoll_ctl(poller, EPOLL_CTL_MOD, fd, &event);
}

int herald_poller_remove(int poller, int fd) {
    struct epoll_event event = {0};
    return epoll_ctl(poller, EPOLL_CTL_DEL, fd, &event);
}

int herald_poller_wait(int poller, herald_poll_event *events, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(poller, ready, capacity, timeout_ms);
    if (count < 0) return errno == EINTR ? 0 : -1;
    for (int i = 0; i < count; i++) {
        uint32_t flags = 0;
        if (ready[i].events & EPOLLIN) flags |= HERALD_POLL_IN;
        if (ready[i].events & EPOLLOUT) flags |= HERALD_POLL_OUT;
        if (ready[i].events & EPOLLERR) flags |= HERALD_POLL_ERROR;
        if (ready[i].events & EPOLLHUP) flags |= HERALD_POLL_HANGUP;
        events[i].token = ready[i].data.u64;
        events[i].events = flags;
    }
    return count;
}

int herald_wakeup_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void herald_wakeup_signal(int wakeup) {
    uint64_t one = 1;
    ssize_t written = write(wakeup, &one, sizeof one);
    (void)written;
}

void herald_wakeup_drain(int wakeup) {
    uint64_t value;
    ssize_t count = read(wakeup, &value, sizeof value);
    (void)count;
}

int herald_accept(int listener, struct sockaddr_storage *address, socklen_t *length) {
    *length = sizeof *address;
    int fd = accept4(listener, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return fd;
}

int herald_listen(const struct sockaddr *address, socklen_t length, int backlog) {
    int fd = socket(address->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (address->sa_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (bind(fd, address, length) != 0 || listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

#else
// The gateway's server runs on Linux (epoll); elsewhere these fail with ENOSYS.
int herald_poller_create(void) { errno = ENOSYS; return -1; }
int herald_poller_add(int poller, int fd, uint32_t events, uint64_t token, int exclusive) { errno = ENOSYS; return -1; }
int herald_poller_modify(int poller, int fd, uint32_t events, uint64_t token) { errno = ENOSYS; return -1; }
int herald_poller_remove(int poller, int fd) { errno = ENOSYS; return -1; }
int herald_poller_wait(int poller, herald_poll_event *events, int capacity, int timeout_ms) { errno = ENOSYS; return -1; }
int herald_wakeup_create(void) { errno = ENOSYS; return -1; }
void herald_wakeup_signal(int wakeup) {}
void herald_wakeup_drain(int wakeup) {}
int herald_accept(int listener, struct sockaddr_storage *address, socklen_t *length) { errno = ENOSYS; return -1; }
int herald_listen(const struct sockaddr *address, socklen_t length, int backlog) { errno = ENOSYS; return -1; }
#endif
