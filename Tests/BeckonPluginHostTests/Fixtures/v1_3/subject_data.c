/*
 * subjects: a 1.3 store whose list_subjects and erase_subject answer from fixed data, so that
 * tests see what the host checks and what it sends.
 *
 * Its options (canonical JSON) pick the listing: "good" lists the ids "a", "b", "\xc3\xa9" (e
 * acute) strictly after the cursor, at most `limit`, last active 100, 200, 300; "unordered" lists
 * "b" then "a"; "extra" lists one more than `limit`; "notutf8" lists the bytes ff fe; "cursor"
 * lists one id telling what the cursor was: "null" when its pointer was NULL, else "after:" and it.
 * erase_subject answers OK for "a", CONFLICT for "b", NOT_FOUND for "c" and UNAVAILABLE for any
 * other, with a message giving `active_before`. commit refuses every commit with UNAVAILABLE and
 * a message telling what it was sent (version, clears_all, appends, the smallest max_count, the
 * largest max_age), or, with -DHALF, the store leaves erase_subject NULL (a plugin the host refuses).
 */
#include "../fixture_plugin.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Each open store is its mode, one of these constants (tests open several at once). */
static const char *const modes[] = {"\"good\"", "\"unordered\"", "\"extra\"", "\"notutf8\"", "\"cursor\""};

static beckon_status open_store(void *plugin_state, beckon_string options_json, void **store, beckon_error *error) {
    (void)plugin_state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (options_json.len == strlen(modes[i]) && memcmp(options_json.ptr, modes[i], options_json.len) == 0) {
            *store = (void *)modes[i];
            return BECKON_OK;
        }
    }
    beckon_error_set(error, "options must be one of the modes");
    return BECKON_INVALID_ARGUMENT;
}

static beckon_status put(beckon_item_sink *sink, int64_t number, const char *id) {
    return sink->put(sink, number, (const uint8_t *)id, strlen(id));
}

static int after_cursor(beckon_string after, const char *id) {
    if (after.ptr == NULL) return 1;
    size_t length = strlen(id), shorter = after.len < length ? after.len : length;
    int order = memcmp(after.ptr, id, shorter);
    return order < 0 || (order == 0 && after.len < length);
}

static beckon_status list_subjects(void *store, beckon_string after, int64_t limit, beckon_item_sink *sink, beckon_error *error) {
    (void)error;
    const char *mode = store;
    if (strcmp(mode, "\"unordered\"") == 0) {
        put(sink, 1, "b");
        return put(sink, 1, "a");
    }
    if (strcmp(mode, "\"extra\"") == 0) {
        for (int64_t i = 0; i <= limit; i++) put(sink, 1, i % 2 ? "y" : "x");
        return BECKON_OK;
    }
    if (strcmp(mode, "\"notutf8\"") == 0) return put(sink, 1, "\xff\xfe");
    if (strcmp(mode, "\"cursor\"") == 0) {
        char text[64];
        if (after.ptr == NULL) return put(sink, 1, "null");
        snprintf(text, sizeof text, "after:%.*s", (int)after.len, after.ptr);
        return put(sink, 1, text);
    }
    static const char *const ids[] = {"a", "b", "\xc3\xa9"};
    int64_t listed = 0;
    for (int i = 0; i < 3 && listed < limit; i++) {
        if (!after_cursor(after, ids[i])) continue;
        put(sink, 100 * (i + 1), ids[i]);
        listed++;
    }
    return BECKON_OK;
}

__attribute__((unused)) static beckon_status erase_subject(void *store, beckon_string subject, int64_t active_before, beckon_error *error) {
    (void)store;
    if (subject.len == 1 && subject.ptr[0] == 'a') return BECKON_OK;
    if (subject.len == 1 && subject.ptr[0] == 'b') return BECKON_CONFLICT;
    if (subject.len == 1 && subject.ptr[0] == 'c') return BECKON_NOT_FOUND;
    char message[128];
    snprintf(message, sizeof message, "cannot erase; active_before %" PRId64, active_before);
    beckon_error_set(error, message);
    return BECKON_UNAVAILABLE;
}

static beckon_status commit(void *store, const beckon_commit *commit, beckon_error *error) {
    (void)store;
    int64_t smallest = INT64_MAX, largest = INT64_MIN;
    for (size_t i = 0; i < commit->append_count; i++) {
        if (commit->appends[i]->max_count < smallest) smallest = commit->appends[i]->max_count;
        if (commit->appends[i]->max_age > largest) largest = commit->appends[i]->max_age;
    }
    char message[256];
    snprintf(message, sizeof message, "sent version %" PRId64 ", clears_all %d, %zu appends, max_count >= %" PRId64 ", max_age <= %" PRId64,
             BECKON_HAS_FIELD(commit, beckon_commit, version) ? commit->version : -1, commit->clears_all ? 1 : 0,
             commit->append_count, smallest, largest);
    beckon_error_set(error, message);
    return BECKON_UNAVAILABLE;
}

static const beckon_store store = {
    .struct_size = sizeof(beckon_store),
    .name = "fixed",
    .open = open_store,
    .load = fixture_load_nothing,
    .commit = commit,
    .read_log = fixture_read_log_nothing,
    .list_subjects = list_subjects,
#if !defined(HALF)
    .erase_subject = erase_subject,
#endif
};
static const beckon_store *const stores[] = {&store};

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER,
    .name = "subjects",
    .version = "1.0.0",
    .stores = stores,
    .store_count = 1,
};

FIXTURE_ENTRY(plugin)
