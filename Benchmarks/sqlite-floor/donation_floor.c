/*
 * The floor of a durable donation in SQLite on this machine: the SQLite store's own schema and
 * statements, prepared once, with nothing of Beckon around them (no record encoding, no engine).
 * Each donation is one transaction, as in the store: BEGIN IMMEDIATE; insert the donation;
 * delete the one that retention drops (the log is held at 1,000); compare-and-set the subject's
 * record; COMMIT. WAL, synchronous NORMAL, 1 KiB pages, as the store opens its files. Also
 * printed: retention in batches (the log runs up to 32 rows past its bound, then they are
 * deleted in one statement: what the store does since schema 2), the same with a deferred BEGIN,
 * with 4 KiB pages and as one UPDATE of the subject's row carrying the donation (inserted by a
 * trigger), the store's statements without the retention delete, and one autocommit
 * single-row insert (the least a durable write can be).
 *
 *   cc -O2 Benchmarks/sqlite-floor/donation_floor.c -lsqlite3 -o /tmp/donation_floor
 *   /tmp/donation_floor [DONATIONS [LIST]]   (20,000 by default; files in a temporary folder)
 *
 * LIST picks some: bound, batch, deferred, page4k, trigger, none, single (comma-separated; all by default).
 */
#include "floor.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int page_size = 1024;

static void open_store(const char *folder, const char *name) {
    char path[512], pragma[64];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    check(sqlite3_open(path, &db), "open");
    snprintf(pragma, sizeof pragma, "PRAGMA page_size = %d;", page_size);
    check(sqlite3_exec(db, pragma, NULL, NULL, NULL), "page size");
    check(sqlite3_exec(db,
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
        "CREATE TABLE subjects (subject TEXT NOT NULL PRIMARY KEY, version INTEGER NOT NULL, record BLOB NOT NULL, logs BLOB);"
        "CREATE TABLE donations (subject TEXT NOT NULL, event TEXT NOT NULL, time INTEGER NOT NULL, seq INTEGER NOT NULL,"
        "  info BLOB, PRIMARY KEY (subject, event, time, seq)) WITHOUT ROWID;"
        "INSERT INTO subjects VALUES ('user-1', 0, zeroblob(120), zeroblob(40));", NULL, NULL, NULL), "schema");
}

/* Donations per second with the store's statements. `retention`: 0, no delete; 1, the delete at
 * the bound in every donation; N > 1, the log runs up to N - 1 past its bound and the excess is
 * deleted in one statement every N - 1 donations. `deferred`: BEGIN instead of BEGIN IMMEDIATE. */
static double donations(const char *folder, int count, int retention, int deferred) {
    char name[64];
    snprintf(name, sizeof name, "donations-%d-%d-%d.db", retention, deferred, page_size);
    open_store(folder, name);
    sqlite3_stmt *begin = prepare(deferred ? "BEGIN" : "BEGIN IMMEDIATE"), *commit = prepare("COMMIT");
    sqlite3_stmt *insert = prepare("INSERT INTO donations VALUES (?1, ?2, ?3, ?4, ?5)");
    sqlite3_stmt *drop = prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND (time, seq) < (?3, ?4)");
    sqlite3_stmt *update = prepare("UPDATE subjects SET version = version + 1, record = ?2, logs = ?3 WHERE subject = ?1 AND version = ?4");
    static const char record[120], logs[40], info[24] = {1};
    double start = seconds();
    for (int i = 0; i < count; i++) {
        step(begin);
        sqlite3_bind_text(insert, 1, "user-1", -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 2, "viewed", -1, SQLITE_STATIC);
        sqlite3_bind_int64(insert, 3, 1000 + i);
        sqlite3_bind_int64(insert, 4, i);
        sqlite3_bind_blob(insert, 5, info, sizeof info, SQLITE_STATIC);
        step(insert);
        if (retention == 1 ? i >= 1000 : retention > 1 && i >= 1000 && (i - 1000) % (retention - 1) == retention - 2) {
            sqlite3_bind_text(drop, 1, "user-1", -1, SQLITE_STATIC);
            sqlite3_bind_text(drop, 2, "viewed", -1, SQLITE_STATIC);
            sqlite3_bind_int64(drop, 3, 1000 + i - 999);
            sqlite3_bind_int64(drop, 4, i - 999);
            step(drop);
        }
        sqlite3_bind_text(update, 1, "user-1", -1, SQLITE_STATIC);
        sqlite3_bind_blob(update, 2, record, sizeof record, SQLITE_STATIC);
        sqlite3_bind_blob(update, 3, logs, sizeof logs, SQLITE_STATIC);
        sqlite3_bind_int64(update, 4, i);
        step(update);
        if (sqlite3_changes(db) != 1) { fprintf(stderr, "compare-and-set failed\n"); exit(1); }
        step(commit);
    }
    double elapsed = seconds() - start;
    sqlite3_stmt *all[] = {begin, commit, insert, drop, update};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) sqlite3_finalize(all[k]);
    sqlite3_close(db);
    return count / elapsed;
}

/* The donation carried by the compare-and-set itself: the UPDATE of the subject's row also sets
 * the donation's columns there, and a trigger on it inserts the donation, so that a donation is
 * one autocommit statement; retention in batches of 32 as above, in a transaction of its own
 * when a batch is due. */
