// The module's strtod (linked with -Wl,--wrap=strtod, cmake/wasm.cmake): the exact integer
// conversion of core/json/decimal_to_double.h first, the C library's for what it declines. musl
// reads only '.' as the decimal point in every locale, as decimal_to_double does.
#include "json/decimal_to_double.h"

extern "C" double __real_strtod(const char* text, char** end);

extern "C" double __wrap_strtod(const char* text, char** end) {
  const char* stop = text;
  if (const auto value = privlab::json_parse::decimal_to_double(text, &stop)) {
    if (end != nullptr) *end = const_cast<char*>(stop);
    return *value;
  }
  return __real_strtod(text, end);
}
