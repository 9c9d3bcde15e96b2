/*
 * beckon_plugin.h — the Beckon plugin ABI, version 1.3 (1.0 plus the additions marked "1.1",
 * "1.2" and "1.3").
 *
 * A Beckon plugin is a shared object (.so) that adds custom conditions, which rules call as
 * NAMESPACE.NAME(args...), and store backends, which `store.backend: NAMESPACE.STORE` selects.
 * It is built from this header alone, with any C11 compiler; it links against nothing of Beckon:
 *
 *     cc -std=c11 -shared -fPIC -fvisibility=hidden -Wl,--no-undefined \
 *        -I PATH/TO/HEADER -o libmyplugin.so myplugin.c
 *
 * The plugin exports exactly one symbol, `beckon_plugin_entry_v1` (see the end of this file).
 * The host (the `beckon` CLI or an embedding program) opens the file with
 * dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE), never closes it, calls the entry once per file,
 * validates the whole descriptor it returns, and only then calls the plugin's `init`, once for
 * each `plugins:` entry that names the file (see `init`).
 *
 * CONVENTIONS (they hold for every item below)
 *
 * - Versions. The ABI major is in the entry symbol's name; a host never loads a plugin of
 *   another major. Minor versions only add: new fields at the end of structs, new functions
 *   in the host table, new flags and statuses. A plugin states the minor it was compiled
 *   against and the lowest host minor it needs; a host older than that refuses it, naming both.
 * - Growth. Every struct that one side fills and the other reads starts with
 *   `uint32_t struct_size`, set by the side that fills it to sizeof(the struct it was compiled
 *   with). Fields are only ever appended. Before reading a field added after 1.0, check that
 *   struct_size covers it (BECKON_HAS_FIELD). Arrays of descriptors are arrays of pointers, so
 *   a grown descriptor never shifts its neighbours. `beckon_string` and `beckon_value` are
 *   plain values passed by the caller: they are frozen as they are here and never grow.
 * - Memory. Strings are UTF-8 views `(ptr, len)`, not NUL-terminated unless said otherwise,
 *   borrowed for the duration of the call that passes them: copy what you keep. Variable
 *   results go back through host-provided sinks, and the host copies before the sink returns.
 *   Nothing allocated on one side is ever freed on the other.
 * - Errors. Every fallible call returns a `beckon_status` and, when it is not BECKON_OK, fills
 *   the caller's `beckon_error` (beckon_error_set below). No C++ exception, longjmp, Swift
 *   error, Rust panic or signal may cross the boundary: catch everything at your entry points.
 * - Threads. Lifecycle calls (init, shutdown, validate_config, check_config, check_options, open,
 *   close, bind, unbind) are serialized by the host: never two at once in one process. Condition
 *   evaluation and store operations may run concurrently on several threads, unless the
 *   descriptor sets a SERIALIZE flag, in which case the host runs them one at a time
 *   (BECKON_PLUGIN_SERIALIZE for the whole plugin, BECKON_CONDITION_SERIALIZE or
 *   BECKON_STORE_SERIALIZE for one item).
 * - Time. `now` always comes from the host (Unix time in milliseconds, UTC); a plugin never
 *   reads the wall clock for a decision, so that tests and `--now` can replay any instant.
 * - NULL. Pointers documented "required" must not be NULL; "optional" ones may be.
 */
#ifndef BECKON_PLUGIN_H
#define BECKON_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------- */

/** The ABI major: part of the entry symbol's name; a change here is a new, separate ABI. */
#define BECKON_PLUGIN_ABI_MAJOR 1
/**
 * The ABI minor of this header: additions only. 1.1 added beckon_plugin.check_config (every config
 * problem, at a value or at a key) and argument pointers in a `bind` refusal ("/1"). 1.2 added
 * beckon_store.check_options (every problem of a store's `store.options`, at load, before any
 * `open`) and beckon_config_problem.flags (BECKON_CONFIG_PROBLEM_SECRET: never show the value).
 * 1.3 added beckon_store.list_subjects and erase_subject (a subject's data: listing, erasing,
 * expiring) and beckon_commit.version (a restore writes a record at an exact version).
 */
#define BECKON_PLUGIN_ABI_MINOR 3

