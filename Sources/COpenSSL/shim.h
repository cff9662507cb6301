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
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
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

/// Turns off TLS compression and renegotiation (the option macros do not import into Swift).
static inline void herald_SSL_CTX_harden(SSL_CTX *ctx) {
    SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
}

/// `SSL_set_tlsext_host_name` is a macro: the name a client sends in SNI.
static inline int herald_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
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

/// A fresh RSA key pair of `bits` bits (exponent 65537), or NULL (see the OpenSSL error
/// queue). `EVP_RSA_gen` is a macro over a variadic call.
static inline EVP_PKEY *herald_generate_rsa_key(unsigned int bits) {
    return EVP_RSA_gen(bits);
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

/// ALPN for a server that speaks only HTTP/2: picks "h2" from the client's list, or refuses.
static int herald_alpn_select_h2(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                 const unsigned char *in, unsigned int inlen, void *arg) {
    (void)ssl;
    (void)arg;
    unsigned int i = 0;
    while (i < inlen) {
        unsigned int length = in[i];
        if (i + 1 + length > inlen) break;
        if (length == 2 && in[i + 1] == 'h' && in[i + 2] == '2') {
            *out = in + i + 1;
            *outlen = 2;
            return SSL_TLSEXT_ERR_OK;
        }
        i += 1 + length;
    }
    return SSL_TLSEXT_ERR_ALERT_FATAL;
}

static inline void herald_SSL_CTX_select_h2(SSL_CTX *ctx) {
    SSL_CTX_set_alpn_select_cb(ctx, herald_alpn_select_h2, NULL);
}

static int herald_accept_any_certificate(int preverified, X509_STORE_CTX *store) {
    (void)preverified;
    (void)store;
    return 1;
}

/// Asks clients for a certificate without requiring one; the server checks it itself.
static inline void herald_SSL_CTX_request_client_certificate(SSL_CTX *ctx) {
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, herald_accept_any_certificate);
}

#endif
