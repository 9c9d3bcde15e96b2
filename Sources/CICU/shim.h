// The system ICU, through pkg-config `icu-i18n` (Debian: libicu-dev). Only the C++ shim
// CBeckonICU uses it, for its headers and its libraries; no Swift module imports it.
#include <unicode/utypes.h>
