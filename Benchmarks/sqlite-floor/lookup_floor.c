/*
 * The floor of a record read from the file in SQLite on this machine: the SQLite store's own
 * subjects table (1 KiB pages, a 32 MiB page cache, WAL) with N subjects named as beckon-bench
 * sqlite-scale names them, and the store's point lookup, prepared once, with nothing of Beckon
 * around it (no record decoding, no cache of records). Prints the microseconds per lookup on
 * 1,000 subjects spread over the file (their pages stay in SQLite's page cache) and on every
 * subject in turn (a stride coprime with N, as sqlite-scale's spread decisions), for the
 * store's rowid table and, for comparison, the same table WITHOUT ROWID. Times are CPU time
 * (user and system), so that waiting for a core on a shared machine does not count.
 *
 *   cc -O2 Benchmarks/sqlite-floor/lookup_floor.c -lsqlite3 -o /tmp/lookup_floor
 *   /tmp/lookup_floor [SUBJECTS] [LOOKUPS]    (1,000,000 and 200,000 by default)
 */
#include "floor.h"

#include <string.h>
#include <time.h>

/* CPU time of the process (user and system): on a shared machine, what the lookups cost
 * rather than how long they waited for a core. */
static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }

/* `without_rowid`: the subjects table WITHOUT ROWID (the store's is a rowid table). */
static void build(const char *path, long count, int without_rowid) {
    remove(path);
    check(sqlite3_open(path, &db), "open");
    check(sqlite3_exec(db, "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", NULL, NULL, NULL), "pragmas");
    check(sqlite3_exec(db, without_rowid
        ? "CREATE TABLE subjects (subject TEXT NOT NULL PRIMARY KEY, version INTEGER NOT NULL, record BLOB NOT NULL, logs BLOB) WITHOUT ROWID"
        : "CREATE TABLE subjects (subject TEXT NOT NULL PRIMARY KEY, version INTEGER NOT NULL, record BLOB NOT NULL, logs BLOB)",
        NULL, NULL, NULL), "schema");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db, "INSERT INTO subjects VALUES (?1, 1, ?2, NULL)", -1, &insert, NULL), "insert");
    /* About the size of sqlite-scale's encoded record (two parameters, one event's counters). */
    static const char record[90] = {1};
    char name[32];
    for (long i = 0; i < count; i++) {
        if (i % 10000 == 0) check(sqlite3_exec(db, i ? "COMMIT; BEGIN" : "BEGIN", NULL, NULL, NULL), "begin");
        snprintf(name, sizeof name, "user-%ld", i);
        sqlite3_bind_text(insert, 1, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_blob(insert, 2, record, sizeof record, SQLITE_STATIC);
        check(sqlite3_step(insert), "insert");
        sqlite3_reset(insert);
    }
    check(sqlite3_exec(db, "COMMIT; PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL), "commit");
    sqlite3_finalize(insert);
    sqlite3_close(db);
}

/* Microseconds per lookup, visiting subjects `stride` apart among the first `span` strides. */
static double lookups(const char *path, long count, long total, long stride, long span) {
    check(sqlite3_open(path, &db), "open");
    check(sqlite3_exec(db, "PRAGMA cache_size = -32768", NULL, NULL, NULL), "cache");
    sqlite3_stmt *load;
    check(sqlite3_prepare_v2(db, "SELECT version, record, logs FROM subjects WHERE subject = ?1", -1, &load, NULL), "load");
    char name[32];
    long index = 0, found = 0;
    /* A first pass warms what can be warm (the hot set; the tree's upper levels). */
    for (int pass = 0; pass < 2; pass++) {
        double start = seconds();
        for (long i = 0; i < total; i++) {
            index = (index + stride) % (span < count ? span : count);
            snprintf(name, sizeof name, "user-%ld", index);
            sqlite3_bind_text(load, 1, name, -1, SQLITE_STATIC);
            if (sqlite3_step(load) == SQLITE_ROW) found += sqlite3_column_bytes(load, 1) > 0;
            sqlite3_reset(load);
        }
        double elapsed = seconds() - start;
        if (pass == 1) {
            sqlite3_finalize(load);
            sqlite3_close(db);
            if (found != 2 * total) { fprintf(stderr, "missing subjects\n"); exit(1); }
            return elapsed / total * 1e6;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 1000000;
    long total = argc > 2 ? atol(argv[2]) : 200000;
    if (count < 1000 || total < 1) { fprintf(stderr, "usage: lookup_floor [SUBJECTS >= 1000] [LOOKUPS]\n"); return 64; }
    long spread = count / 3 + 1;
    while (gcd(spread, count) != 1) spread++;
    long hot = count / 1000;
    char path[] = "/tmp/lookup-floor-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) { perror("mkstemp"); return 1; }
    for (int without_rowid = 0; without_rowid < 2; without_rowid++) {
        build(path, count, without_rowid);
        const char *table = without_rowid ? "WITHOUT ROWID" : "rowid table (the store's)";
        printf("lookup-floor: %ld subjects, %s: 1,000 hot %.2f us, spread over every subject %.2f us\n", count, table,
               lookups(path, count, total, hot, hot * 1000), lookups(path, count, total, spread, count));
    }
    char other[600];
    remove(path);
    snprintf(other, sizeof other, "%s-wal", path); remove(other);
    snprintf(other, sizeof other, "%s-shm", path); remove(other);
    return 0;
}
