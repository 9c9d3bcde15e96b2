// The system libpq, through pkg-config `libpq` (Debian: libpq-dev).
#include <libpq-fe.h>

// PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static inline const char *beckon_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}
