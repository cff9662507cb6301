// Herald's view of libnghttp2 (the HTTP/2 framing layer of the APNs simulator).
// Every call Herald uses is a plain function; this header only names them.
#ifndef HERALD_CNGHTTP2_SHIM_H
#define HERALD_CNGHTTP2_SHIM_H

#include <nghttp2/nghttp2.h>

/// Builds one header name/value pair without copying; the bytes must outlive the submit call.
static inline nghttp2_nv herald_nghttp2_nv(const uint8_t *name, size_t namelen, const uint8_t *value, size_t valuelen) {
    nghttp2_nv nv;
    nv.name = (uint8_t *)name;
    nv.namelen = namelen;
    nv.value = (uint8_t *)value;
    nv.valuelen = valuelen;
    nv.flags = NGHTTP2_NV_FLAG_NONE;
    return nv;
}

#endif
