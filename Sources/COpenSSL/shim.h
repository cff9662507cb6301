// Herald's view of OpenSSL (libssl and libcrypto 3.x): the headers it uses, and
// `static inline` wrappers for the macros and variadic calls Swift cannot import.
#ifndef HERALD_COPENSSL_SHIM_H
#define HERALD_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/// `BIO_get_mem_data` is a macro: the bytes of a memory BIO and their count.
static inline long herald_BIO_get_mem_data(BIO *bio, char **bytes) {
    return BIO_get_mem_data(bio, bytes);
}

/// `SSL_CTX_set_min_proto_version` is a macro.
static inline int herald_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return (int)SSL_CTX_set_min_proto_version(ctx, version);
}

/// `SSL_set_mode` is a macro; Herald sets partial writes and moving write buffers.
static inline long herald_SSL_set_mode(SSL *ssl, long mode) {
    return SSL_set_mode(ssl, mode);
}

/// A fresh P-256 key pair, or NULL (see the OpenSSL error queue).
static inline EVP_PKEY *herald_generate_p256_key(void) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    EVP_PKEY *key = NULL;
    if (ctx == NULL) return NULL;
    if (EVP_PKEY_keygen_init(ctx) <= 0
        || EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, NID_X9_62_prime256v1) <= 0
        || EVP_PKEY_keygen(ctx, &key) <= 0) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return key;
}

/// Adds one extension (by its config text, e.g. "critical,CA:TRUE") to a certificate.
static inline int herald_X509_add_extension(X509 *cert, X509 *issuer, int nid, const char *value) {
    X509V3_CTX v3;
    X509V3_set_ctx_nodb(&v3);
    X509V3_set_ctx(&v3, issuer, cert, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value);
    if (ext == NULL) return 0;
    int ok = X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
    return ok;
}

#endif
