// Herald's view of libcurl: typed, non-variadic wrappers for `curl_easy_setopt`,
// `curl_multi_setopt` and `curl_easy_getinfo`, which Swift cannot call directly.
#ifndef HERALD_CCURL_SHIM_H
#define HERALD_CCURL_SHIM_H

#include <curl/curl.h>

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

static inline CURLcode herald_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode herald_curl_easy_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode herald_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
