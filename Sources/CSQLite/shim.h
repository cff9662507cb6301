// SQLite for Herald's gateway store: the system library (Debian libsqlite3-dev), and
// static inline wrappers for what Swift cannot call directly (macro-based destructors).
#ifndef HERALD_CSQLITE_SHIM_H
#define HERALD_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Binds text that SQLite copies before returning (SQLITE_TRANSIENT is a macro cast).
static inline int herald_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies before returning.
static inline int herald_sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

#endif
