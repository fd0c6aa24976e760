/**
 * @file decimal_to_double.h
 * @brief Correctly rounded decimal -> double for the literals requests are made of, in 64- and
 *        128-bit integer arithmetic only.
 *
 * Why it exists: the WebAssembly C library (musl) converts every literal through 128-bit
 * `long double`, which WebAssembly computes in software; a request of 20,000 probabilities spent
 * 45 ms of its 55 ms in strtod (issue 29, point 8). The module's strtod tries this conversion
 * first and calls the C library's for anything it declines (wasm/strtod_first_exact.cpp).
 */
#pragma once
#include <optional>

namespace privlab::json_parse {

/**
 * Converts the decimal literal at the start of `text`, `[+-]digits[.digits][(e|E)[+-]digits]`,
 * rounded to nearest with ties to even, exactly as a correctly rounded strtod does, and sets
 * `*end` after it. Declines (nullopt, `*end` untouched) anything else strtod would read:
 * leading blanks, a leading '.', hexadecimal, inf and nan, a dangling exponent, a literal
 * followed by a letter or '.', more than 19 significant digits that are not zeros, and the
 * literal w * 10^e (w: the significant digits as an integer) with e < -27 or w * 10^e >= 2^128.
 * Inside that domain the result is exact: w * 10^e with w < 2^64 is formed as a 128-bit
 * product, or w * 2^(64+z) / 5^k as a 128-bit quotient whose remainder decides ties.
 */
std::optional<double> decimal_to_double(const char* text, const char** end) noexcept;

}  // namespace privlab::json_parse
