/*
 * What the SQLite floor programs share: the one connection, a check that ends the program with
 * SQLite's message on an error, and statements prepared and stepped through it. Built with each
 * program by the same one-file cc line (the include is found next to the source).
 */
#ifndef BECKON_SQLITE_FLOOR_H
#define BECKON_SQLITE_FLOOR_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static sqlite3 *db;

static inline void check(int rc, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static inline sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement;
    check(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), sql);
    return statement;
}

/* Steps a statement that returns no row, then resets it for the next binding. */
static inline void step(sqlite3_stmt *statement) {
    check(sqlite3_step(statement), sqlite3_sql(statement));
    sqlite3_reset(statement);
}

#endif
