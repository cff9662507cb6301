// libpq, PostgreSQL's client library, for Herald's PostgreSQL store: the system library
// (Debian libpq-dev; pkg-config "libpq" adds its include folder), and static inline
// wrappers for what Swift cannot see directly (the PG_DIAG_* fields are character macros).
#ifndef HERALD_CLIBPQ_SHIM_H
#define HERALD_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// The SQLSTATE of a failed result ("23505"), or NULL when the server sent none.
static inline const char *herald_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The server's primary, one-line message.
static inline const char *herald_pq_message(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}

/// The server's optional detail ("Key (id)=(1) already exists.").
static inline const char *herald_pq_detail(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL);
}

/// The server's optional hint on how to fix it.
static inline const char *herald_pq_hint(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_HINT);
}

#endif