static double trigger_donations(const char *folder, int count) {
    open_store(folder, "trigger.db");
    check(sqlite3_exec(db,
        "ALTER TABLE subjects ADD COLUMN event TEXT; ALTER TABLE subjects ADD COLUMN time INTEGER;"
        "ALTER TABLE subjects ADD COLUMN seq INTEGER; ALTER TABLE subjects ADD COLUMN info BLOB;"
        "CREATE TRIGGER donation AFTER UPDATE OF seq ON subjects WHEN NEW.event IS NOT NULL BEGIN"
        "  INSERT INTO donations VALUES (NEW.subject, NEW.event, NEW.time, NEW.seq, NEW.info); END;", NULL, NULL, NULL), "trigger");
    sqlite3_stmt *begin = prepare("BEGIN IMMEDIATE"), *commit = prepare("COMMIT");
    sqlite3_stmt *drop = prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND (time, seq) < (?3, ?4)");
    sqlite3_stmt *update = prepare("UPDATE subjects SET version = version + 1, record = ?2, logs = ?3, event = ?5, time = ?6, seq = ?7, info = ?8"
                                   " WHERE subject = ?1 AND version = ?4");
    static const char record[120], logs[40], info[24] = {1};
    double start = seconds();
    for (int i = 0; i < count; i++) {
        int batch = i >= 1000 && (i - 1000) % 32 == 31;
        if (batch) step(begin);
        sqlite3_bind_text(update, 1, "user-1", -1, SQLITE_STATIC);
        sqlite3_bind_blob(update, 2, record, sizeof record, SQLITE_STATIC);
        sqlite3_bind_blob(update, 3, logs, sizeof logs, SQLITE_STATIC);
        sqlite3_bind_int64(update, 4, i);
        sqlite3_bind_text(update, 5, "viewed", -1, SQLITE_STATIC);
        sqlite3_bind_int64(update, 6, 1000 + i);
        sqlite3_bind_int64(update, 7, i);
        sqlite3_bind_blob(update, 8, info, sizeof info, SQLITE_STATIC);
        step(update);
        if (sqlite3_changes(db) != 1) { fprintf(stderr, "compare-and-set failed\n"); exit(1); }
        if (batch) {
            sqlite3_bind_text(drop, 1, "user-1", -1, SQLITE_STATIC);
            sqlite3_bind_text(drop, 2, "viewed", -1, SQLITE_STATIC);
            sqlite3_bind_int64(drop, 3, 1000 + i - 999);
            sqlite3_bind_int64(drop, 4, i - 999);
            step(drop);
            step(commit);
        }
    }
    double elapsed = seconds() - start;
    sqlite3_stmt *check_count = prepare("SELECT count(*) FROM donations");
    if (sqlite3_step(check_count) != SQLITE_ROW || sqlite3_column_int(check_count, 0) < 1000) { fprintf(stderr, "trigger inserted nothing\n"); exit(1); }
    sqlite3_stmt *all[] = {begin, commit, drop, update, check_count};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) sqlite3_finalize(all[k]);
    sqlite3_close(db);
    return count / elapsed;
}

static double single_inserts(const char *folder, int count) {
    open_store(folder, "single.db");
    sqlite3_stmt *insert = prepare("INSERT INTO donations VALUES ('user-1', 'viewed', ?1, 0, NULL)");
    double start = seconds();
    for (int i = 0; i < count; i++) {
        sqlite3_bind_int64(insert, 1, i);
        step(insert);
    }
    double elapsed = seconds() - start;
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return count / elapsed;
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 20000;
    if (count <= 1000) { fprintf(stderr, "usage: donation_floor [DONATIONS > 1000]\n"); return 64; }
    char folder[] = "/tmp/donation-floor-XXXXXX";
    if (!mkdtemp(folder)) { perror("mkdtemp"); return 1; }
    const char *only = argc > 2 ? argv[2] : "";
    if (!*only || strstr(only, "bound"))
        printf("donation-floor: store's statements with retention at its bound: %.1fk/s\n", donations(folder, count, 1, 0) / 1000);
    if (!*only || strstr(only, "batch"))
        printf("donation-floor: retention in batches of 32 past the bound: %.1fk/s\n", donations(folder, count, 33, 0) / 1000);
    if (!*only || strstr(only, "deferred"))
        printf("donation-floor: retention in batches of 32, BEGIN (deferred): %.1fk/s\n", donations(folder, count, 33, 1) / 1000);
    if (!*only || strstr(only, "page4k")) {
        page_size = 4096;
        printf("donation-floor: retention in batches of 32, 4 KiB pages: %.1fk/s\n", donations(folder, count, 33, 0) / 1000);
        page_size = 1024;
    }
    if (!*only || strstr(only, "trigger"))
        printf("donation-floor: one UPDATE carrying the donation (a trigger inserts it), batches of 32: %.1fk/s\n", trigger_donations(folder, count) / 1000);
    if (!*only || strstr(only, "none"))
        printf("donation-floor: store's statements, no retention delete: %.1fk/s\n", donations(folder, count, 0, 0) / 1000);
    if (*only && !strstr(only, "single")) goto done;
    printf("donation-floor: one autocommit single-row insert: %.1fk/s\n", single_inserts(folder, count) / 1000);
done:;
    char command[600];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    return system(command) == 0 ? 0 : 1;
}
