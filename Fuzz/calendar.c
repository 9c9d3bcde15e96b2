/*
 * libFuzzer targets for the calendar plugin's readers of outside bytes, built by run.sh with
 * AddressSanitizer and UndefinedBehaviorSanitizer. One of them per build:
 *
 *   -DFUZZ_CONFIG  the plugin's config JSON (cal_config_read), every problem reported to a sink
 *                  or the first into an error, as check_config and validate_config do; the
 *                  first byte chooses which.
 *   -DFUZZ_TZIF    a TZif file (cal_zone_parse_tzif), then the offset at instants across the
 *                  range the conditions ask about (Unix milliseconds as seconds).
 *
 * Each input is copied into a buffer of exactly its size, so a read past its end is caught.
 */
#include "../Plugins/calendar/calendar.h"

#include <stdlib.h>
#include <string.h>

#if defined(FUZZ_CONFIG)

/* Reads every byte of each problem, so that a span past its buffer is caught. */
static beckon_status read_problem(beckon_config_problem_sink *sink, const beckon_config_problem *problem) {
    (void)sink;
    if (problem->message.len == 0) abort(); /* the ABI requires a message */
    volatile unsigned char seen = 0;
    for (size_t i = 0; i < problem->json_pointer.len; i++) seen ^= (unsigned char)problem->json_pointer.ptr[i];
    for (size_t i = 0; i < problem->message.len; i++) seen ^= (unsigned char)problem->message.ptr[i];
    return BECKON_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const size_t length = size - 1;
    char *text = malloc(length > 0 ? length : 1);
    if (text == NULL) return 0;
    memcpy(text, data + 1, length);

    cal_config config;
    memset(&config, 0, sizeof config);
    beckon_error error = {.struct_size = sizeof error};
    beckon_config_problem_sink sink = {.struct_size = sizeof sink, .put = read_problem};
    cal_report report = {.problems = (data[0] & 1) ? &sink : NULL, .error = &error};
    if (cal_config_read((beckon_string){.ptr = text, .len = length}, &config, &report) == BECKON_OK) {
        for (int64_t day = -3000; day <= 3000; day += 600) (void)cal_config_is_holiday(&config, day);
        cal_config_free(&config);
    }
    free(text);
    return 0;
}

#elif defined(FUZZ_TZIF)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *bytes = malloc(size > 0 ? size : 1);
    if (bytes == NULL) return 0;
    memcpy(bytes, data, size);

    cal_zone zone;
    memset(&zone, 0, sizeof zone);
    const char *reason = NULL;
    if (cal_zone_parse_tzif(bytes, size, &zone, &reason)) {
        static const int64_t instants[] = {
            INT64_MIN / 1000, INT64_MIN / 2000, -62135596800, -1, 0, 1, 1800000000, 4102444800, 253402300799,
            INT64_MAX / 2000, INT64_MAX / 1000,
        };
        for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++) (void)cal_zone_offset(&zone, instants[i]);
        cal_zone_free(&zone);
    }
    free(bytes);
    return 0;
}

#else
#error "build with -DFUZZ_CONFIG or -DFUZZ_TZIF (see run.sh)"
#endif
