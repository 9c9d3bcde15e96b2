/*
 * A C host of the request's locale (ABI 1.4), built with plain cc: opens CONFIG on the memory
 * store and prints beckon_tip_status's JSON answer for TIP, one line per LOCALE argument, each
 * asked at NOW for the subject "ada":
 *
 *     locale_host CONFIG TIP NOW LOCALE...
 *
 * A LOCALE of "-" asks with a 1.3 host's request (struct_size up to typed_transient_count, and
 * "de" in the bytes after it, which the library must not read); any other text is put in
 * `locale` as it is ("" included).
 * A call that fails prints "error STATUS MESSAGE" on its line instead; the exit is 0 when every
 * call ran, 1 when the engine could not be opened.
 */
#include "host_support.h"

#include <stddef.h>

/* Each answer is printed as it arrives, followed by a newline. */
static void print_answer(void *context, const char *json, size_t len) {
    (void)context;
    fwrite(json, 1, len, stdout);
    fputc('\n', stdout);
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: locale_host CONFIG TIP NOW LOCALE...\n");
        return 2;
    }
    beckon_error error = empty_error();
    beckon_sink answer = {sizeof answer, NULL, print_answer};
    beckon_engine *engine = NULL;
    if (beckon_open_path(text(argv[1]), BECKON_STORE_MEMORY, &engine, NULL, &error) != BECKON_OK) {
        fprintf(stderr, "open: %s\n", error.message);
        return 1;
    }
    for (int index = 4; index < argc; index++) {
        beckon_request request = request_for("ada", strtoll(argv[3], NULL, 10));
        if (strcmp(argv[index], "-") == 0) {
            /* A 1.3 host's request; the bytes after it say German, which must not be read. */
            request.struct_size = offsetof(beckon_request, locale);
            request.locale = text("de");
        } else {
            request.locale = text(argv[index]);
        }
        beckon_status status = beckon_tip_status(engine, &request, text(argv[2]), &answer, &error);
        if (status != BECKON_OK) printf("error %d %s\n", (int)status, error.message);
        fflush(stdout);
    }
    beckon_close(engine);
    return 0;
}
