// GNU libmicrohttpd for Herald's gateway (Debian libmicrohttpd-dev), with static inline
// wrappers for its variadic calls, which Swift cannot call directly.
#ifndef HERALD_CMICROHTTPD_SHIM_H
#define HERALD_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// Leaves the URL percent-encoded, so the gateway splits the path into segments before
/// decoding each (an id holding %2F stays one segment).
static size_t herald_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
    (void)context; (void)connection;
    size_t length = 0;
    while (text[length] != 0) length++;
    return length;
}

/// Starts a daemon bound to `address` with an internal polling thread pool of `threads`,
/// at most `connection_limit` connections, idle connections closed after `timeout_seconds`,
/// `memory_limit` bytes per connection, and `completed` called when a request ends.
static inline struct MHD_Daemon *herald_mhd_start(unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    unsigned int threads, unsigned int connection_limit, unsigned int timeout_seconds, size_t memory_limit) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_UNESCAPE_CALLBACK, herald_mhd_keep_escaped, NULL,
        MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0); 0 if unknown.
static inline uint16_t herald_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
