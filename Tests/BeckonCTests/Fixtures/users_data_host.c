/*
 * A C host of users' data (ABI 1.5), built with plain cc: opens CONFIG (a SQLite store with
 * `store.expireSubjectsAfter: 400d`) and NO_EXPIRY (the same without it), records three
 * subjects, then lists them a page at a time, exports one, erases it, imports its line back
 * (the same bytes, the same answers), refuses bad and conflicting imports with nothing written,
 * and expires subjects by the engine's clock. Prints a line per failed check and the summary
 * "N checks, F failing"; exit 0 when all held.
 *
 *     users_data_host CONFIG NO_EXPIRY
 */
#include "host_support.h"

#define DAY 86400000LL

static beckon_engine *engine;
static answer kept;
static beckon_sink sink = {sizeof sink, &kept, keep};
static beckon_error error;

static beckon_status call_subjects(const char *after, int64_t limit) {
    kept.json[0] = '\0';
    return beckon_subjects(engine, text(after), limit, &sink, &error);
}

static beckon_status call_export(const char *subject) {
    kept.json[0] = '\0';
    return beckon_subject_export(engine, text(subject), &sink, &error);
}

static beckon_status call_import(const char *lines, uint32_t flags) {
    kept.json[0] = '\0';
    return beckon_subject_import(engine, text(lines), flags, &sink, &error);
}

static beckon_status call_erase(const char *subject) {
    kept.json[0] = '\0';
    return beckon_subject_erase(engine, text(subject), &sink, &error);
}

static beckon_status call_expire(int32_t dry_run) {
    kept.json[0] = '\0';
    return beckon_subjects_expire(engine, dry_run, &sink, &error);
}

static void donate(const char *subject, int times) {
    beckon_request request = request_for(subject, BECKON_NOW_CLOCK);
    beckon_field screen = {sizeof screen, text("screen"), text("home")};
    const beckon_field *info[] = {&screen};
    for (int i = 0; i < times; i++) require_ok("beckon_donate", beckon_donate(engine, &request, text("opened"), info, 1, NULL, &error), &error);
}

static void tip_status(const char *subject, char *into, size_t size) {
    beckon_request request = request_for(subject, HOST_NOW);
    require_ok("beckon_tip_status", beckon_tip_status(engine, &request, text("welcome"), &sink, &error), &error);
    snprintf(into, size, "%s", kept.json);
}