/** Marks the entry symbol as exported even when building with -fvisibility=hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define BECKON_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define BECKON_PLUGIN_EXPORT
#endif

/** True when a struct filled by the other side (with its struct_size) contains `field`. */
#define BECKON_HAS_FIELD(pointer, type, field) \
    ((pointer)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* ---------------------------------------------------------------------------------------------
 * Statuses and errors
 * ------------------------------------------------------------------------------------------- */

#ifndef BECKON_SHARED_TYPES_V1
#define BECKON_SHARED_TYPES_V1 /* also defined, identically, by beckon.h */

/** The result of every fallible call. Unknown values are treated as BECKON_INTERNAL. */
typedef int32_t beckon_status;
#define BECKON_OK 0               /**< Success. */
#define BECKON_INVALID_ARGUMENT 1 /**< The input is wrong (bad config, bad argument value). */
#define BECKON_NOT_FOUND 2        /**< A named thing does not exist (parameter, event, key). */
#define BECKON_CONFLICT 3         /**< Compare-and-set lost: someone else wrote first. */
#define BECKON_UNAVAILABLE 4      /**< A resource is down, locked, full, unreachable. */
#define BECKON_TIMEOUT 5          /**< It took too long. */
#define BECKON_UNSUPPORTED 6      /**< The operation is not offered by this plugin. */
#define BECKON_INTERNAL 7         /**< A bug or an unexpected state. */

/** Room for a message, including its NUL. Longer messages are cut (at a UTF-8 boundary). */
#define BECKON_ERROR_MESSAGE_CAPACITY 512
/** Room for a JSON pointer, including its NUL. */
#define BECKON_ERROR_POINTER_CAPACITY 256

/**
 * What went wrong, filled by the callee when it returns a status other than BECKON_OK.
 * The caller owns it (usually on its stack), zeroes it and sets struct_size; the callee writes
 * NUL-terminated UTF-8 into the arrays, never more than their capacity. Use beckon_error_set.
 */
typedef struct beckon_error {
    uint32_t struct_size;
    /** A sentence for a person: what failed and why ("time zone 'Mars/Base' is unknown"). */
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    /**
     * Optional: an RFC 6901 JSON pointer to what the message is about. From a plugin's
     * validate_config, into its config ("/holidays/2"): the host shows the message at that YAML
     * line and column; empty means the config as a whole. From a plugin's bind (ABI 1.1), into
     * the call's arguments ("/0" is the first): the host underlines that argument; empty means
     * the whole call. Elsewhere unused.
     */
    char json_pointer[BECKON_ERROR_POINTER_CAPACITY];
} beckon_error;

/** Copies a NUL-terminated message into `error`, cut to fit on a UTF-8 boundary. NULL-safe. */
static inline void beckon_error_set(beckon_error *error, const char *message) {
    if (error == NULL || message == NULL) return;
    size_t length = 0;
    while (message[length] != '\0' && length < BECKON_ERROR_MESSAGE_CAPACITY - 1) length++;
    while (length > 0 && message[length] != '\0' && ((unsigned char)message[length] & 0xC0) == 0x80) length--;
    for (size_t i = 0; i < length; i++) error->message[i] = message[i];
    error->message[length] = '\0';
}

/** Copies a NUL-terminated JSON pointer into `error` (validate_config, bind). NULL-safe; cut to fit. */
static inline void beckon_error_set_pointer(beckon_error *error, const char *pointer) {
    if (error == NULL || pointer == NULL) return;
    size_t length = 0;
    while (pointer[length] != '\0' && length < BECKON_ERROR_POINTER_CAPACITY - 1) length++;
    for (size_t i = 0; i < length; i++) error->json_pointer[i] = pointer[i];
    error->json_pointer[length] = '\0';
}

/** A borrowed UTF-8 string: `len` bytes at `ptr` (ptr may be NULL when len is 0). Frozen. */
typedef struct beckon_string {
    const char *ptr;
    size_t len;
} beckon_string;

#endif /* BECKON_SHARED_TYPES_V1 */

/* ---------------------------------------------------------------------------------------------
 * Values
 * ------------------------------------------------------------------------------------------- */

/** Value types, as in the rule language. Signatures spell them in lower case ("int"). */
typedef uint32_t beckon_type;
#define BECKON_TYPE_NULL 0      /**< No value (an argument or a result may be null). */
#define BECKON_TYPE_BOOL 1      /**< `as.boolean`. */
#define BECKON_TYPE_INT 2       /**< `as.integer`: 64-bit signed. */
#define BECKON_TYPE_DOUBLE 3    /**< `as.number`: IEEE 754 double. */
#define BECKON_TYPE_STRING 4    /**< `as.string`: UTF-8. */
#define BECKON_TYPE_DURATION 5  /**< `as.integer`: milliseconds. */
#define BECKON_TYPE_TIMESTAMP 6 /**< `as.integer`: Unix time in milliseconds, UTC, within
                                     -62167219200000 ... 253402300799999 (0000-01-01T00:00:00Z ...
                                     9999-12-31T23:59:59.999Z); a result outside is malformed. */
#define BECKON_TYPE_VERSION 7   /**< `as.string`: "MAJOR.MINOR.PATCH". */

/**
 * One value: an argument, a result or a parameter. Frozen (no struct_size): a later minor adds
 * types as new BECKON_TYPE_ codes, never fields. A string inside is borrowed like beckon_string.
 */
typedef struct beckon_value {
    beckon_type type;
    uint32_t reserved; /**< Zero. */
    union {
        bool boolean;
        int64_t integer;
        double number;
        beckon_string string;
    } as;
} beckon_value;

/* ---------------------------------------------------------------------------------------------
 * Sinks: how variable results travel back to the host (the host copies before returning)
 * ------------------------------------------------------------------------------------------- */

/** Receives one value (a condition's result). */
typedef struct beckon_value_sink {
    uint32_t struct_size;
    /** The host's; do not touch. */
    void *host_data;
    /**
     * Required. Hands the result to the host, which copies it (strings too) before returning.
     * Call it at most once per evaluation; not calling it means null. Returns BECKON_OK, or
     * BECKON_INVALID_ARGUMENT for a value that is not well formed, and the rule then fails with
     * what is wrong: "string result is not UTF-8", "string result has a NULL pointer and length
     * 3", "version result '1.x' is not MAJOR.MINOR.PATCH", "result has unknown type code 42".
     */
    beckon_status (*put)(struct beckon_value_sink *sink, const beckon_value *value);
} beckon_value_sink;

/** Receives a store's items: a record, or each donation of a log. */
typedef struct beckon_item_sink {
    uint32_t struct_size;
    /** The host's; do not touch. */
    void *host_data;
    /**
     * Required. Hands one item to the host, which copies `bytes` before returning. For a
     * record, `number` is its version; for a donation, its time (Unix ms); for a listed subject
     * (1.3), its last activity (Unix ms), `bytes` its id. Returns BECKON_OK;
     * any other status means "stop and return this status".
     */
    beckon_status (*put)(struct beckon_item_sink *sink, int64_t number, const uint8_t *bytes, size_t len);
} beckon_item_sink;

/* ---------------------------------------------------------------------------------------------
 * Host services: a table the host passes to the entry and to init; valid until the process ends
 * ------------------------------------------------------------------------------------------- */

/**
 * Log levels for beckon_host.log, least severe first. The beckon CLI and libbeckon.so print
 * WARNING and ERROR by default; the user shows more or less with BECKON_LOG_LEVEL
 * (debug|info|warning|error) or the CLI's --log-level. Log at INFO and DEBUG freely.
 */
#define BECKON_LOG_DEBUG 0   /**< Details for whoever develops or debugs the plugin. */
#define BECKON_LOG_INFO 1    /**< What the plugin is doing, such as a connection it opened. */
#define BECKON_LOG_WARNING 2 /**< Something wrong that the plugin worked around. */
#define BECKON_LOG_ERROR 3   /**< A failure, such as why init or the entry refused to load. */

/**
 * The evaluation in progress: opaque, valid only during the `evaluate` call it is passed to,
 * and only on that call's thread. Read it through the beckon_host accessors.
 */
typedef struct beckon_eval beckon_eval;

/** An event's lifetime counters for the subject being decided. */
typedef struct beckon_event_stats {
    uint32_t struct_size;
    /** Donations since the event was last reset (exact, even after the log was pruned). */
    int64_t count;
    /** Whether there was any donation; when false, first and last are 0. */
    bool has_donations;
    /** The first and the last donation's instants (Unix ms). */
    int64_t first;
    int64_t last;
} beckon_event_stats;

/**
 * What the host offers a plugin. Every function pointer is non-NULL in a 1.0 host, and every
 * function is safe to call from any thread. Check struct_size before using a field added
 * after 1.0. Each function that reads an evaluation needs the `eval` of the current call.
 */
typedef struct beckon_host {
    uint32_t struct_size;
    /** The host's ABI version (major is 1 for this header; the minor may be newer). */
    uint32_t abi_major;
    uint32_t abi_minor;
    /** The host program's name and version, e.g. "beckon 0.6.0"; NUL-terminated, static. */
    const char *host_name;

    /** Writes a line to the host's log (stderr for the CLI), if the user's level shows `level`
     *  (BECKON_LOG_*). `plugin` names the writer. */
    void (*log)(int32_t level, beckon_string plugin, beckon_string message);

    /** The host clock (Unix ms): the instant being decided when the host has one (`--now`). */
    int64_t (*now)(void);

    /* --- The evaluation context (valid only inside `evaluate`, on its thread) --- */

    /** The decision's instant (Unix ms). Use this, never the wall clock. */
    int64_t (*eval_now)(const beckon_eval *eval);
    /** The subject's id; borrowed until `evaluate` returns. */
    beckon_string (*eval_subject)(const beckon_eval *eval);
    /** The current app version ("2.3.1"), or a zero-length string when unknown. */
    beckon_string (*eval_app_version)(const beckon_eval *eval);
    /**
     * A declared parameter's value for the subject (its default when unset) into `*value`;
     * strings in it are borrowed until `evaluate` returns. BECKON_NOT_FOUND when the
     * configuration declares no such parameter; lists read as BECKON_UNSUPPORTED.
     */
    beckon_status (*eval_parameter)(const beckon_eval *eval, beckon_string name, beckon_value *value);
    /** An event's lifetime counters; BECKON_NOT_FOUND when no such event is declared. */
    beckon_status (*eval_event)(const beckon_eval *eval, beckon_string name, beckon_event_stats *stats);
    /**
     * How many of the event's logged donations are at or after `since` (Unix ms) into `*count`;
     * BECKON_NOT_FOUND when no such event is declared.
     */
    beckon_status (*eval_event_count_since)(const beckon_eval *eval, beckon_string name, int64_t since, int64_t *count);

    /* ABI 1.1 */
    /**
     * From `evaluate`: the answer being given holds until `instant` (Unix ms): with no new
     * input it stays the same at every instant before it, and may change at it. The host then
     * tells hosts to ask again no later than that (`revisitAt`). A condition that reads
     * `eval_now` and does not say this makes the rule's answer changeable at the next
     * millisecond; a PURE condition that does not read `eval_now` depends on nothing in time.
     * Called more than once, the earliest instant counts. Check BECKON_HAS_FIELD first: a 1.0
     * host has no such member.
     */
    void (*eval_holds_until)(const beckon_eval *eval, int64_t instant);
} beckon_host;

/* ---------------------------------------------------------------------------------------------
 * Conditions: functions that rules call as NAMESPACE.NAME(args...)
 * ------------------------------------------------------------------------------------------- */

/** Condition flags. */
#define BECKON_CONDITION_PURE 0x1u      /**< Same arguments and context, same result: the host may cache within one decision. */
#define BECKON_CONDITION_SERIALIZE 0x2u /**< Never evaluate this condition on two threads at once. */

/**
 * One condition. Static data: the host reads it during validation and keeps pointers to it.
 */
typedef struct beckon_condition {
    uint32_t struct_size;
    /** BECKON_CONDITION_ flags. */
    uint32_t flags;
    /**
     * Required: the name rules use after the namespace; [A-Za-z][A-Za-z0-9_]*, and not one of
     * the rule keywords true, false, null, in; NUL-terminated.
     */
    const char *name;
    /**
     * Required: the typed signature, "(TYPE, ...) -> TYPE", TYPE one of bool int double string
     * duration timestamp version; e.g. "() -> bool", "(int, int) -> bool". Rules calling the
     * condition are type-checked against it at load; int arguments widen to double parameters.
     */
    const char *signature;
    /** Optional: one line for `beckon plugins`; NUL-terminated. */
    const char *summary;
    /**
     * Optional: compiles one call site at load, once. For each of the `count` arguments (the
     * signature's arity), `known[i]` says whether the rule wrote a constant there:
     *   known[i] true:  `constants[i]` is its value, converted to the signature's type, or
     *                   BECKON_TYPE_NULL when the constant is `null` (the rule wrote `null`);
     *   known[i] false: the value is known only at evaluation (a parameter, an expression), and
     *                   `constants[i]` has type BECKON_TYPE_NULL; it may still be null then.
     * Whatever is stored in `*call_state` is passed to every `evaluate` of that call site and to
     * its `unbind`. A status other than OK rejects the rule at load (`rule.plugin`), with the
     * message shown at the call; since 1.1, a refusal about one argument says which with
     * beckon_error_set_pointer(error, "/1") (argument 1, counted from 0), and the host
     * underlines that argument and names it (a 1.0 host shows the whole call).
     * Lifecycle call: serialized.
     */
    beckon_status (*bind)(void *plugin_state, const beckon_value *constants, const bool *known, size_t count,
                          void **call_state, beckon_error *error);
    /**
     * Required: evaluates one call. `args` holds all `count` arguments (constants included),
     * each either of the signature's type (int arguments widened for double parameters) or of
     * type BECKON_TYPE_NULL: a rule may pass `null`, a parameter that is unset and has no
     * default, or an expression that is null. Check `args[i].type` before reading `args[i].as`
     * (a null's `as` is zero), and refuse a null you cannot use with INVALID_ARGUMENT and a
     * message naming the argument. `eval` reads the context. Put the result into
     * `result` (at most once; a type other than the declared result or null is an error). A
     * status other than OK makes the rule an error: the tip stays pending, the scenario does not
     * run, and `explain` shows the message. May run concurrently unless SERIALIZE is set.
     */
    beckon_status (*evaluate)(void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args,
                              size_t count, beckon_value_sink *result, beckon_error *error);
    /** Optional: releases what `bind` stored, when the compiled rule is dropped. Serialized. */
    void (*unbind)(void *plugin_state, void *call_state);
} beckon_condition;

/* ---------------------------------------------------------------------------------------------
 * Stores: where subjects' state lives
 *
 * The engine keeps, per subject, one versioned record (opaque bytes, a few hundred bytes) and,
 * per subject and event, a log of donations (a time and opaque info bytes each). Every decision
 * reads the record, decides, and commits the new record with compare-and-set on its version,
 * together with the log changes of the same operation, all or nothing. How this maps:
 *
 * - SQL (SQLite, PostgreSQL): a `records(subject, version, bytes)` table and a
 *   `donations(subject, event, time, seq, info)` table; commit is one transaction that runs
 *   `UPDATE records SET ... WHERE subject = $1 AND version = $expected` (or an INSERT when
 *   expected is 0, failing on a duplicate key), returns CONFLICT when no row matched, then
 *   applies the log changes; PostgreSQL needs no table lock, the row condition is the CAS.
 * - Redis: the record in a hash {version, bytes}, each log in a sorted set scored by time;
 *   commit is one Lua script (or WATCH/MULTI/EXEC on the record key) that compares the version,
 *   then ZADDs, trims by rank (ZREMRANGEBYRANK) and by score (ZREMRANGEBYSCORE).
 * - Memory: a mutex around a dictionary.
 *
 * Versions: 0 means "never stored". A successful commit stores `expected_version + 1`, or, from
 * a 1.3 host, exactly `version` when that is above 0 (a restore: see beckon_commit.version).
 *
 * A subject's data (1.3, optional): `list_subjects` pages through the stored subjects in the
 * byte order of their ids, and `erase_subject` removes every row a subject has; the host builds
 * export, import, erase, expiry and copying between stores on them, and refuses those for a
 * store without them. A 1.3 store keeps, with each subject, its last activity: the `now` of its
 * last commit (Unix ms, the host's clock), which both functions read. A store that offers them
 * must also honour beckon_commit.version: the host sends a version above 0 only to such a store.
 * Erasing deletes rows; where the storage keeps deleted bytes until it reuses the space (a
 * PostgreSQL table's dead tuples until (auto)vacuum, SQLite's free pages without secure_delete),
 * say so to your users and how to reclaim it (PostgreSQL: VACUUM).
 * ------------------------------------------------------------------------------------------- */

/** Store capabilities (shown by `beckon plugins`; the host checks none of them). */
#define BECKON_STORE_DURABLE 0x1u                 /**< An acknowledged commit survives a crash. */
#define BECKON_STORE_SHARED_ACROSS_PROCESSES 0x2u /**< Several processes on one host may share it. */
#define BECKON_STORE_SHARED_ACROSS_HOSTS 0x4u     /**< Several hosts may share it (a server). */
#define BECKON_STORE_TTL 0x8u                     /**< It expires idle subjects by itself. */

/** Store flags. */
#define BECKON_STORE_SERIALIZE 0x1u /**< Never run two operations of one open store at once. */

/** One donation to append in a commit. */
typedef struct beckon_donation_append {
    uint32_t struct_size;
    /** The event's id. */
    beckon_string event;
    /** When it was donated (Unix ms); logs are ordered by time, then by order of appending. */
    int64_t time;
    /** The info bytes to keep with it (may be empty); return them unchanged from read_log. */
    const uint8_t *info;
    size_t info_len;
    /**
     * Retention, applied to this event's log right after appending: keep at most `max_count`
     * most recent donations (the host guarantees `max_count` >= 1: a configuration's
     * `retention.maxCount` is an int >= 1, a restore sends INT64_MAX, and the host turns a
     * Swift caller's bound below 1 into a clear of that event; a store need not handle less),
     * and when `max_age` > 0 drop those older than
     * (the newest donation's time in the log - max_age). The newest in the log, not the one just
     * appended: a backdated donation already older than that is dropped at once, and never keeps
     * older ones alive. `max_age` <= 0 sets no age limit.
     */
    int64_t max_count;
    int64_t max_age;
} beckon_donation_append;

/** Everything one commit writes, all or nothing. */
typedef struct beckon_commit {
    uint32_t struct_size;
    /** The subject. */
    beckon_string subject;
    /** The version the engine read; store only if the stored version is still this. */
    int64_t expected_version;
    /** The new record's bytes; stored with version expected_version + 1 (or `version`, 1.3). */
    const uint8_t *record;
    size_t record_len;
    /** Apply first: remove every logged donation of the subject. */
    bool clears_all;
    /** Apply next: remove these events' logs. */
    const beckon_string *cleared_events;
    size_t cleared_event_count;
    /**
     * Apply last, in order: append each, then apply its retention. An array of pointers, like
     * every array of structs in this ABI, so that a later minor can grow the struct.
     */
    const beckon_donation_append *const *appends;
    size_t append_count;
    /**
     * The host's clock at the commit (Unix ms), for stores with TTL. A 1.3 store keeps it as the
     * subject's last activity (list_subjects, erase_subject).
     */
    int64_t now;

    /* --- 1.3 --- */

    /**
     * 0: an ordinary commit, stored at `expected_version + 1`. Above 0 (1.3): a restore of a
     * subject's whole state (an import, a copy from another store), stored at exactly this
     * version, which is above `expected_version`, with the same compare-and-set on
     * `expected_version`; the host then sets `clears_all` and sends every donation as an append
     * with `max_count` INT64_MAX and `max_age` 0, so the logs are exactly the appends. Read it
     * only when BECKON_HAS_FIELD(commit, beckon_commit, version) (a 1.0-1.2 host's commit has
     * none: 0). The host sends a value above 0 only to a store with list_subjects and
     * erase_subject.
     */
    int64_t version;
} beckon_commit;

/** Defined with the config problems below; a 1.2 store's check_options reports through it. */
struct beckon_config_problem_sink;

/** One store backend, selected with `store.backend: NAMESPACE.NAME`. Static data. */
typedef struct beckon_store {
    uint32_t struct_size;
    /** BECKON_STORE_ capability bits. */
    uint32_t capabilities;
    /** BECKON_STORE_ flags. */
    uint32_t flags;
    /** Required: the name after the namespace; [A-Za-z][A-Za-z0-9_-]*; NUL-terminated. */
    const char *name;
    /** Optional: one line for `beckon plugins`; NUL-terminated. */
    const char *summary;
    /**
     * Required: opens the store. `options_json` is the config's `store.options` as canonical
     * JSON (`null` when absent). Lifecycle call: serialized. On failure return UNAVAILABLE
     * (cannot reach it) or INVALID_ARGUMENT (bad options) with a message.
     */
    beckon_status (*open)(void *plugin_state, beckon_string options_json, void **store, beckon_error *error);
    /** Optional: closes what `open` returned; called once, serialized. */
    void (*close)(void *store);
    /**
     * Required: the subject's record. Put it into `sink` (number = version, bytes = record)
     * once; put nothing when the subject was never stored.
     */
    beckon_status (*load)(void *store, beckon_string subject, beckon_item_sink *sink, beckon_error *error);
    /**
     * Required: applies `commit` atomically. Return BECKON_CONFLICT, changing nothing, when the
     * stored version is not `commit->expected_version`. Any other failure must change nothing
     * either (UNAVAILABLE, TIMEOUT, INTERNAL with a message): the engine reports it and stops.
     */
    beckon_status (*commit)(void *store, const beckon_commit *commit, beckon_error *error);
    /**
     * Required: the logged donations of one event for one subject with time >= `since`, oldest
     * first (ties in the order appended): one `put` each (number = time, bytes = info).
     */
    beckon_status (*read_log)(void *store, beckon_string subject, beckon_string event, int64_t since,
                              beckon_item_sink *sink, beckon_error *error);

    /* --- 1.2 --- */

    /**
     * Optional (1.2): checks the store's options when the configuration loads, before any `open`
     * and without connecting anywhere: `beckon check` and every command then refuse bad options
     * with each problem at its YAML line and column. Same contract as beckon_plugin.check_config:
     * `options_json` is the config's `store.options` as canonical JSON (`null` when absent);
     * every problem goes through `problems->put`, at a value or at a key, its JSON pointer
     * relative to `store.options`; the options are refused when at least one problem was put, or
     * when the status is not OK (then the message in `error`, if any, is one more problem, at the
     * options as a whole). Called only when `store.backend` selects this store, after the
     * plugin's `init`, with that entry's `plugin_state`. A host reads it only when struct_size
     * covers it (a 1.0 or 1.1 store is never asked); `open` still receives the same options and
     * must still refuse bad ones. Lifecycle call: serialized.
     */
    beckon_status (*check_options)(void *plugin_state, beckon_string options_json,
                                   struct beckon_config_problem_sink *problems, beckon_error *error);

    /* --- 1.3 --- */

    /**
     * Optional (1.3): the stored subjects whose ids' UTF-8 bytes come strictly after `after`
     * (`after.ptr` NULL: from the first), in ascending order of those bytes (memcmp, the shorter
     * first on a tie: PostgreSQL's bytea and SQLite's BINARY order), at most `limit` (>= 1): one
     * `put` each, number = the subject's last activity (the `now` of its last commit, Unix ms),
     * bytes = its id. Fewer than `limit` means there are no more. A subject is stored from its
     * first commit until erase_subject removes it. The host pages with the last id it got as
     * `after`, so a page must be consistent in itself, not with the next one. Set it together
     * with erase_subject (and honour beckon_commit.version), or neither; a host reads both only
     * when struct_size covers them (BECKON_STORE_SIZE_1_3).
     */
    beckon_status (*list_subjects)(void *store, beckon_string after, int64_t limit, beckon_item_sink *sink,
                                   beckon_error *error);
    /**
     * Optional (1.3): erases every trace of the subject, its record and every log row, atomically,
     * when its last activity is before `active_before` (INT64_MAX: whenever it was). BECKON_OK
     * when it erased it; BECKON_CONFLICT, changing nothing, when there was nothing to erase: the
     * subject was never stored (or is already erased), or was active at or after `active_before`
     * (a commit may land just before). Afterwards the subject is new: load finds nothing, and a
     * commit at expected version 0 starts it again. Any other failure changes nothing either.
     */
    beckon_status (*erase_subject)(void *store, beckon_string subject, int64_t active_before, beckon_error *error);
} beckon_store;

/* ---------------------------------------------------------------------------------------------
 * Config problems (1.1): how check_config reports every problem of a config at once
 * ------------------------------------------------------------------------------------------- */

/** Where a config problem is shown (beckon_config_problem.target). */
#define BECKON_CONFIG_AT_VALUE 0u /**< At the value the pointer names ("/weekend/2": that item). */
#define BECKON_CONFIG_AT_KEY 1u   /**< At the key of the member the pointer names ("/weekends": that key). */

/** One problem of a plugin's config. Filled by the plugin, copied by the host in `put`. */
typedef struct beckon_config_problem {
    uint32_t struct_size;
    /**
     * BECKON_CONFIG_AT_VALUE or BECKON_CONFIG_AT_KEY. AT_KEY names an object member; when the
     * config has no such key, the host shows the problem at the value, else at the whole config.
     */
    uint32_t target;
    /**
     * An RFC 6901 JSON pointer into the config ("/holidays/2"); empty (len 0) means the config as
     * a whole. Not NUL-terminated; borrowed for the `put` call.
     */
    beckon_string json_pointer;
    /** Required: a sentence for a person, UTF-8; borrowed for the `put` call. */
    beckon_string message;

    /* --- 1.2 --- */

    /**
     * BECKON_CONFIG_PROBLEM_ flags (1.2). A host reads it only when struct_size covers it, so a
     * 1.1-sized problem has none. Unknown bits are ignored.
     */
    uint32_t flags;
} beckon_config_problem;

/**
 * The value at the problem's pointer is a secret (a password, a URL carrying one): the host
 * never shows its text. Wherever it quotes the source line (the excerpt under a diagnostic), the
 * value's characters are masked; the plugin's own message must not quote it either.
 */
#define BECKON_CONFIG_PROBLEM_SECRET 0x1u

/** Receives the problems check_config finds. */
typedef struct beckon_config_problem_sink {
    uint32_t struct_size;
    /** The host's; do not touch. */
    void *host_data;
    /**
     * Required. Hands one problem to the host, which copies it before returning. Call it once per
     * problem, in the order they should be read. Returns BECKON_OK, or BECKON_INVALID_ARGUMENT
     * for a problem that is not well formed (no message, bad UTF-8, an unknown target); the host
     * then reports that instead.
     */
    beckon_status (*put)(struct beckon_config_problem_sink *sink, const beckon_config_problem *problem);
} beckon_config_problem_sink;

/* ---------------------------------------------------------------------------------------------
 * The plugin descriptor and the entry point
 * ------------------------------------------------------------------------------------------- */

/** Plugin flags. */
#define BECKON_PLUGIN_SERIALIZE 0x1u /**< Never run two calls into this plugin at once. */

/** What a plugin is and offers. Static data, returned by the entry; the host keeps pointers. */
typedef struct beckon_plugin {
    uint32_t struct_size;
    /** BECKON_PLUGIN_ABI_MAJOR. */
    uint32_t abi_major;
    /** BECKON_PLUGIN_ABI_MINOR of the header it was compiled with. */
    uint32_t abi_minor;
    /** The lowest host minor it works with (usually 0); a host with an older minor refuses it. */
    uint32_t min_host_minor;
    /** BECKON_PLUGIN_ flags. */
    uint32_t flags;
    /**
     * Required: its name and default namespace, which rules write before each condition
     * (NAMESPACE.NAME) and `store.backend` before each store; NUL-terminated. As the namespace it
     * must be a name rules can write: [A-Za-z][A-Za-z0-9_]*, and not a word rules reserve (true,
     * false, null, in, now, subject, app, params, events, tips, scenarios, info). ABI 1.0 also
     * allowed '-' ([A-Za-z][A-Za-z0-9_-]*): such a plugin is refused unless the configuration
     * gives it a namespace with `as:`, and the refusal says so.
     */
    const char *name;
    /** Required: its own version ("1.4.0"); NUL-terminated. */
    const char *version;
    /** Optional: one line for `beckon plugins`; NUL-terminated. */
    const char *summary;
    /**
     * Optional: checks the config before anything else runs. `config_json` is the YAML
     * `config:` subtree as canonical JSON (`null` when absent). On a problem return
     * INVALID_ARGUMENT with a message and, with beckon_error_set_pointer, the JSON pointer
     * of the offending value: the host shows it at that line and column. One problem only:
     * see `check_config` (1.1) for all of them, and for problems at a key. A 1.1 host calls
     * this only when the plugin has no `check_config`. Serialized.
     */
    beckon_status (*validate_config)(beckon_string config_json, beckon_error *error);
    /**
     * Optional: sets the plugin up with its config (canonical JSON). Whatever it stores in
     * `*plugin_state` is passed to every later call. Called once per `plugins:` entry, after
     * validation, serialized: one file listed twice (under two `as:` namespaces, each with its
     * own `config:`) is initialized twice, and each entry's conditions and stores get that
     * entry's own `plugin_state`. Keep state there, not in globals. A status other than OK stops
     * loading that entry with the message.
     */
    beckon_status (*init)(const beckon_host *host, beckon_string config_json, void **plugin_state, beckon_error *error);
    /**
     * Optional: releases one `init`'s state. Called once per successful `init`, with the state
     * that `init` returned, once nothing uses it any more (at exit, entries in reverse order).
     */
    void (*shutdown)(void *plugin_state);
    /** Its conditions: `condition_count` pointers (the array may be NULL when the count is 0). */
    const beckon_condition *const *conditions;
    size_t condition_count;
    /** Its store backends: `store_count` pointers (the array may be NULL when the count is 0). */
    const beckon_store *const *stores;
    size_t store_count;

    /* --- 1.1 --- */

    /**
     * Optional (1.1): checks the config like validate_config, but reports every problem through
     * `problems->put`, each at a value or at a key (an unknown key is shown at the key itself).
     * The config is refused when at least one problem was put, or when the status is not OK (then
     * the message in `error`, if any, is one more problem, at the config as a whole). A 1.1 host
     * calls it instead of validate_config; a 1.0 host never reads it, so a plugin that must also
     * run on 1.0 hosts keeps a validate_config (reporting the first problem) as well. Serialized.
     */
    beckon_status (*check_config)(beckon_string config_json, beckon_config_problem_sink *problems, beckon_error *error);
} beckon_plugin;

/** The size of each struct as ABI 1.0 defined it: the host refuses anything smaller. */
#define BECKON_PLUGIN_SIZE_1_0 (offsetof(beckon_plugin, store_count) + sizeof(size_t))
/** The size of beckon_plugin with the 1.1 additions (check_config). */
#define BECKON_PLUGIN_SIZE_1_1 (offsetof(beckon_plugin, check_config) + sizeof(void (*)(void)))
#define BECKON_CONDITION_SIZE_1_0 (offsetof(beckon_condition, unbind) + sizeof(void (*)(void)))
#define BECKON_STORE_SIZE_1_0 (offsetof(beckon_store, read_log) + sizeof(void (*)(void)))
/** The size of beckon_store with the 1.2 additions (check_options). */
#define BECKON_STORE_SIZE_1_2 (offsetof(beckon_store, check_options) + sizeof(void (*)(void)))
/** The size of beckon_store with the 1.3 additions (list_subjects, erase_subject). */
#define BECKON_STORE_SIZE_1_3 (offsetof(beckon_store, erase_subject) + sizeof(void (*)(void)))
/** The size of beckon_commit as 1.0 defined it (ending at `now`), and with the 1.3 `version`. */
#define BECKON_COMMIT_SIZE_1_0 (offsetof(beckon_commit, now) + sizeof(int64_t))
#define BECKON_COMMIT_SIZE_1_3 (offsetof(beckon_commit, version) + sizeof(int64_t))
/** The size of beckon_config_problem as 1.1 defined it (without flags), and with the 1.2 flags. */
#define BECKON_CONFIG_PROBLEM_SIZE_1_1 (offsetof(beckon_config_problem, message) + sizeof(beckon_string))
#define BECKON_CONFIG_PROBLEM_SIZE_1_2 (offsetof(beckon_config_problem, flags) + sizeof(uint32_t))

/**
 * The one symbol a plugin exports. Called once, from one thread, before anything else; `host`
 * is valid until the process ends. Return a pointer to the static descriptor, or NULL after
 * logging why (host->log). Define it as:
 *
 *     BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
 *         return &my_plugin;
 *     }
 */
typedef const beckon_plugin *(*beckon_plugin_entry_fn)(const beckon_host *host);
#define BECKON_PLUGIN_ENTRY_SYMBOL "beckon_plugin_entry_v1"

#ifdef __cplusplus
}
#endif

#endif /* BECKON_PLUGIN_H */
