/**
 * @file decimal_to_double.cpp
 * @brief The literal w * 10^e (w: up to 19 significant digits) as a 128-bit integer times a power
 *        of two, rounded once to 53 bits.
 */
#include "json/decimal_to_double.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace privlab::json_parse {

namespace {
using u64 = std::uint64_t;
using u128 = unsigned __int128;

constexpr int kMaxDigits = 19;         // 10^19 - 1 < 2^64
constexpr long kMaxTenExponent = 19;   // 10^19 < 2^64, so w * 10^e < 2^128
constexpr long kMaxFiveExponent = 27;  // 5^27 < 2^63, so a 2^127-scale dividend keeps >= 65 bits
constexpr long kExponentCap = 100000;  // beyond any double; stops the exponent's digits overflowing

constexpr u64 power(u64 base, long n) {
  u64 r = 1;
  while (n-- > 0) r *= base;
  return r;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// A character strtod could read as part of the literal (hex digits, "0x", '.', digits).
bool continues_literal(char c) {
  const char lower = static_cast<char>(c | 0x20);
  return is_digit(c) || c == '.' || (lower >= 'a' && lower <= 'z');
}

int bit_length(u128 m) {
  const auto high = static_cast<u64>(m >> 64);
  return high != 0 ? 128 - std::countl_zero(high) : 64 - std::countl_zero(static_cast<u64>(m));
}

/**
 * m * 2^e rounded to 53 bits, ties to even; `above` says the exact value lies strictly between
 * m * 2^e and (m + 1) * 2^e (a division left a remainder). Callers keep m * 2^e normal.
 */
double round_to_double(u128 m, long e, bool above) {
  const int shift = bit_length(m) - 53;
  if (shift <= 0) return std::ldexp(static_cast<double>(static_cast<u64>(m)), static_cast<int>(e));
  auto kept = static_cast<u64>(m >> shift);
  const u128 rest = m & ((u128{1} << shift) - 1);
  const u128 half = u128{1} << (shift - 1);
  if (rest > half || (rest == half && (above || (kept & 1) != 0))) ++kept;  // 2^53 stays exact
  return std::ldexp(static_cast<double>(kept), static_cast<int>(e + shift));
}
}  // namespace

std::optional<double> decimal_to_double(const char* text, const char** end) noexcept {
  const char* p = text;
  const bool negative = *p == '-';
  if (*p == '-' || *p == '+') ++p;
  if (!is_digit(*p)) return std::nullopt;

  u64 w = 0;          // the significant digits read so far
  int digits = 0;     // how many (leading zeros do not count)
  long exponent = 0;  // value = w * 10^exponent
  auto take = [&](char c, bool fraction) {
    if (digits == 0 && c == '0') {
      if (fraction) --exponent;
      return true;
    }
    if (digits < kMaxDigits) {
      w = w * 10 + static_cast<u64>(c - '0');
      ++digits;
      if (fraction) --exponent;
      return true;
    }
    if (!fraction) ++exponent;  // a digit beyond the 19th is dropped: exact only when it is 0
    return c == '0';
  };
  for (; is_digit(*p); ++p)
    if (!take(*p, false)) return std::nullopt;
  if (*p == '.') {
    ++p;
    if (!is_digit(*p)) return std::nullopt;  // "1." and "1.e5": strtod's business
    for (; is_digit(*p); ++p)
      if (!take(*p, true)) return std::nullopt;
  }
  if (*p == 'e' || *p == 'E') {
    const char* q = p + 1;
    const bool exponent_negative = *q == '-';
    if (*q == '-' || *q == '+') ++q;
    if (!is_digit(*q)) return std::nullopt;
    long written = 0;
    for (; is_digit(*q); ++q)
      if (written < kExponentCap) written = written * 10 + (*q - '0');
    exponent += exponent_negative ? -written : written;
    p = q;
  }
  if (continues_literal(*p)) return std::nullopt;

  double magnitude = 0.0;
  if (w != 0) {
    while (exponent > kMaxTenExponent && w <= UINT64_MAX / 10) {  // 1e20 is 10 * 10^19
      w *= 10;
      --exponent;
    }
    if (exponent >= 0) {
      if (exponent > kMaxTenExponent) return std::nullopt;
      magnitude = round_to_double(u128{w} * power(10, exponent), 0, false);
    } else {
      if (-exponent > kMaxFiveExponent) return std::nullopt;
      // w * 10^-k = (w * 2^(64+z) / 5^k) * 2^(-64-z-k), z aligning w's top bit with bit 63.
      const u64 five = power(5, -exponent);
      const int z = std::countl_zero(w);
      const u128 dividend = u128{w << z} << 64;
      const u128 quotient = dividend / five;
      magnitude = round_to_double(quotient, -64 - z + exponent, dividend - quotient * five != 0);
    }
  }
  *end = p;
  return negative ? -magnitude : magnitude;
}

}  // namespace privlab::json_parse