/* Whether the last answer is exactly `expected`. */
static int answered(const char *expected) {
    return strcmp(kept.json, expected) == 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: users_data_host CONFIG NO_EXPIRY\n");
        return 64;
    }
    error = empty_error();
    require_ok("beckon_open_path", beckon_open_path(text(argv[1]), BECKON_STORE_CONFIGURED, &engine, NULL, &error), &error);
    check(beckon_abi_version() >= (1u << 16 | 5), "abi version", "1.5");
    /* Stores record a subject's last activity by the host clock, which the engine's clock sets. */
    require_ok("beckon_set_clock", beckon_set_clock(engine, HOST_NOW, &error), &error);
    donate("ada", 2);
    donate("bob", 1);
    donate("cy", 1);

    /* Listing, a page at a time: the next page's cursor until a page is not full. */
    check(call_subjects("", 2) == BECKON_OK
          && answered("{\"next\":\"bob\",\"subjects\":[{\"lastActive\":\"2026-03-02T10:00:00Z\",\"subject\":\"ada\"},"
                      "{\"lastActive\":\"2026-03-02T10:00:00Z\",\"subject\":\"bob\"}]}"),
          "the first page", kept.json);
    check(call_subjects("bob", 2) == BECKON_OK
          && answered("{\"next\":null,\"subjects\":[{\"lastActive\":\"2026-03-02T10:00:00Z\",\"subject\":\"cy\"}]}"),
          "the last page", kept.json);
    check(call_subjects("", 0) == BECKON_INVALID_ARGUMENT && strstr(error.message, "limit must be from 1 to 100000") != NULL,
          "a limit of 0", error.message);
    check(call_subjects("", 100001) == BECKON_INVALID_ARGUMENT, "a limit above 100000", error.message);
    check(beckon_subjects(NULL, text(""), 10, &sink, &error) == BECKON_INVALID_ARGUMENT, "a NULL engine", error.message);

    /* Export: one line with its newline; a subject not stored is NOT_FOUND with nothing written. */
    char before[HOST_ANSWER_CAPACITY], line[HOST_ANSWER_CAPACITY], bob_line[HOST_ANSWER_CAPACITY];
    tip_status("ada", before, sizeof before);
    check(call_export("ada") == BECKON_OK && strncmp(kept.json, "{\"events\":{\"opened\":{\"count\":2,", 31) == 0
          && strstr(kept.json, "\"subject\":\"ada\"") != NULL && kept.json[strlen(kept.json) - 1] == '\n',
          "ada's line", kept.json);
    snprintf(line, sizeof line, "%s", kept.json);
    require_ok("beckon_subject_export", call_export("bob"), &error);
    snprintf(bob_line, sizeof bob_line, "%s", kept.json);
    check(call_export("nobody") == BECKON_NOT_FOUND && kept.json[0] == '\0' && strstr(error.message, "'nobody' is not stored") != NULL,
          "a subject not stored", error.message);
    check(call_export("") == BECKON_INVALID_ARGUMENT, "an empty subject", error.message);

    /* Erase: gone from the list and from export; a second erase erases nothing. */
    check(call_erase("ada") == BECKON_OK && answered("{\"erased\":true,\"subject\":\"ada\"}"), "erase ada", kept.json);
    check(call_erase("ada") == BECKON_OK && answered("{\"erased\":false,\"subject\":\"ada\"}"), "erase ada again", kept.json);
    check(call_export("ada") == BECKON_NOT_FOUND, "ada is not stored after her erasure", error.message);
    check(call_subjects("", 10) == BECKON_OK && strstr(kept.json, "\"ada\"") == NULL, "ada is not listed", kept.json);

    /* Import: her line back, the same bytes and the same answers; the same line again changes nothing. */
    check(call_import(line, 0) == BECKON_OK
          && answered("{\"imported\":1,\"refused\":[],\"replaced\":0,\"skippedLines\":[],\"unchanged\":0}"), "import ada", kept.json);
    check(call_export("ada") == BECKON_OK && answered(line), "ada's line after the import", kept.json);
    char after[HOST_ANSWER_CAPACITY];
    tip_status("ada", after, sizeof after);
    check(strcmp(before, after) == 0, "ada's tip status after the import", after);
    check(call_import(line, 0) == BECKON_OK
          && answered("{\"imported\":0,\"refused\":[],\"replaced\":0,\"skippedLines\":[],\"unchanged\":1}"), "import ada twice", kept.json);

    /* A bad line refuses the whole text, naming the line; nothing of it is written. */
    char bad[2 * HOST_ANSWER_CAPACITY];
    snprintf(bad, sizeof bad, "%s{\"format\":2}\n", bob_line);
    require_ok("beckon_subject_erase", call_erase("bob"), &error);
    check(call_import(bad, 0) == BECKON_INVALID_ARGUMENT && strstr(error.message, "line 2") != NULL && kept.json[0] == '\0',
          "a bad line", error.message);
    check(call_export("bob") == BECKON_NOT_FOUND, "nothing of a bad text is written", kept.json);
    check(call_import(bad, BECKON_IMPORT_SKIP_BAD) == BECKON_OK
          && answered("{\"imported\":1,\"refused\":[],\"replaced\":0,\"skippedLines\":[2],\"unchanged\":0}"), "skipping the bad line", kept.json);
    check(call_import("\xff\n", 0) == BECKON_INVALID_ARGUMENT && strstr(error.message, "line 1") != NULL, "bytes that are not UTF-8", error.message);
    check(call_import("", 4) == BECKON_INVALID_ARGUMENT && strstr(error.message, "reserved") != NULL, "a reserved flag", error.message);

    /* Bob's data as ada's: she is stored with other data, refused unless replaced. */
    char other[HOST_ANSWER_CAPACITY];
    snprintf(other, sizeof other, "%s", bob_line);
    char *name = strstr(other, "\"subject\":\"bob\"");
    if (name != NULL) memcpy(name + 11, "ada", 3);
    check(call_import(other, 0) == BECKON_CONFLICT && strstr(error.message, "'ada'") != NULL && kept.json[0] == '\0', "a conflicting import",
          error.message);
    check(call_export("ada") == BECKON_OK && answered(line), "a refused import leaves ada as she was", kept.json);
    check(call_import(other, BECKON_IMPORT_REPLACE) == BECKON_OK
          && answered("{\"imported\":0,\"refused\":[],\"replaced\":1,\"skippedLines\":[],\"unchanged\":0}"), "a replacing import", kept.json);
    check(call_export("ada") == BECKON_OK && strstr(kept.json, "{\"events\":{\"opened\":{\"count\":1,") == kept.json, "ada replaced", kept.json);

    /* Expiry by the engine's clock: nobody at first; 401 days on, all but one active since. */
    check(call_expire(0) == BECKON_OK && answered("{\"dryRun\":false,\"erased\":0,\"expired\":[],\"listed\":3}"), "nothing expires yet",
          kept.json);
    require_ok("beckon_set_clock", beckon_set_clock(engine, HOST_NOW + 401 * DAY, &error), &error);
    donate("cy", 1);
    check(call_expire(1) == BECKON_OK && answered("{\"dryRun\":true,\"erased\":0,\"expired\":[\"ada\",\"bob\"],\"listed\":3}"),
          "a dry run", kept.json);
    check(call_subjects("", 10) == BECKON_OK && strstr(kept.json, "\"ada\"") != NULL, "a dry run erases nothing", kept.json);
    check(call_expire(0) == BECKON_OK && answered("{\"dryRun\":false,\"erased\":2,\"expired\":[\"ada\",\"bob\"],\"listed\":3}"),
          "expiry", kept.json);
    check(call_subjects("", 10) == BECKON_OK
          && answered("{\"next\":null,\"subjects\":[{\"lastActive\":\"2027-04-07T10:00:00Z\",\"subject\":\"cy\"}]}"),
          "only cy is left", kept.json);
    beckon_close(engine);

    require_ok("beckon_open_path", beckon_open_path(text(argv[2]), BECKON_STORE_MEMORY, &engine, NULL, &error), &error);
    check(call_expire(0) == BECKON_INVALID_ARGUMENT && strstr(error.message, "store.expireSubjectsAfter") != NULL,
          "expiry without store.expireSubjectsAfter", error.message);
    beckon_close(engine);

    printf("%d checks, %d failing\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
