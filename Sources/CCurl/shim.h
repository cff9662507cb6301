// Herald's view of libcurl: typed, non-variadic wrappers for `curl_easy_setopt`,
// `curl_multi_setopt` and `curl_easy_getinfo`, which Swift cannot call directly.
#ifndef HERALD_CCURL_SHIM_H
#define HERALD_CCURL_SHIM_H

#include <curl/curl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

typedef size_t (*herald_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode herald_curl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode herald_curl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode herald_curl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode herald_curl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode herald_curl_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode herald_curl_easy_setopt_callback(CURL *easy, CURLoption option, herald_curl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}

/// The client certificate (CURLOPT_SSLCERT_BLOB) or its private key (CURLOPT_SSLKEY_BLOB)
/// from memory: libcurl copies the `length` bytes at `data` (CURL_BLOB_COPY), so they need
/// not outlive the call and nothing is written to a file. CURLE_NOT_BUILT_IN before
/// libcurl 7.71, which has no blob options.
static inline CURLcode herald_curl_easy_setopt_blob_copy(CURL *easy, int is_key, const void *data, size_t length) {
#if LIBCURL_VERSION_NUM >= 0x074700
    struct curl_blob blob;
    blob.data = (void *)data;
    blob.len = length;
    blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(easy, is_key ? CURLOPT_SSLKEY_BLOB : CURLOPT_SSLCERT_BLOB, &blob);
#else
    (void)easy;
    (void)is_key;
    (void)data;
    (void)length;
    return CURLE_NOT_BUILT_IN;
#endif
}

static inline CURLcode herald_curl_easy_setopt_sslcert_blob(CURL *easy, const void *data, size_t length) {
    return herald_curl_easy_setopt_blob_copy(easy, 0, data, length);
}

static inline CURLcode herald_curl_easy_setopt_sslkey_blob(CURL *easy, const void *data, size_t length) {
    return herald_curl_easy_setopt_blob_copy(easy, 1, data, length);
}

static inline CURLcode herald_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode herald_curl_easy_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode herald_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The sockets of one Herald APNs connection (a multi handle), so that its transport
/// thread can cork them while libcurl writes: libcurl 7.x hands nghttp2's frames to
/// the socket one by one (HEADERS, DATA, RST_STREAM, each its own TLS record and
/// send), and with TCP_NODELAY each became its own TCP segment. Corked for the length
/// of one curl_multi_perform and uncorked after it, everything that call wrote leaves
/// in as few segments as fit, at once: no delay is added.
typedef struct {
    curl_socket_t fds[8];
} herald_curl_sockets;

static inline void herald_curl_sockets_init(herald_curl_sockets *sockets) {
    for (int i = 0; i < 8; i++) sockets->fds[i] = CURL_SOCKET_BAD;
}

static int herald_curl_sockopt(void *context, curl_socket_t fd, curlsocktype purpose) {
    herald_curl_sockets *sockets = (herald_curl_sockets *)context;
    (void)purpose;
    for (int i = 0; i < 8; i++) {
        if (sockets->fds[i] == CURL_SOCKET_BAD) {
            sockets->fds[i] = fd;
            break;
        }
    }
    return CURL_SOCKOPT_OK;
}

static int herald_curl_closesocket(void *context, curl_socket_t fd) {
    herald_curl_sockets *sockets = (herald_curl_sockets *)context;
    for (int i = 0; i < 8; i++) {
        if (sockets->fds[i] == fd) sockets->fds[i] = CURL_SOCKET_BAD;
    }
    return close(fd);
}

/// Points `easy`'s new connections at `sockets` (open and close are recorded there).
static inline CURLcode herald_curl_easy_track_sockets(CURL *easy, herald_curl_sockets *sockets) {
    CURLcode code = curl_easy_setopt(easy, CURLOPT_SOCKOPTFUNCTION, herald_curl_sockopt);
    if (code == CURLE_OK) code = curl_easy_setopt(easy, CURLOPT_SOCKOPTDATA, (void *)sockets);
    if (code == CURLE_OK) code = curl_easy_setopt(easy, CURLOPT_CLOSESOCKETFUNCTION, herald_curl_closesocket);
    if (code == CURLE_OK) code = curl_easy_setopt(easy, CURLOPT_CLOSESOCKETDATA, (void *)sockets);
    return code;
}

/// Corks (1) or uncorks (0, which sends what is held) every recorded socket; a no-op
/// where TCP_CORK does not exist.
static inline void herald_curl_sockets_cork(herald_curl_sockets *sockets, int on) {
#ifdef TCP_CORK
    for (int i = 0; i < 8; i++) {
        if (sockets->fds[i] != CURL_SOCKET_BAD) (void)setsockopt(sockets->fds[i], IPPROTO_TCP, TCP_CORK, &on, sizeof(on));
    }
#else
    (void)sockets;
    (void)on;
#endif
}

static inline CURLcode herald_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

/// Only http and https, for the first request and for every redirect.
static inline CURLcode herald_curl_easy_restrict_to_http(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

static inline CURLcode herald_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode herald_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// Asks `check` about each address a transfer is about to connect to (after DNS, so a
/// name that resolves somewhere refused is caught at connection time): 0 refuses it,
/// and `refused` is set.
typedef int (*herald_curl_address_check)(void *context, const struct sockaddr *address);
typedef struct {
    herald_curl_address_check check;
    void *context;
    int refused;
} herald_curl_address_guard;

static curl_socket_t herald_curl_guarded_open(void *clientp, curlsocktype purpose, struct curl_sockaddr *address) {
    herald_curl_address_guard *guard = (herald_curl_address_guard *)clientp;
    (void)purpose;
    if (!guard->check(guard->context, &address->addr)) {
        guard->refused = 1;
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

static inline CURLcode herald_curl_easy_guard_addresses(CURL *easy, herald_curl_address_guard *guard) {
    CURLcode code = curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, herald_curl_guarded_open);
    if (code == CURLE_OK) code = curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, (void *)guard);
    return code;
}

/// The result code of a finished transfer (a member of a union in CURLMsg).
static inline CURLcode herald_curl_msg_result(const CURLMsg *message) { return message->data.result; }

#endif
