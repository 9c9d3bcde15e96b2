// A plain C view of ICU's MessageFormat with named arguments, for BeckonContent.
//
// ICU's C API (umsg_*) takes only numbered, variadic arguments, which Swift cannot pass; this
// shim compiles a pattern once into a handle and formats it with an array of values.
#ifndef BECKON_ICU_H
#define BECKON_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled message: an icu::MessageFormat for one pattern and one locale.
typedef struct beckon_icu_message beckon_icu_message;

/// The kinds of argument values.
enum {
    BECKON_ICU_INT = 0,
    BECKON_ICU_DOUBLE = 1,
    BECKON_ICU_STRING = 2,
};

/// One argument's value; `text` (UTF-8, `length` bytes) for strings.
typedef struct {
    int32_t kind;
    int64_t integer;
    double number;
    const char *text;
    int32_t length;
} beckon_icu_argument;

/// What went wrong compiling a pattern.
typedef struct {
    /// ICU's error code name, e.g. `U_PATTERN_SYNTAX_ERROR`.
    const char *name;
    /// The error's offset in the pattern in UTF-16 code units, or -1 when ICU gave none.
    int32_t offset;
} beckon_icu_error;

/// Compiles `pattern` (UTF-8, `length` bytes) for the BCP 47 tag `locale`; its arguments are
/// named `a0`, `a1`… up to `argument_count`. NULL on failure, with `error` filled in.
beckon_icu_message *beckon_icu_message_open(const char *pattern, int32_t length, const char *locale,
                                            int32_t argument_count, beckon_icu_error *error);

/// Frees a message.
void beckon_icu_message_close(beckon_icu_message *message);

/// Formats with `arguments[i]` as `a<i>` (exactly `argument_count` of them) into `out`
/// (UTF-8, not NUL-terminated). Returns the length in bytes the text needs (more than
/// `capacity` means nothing usable was written: call again with enough room), or -1 on error.
/// Not safe to call on one message from two threads at once: ICU makes sub-formatters lazily.
int32_t beckon_icu_message_format(const beckon_icu_message *message, const beckon_icu_argument *arguments,
                                  char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
