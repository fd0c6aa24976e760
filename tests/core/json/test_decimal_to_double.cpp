// Tests of core/json/decimal_to_double.cpp against the native C library's strtod, which glibc
// rounds correctly: every literal the conversion accepts must give strtod's bits and stop where
// strtod stops; every one it declines is one strtod still reads (the module then calls it).
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "json/decimal_to_double.h"

using privlab::json_parse::decimal_to_double;

namespace {
/// Converts `text` both ways; returns whether decimal_to_double accepted it (and checks it).
bool agrees_with_strtod(const std::string& text) {
  const char* end = nullptr;
  const auto ours = decimal_to_double(text.c_str(), &end);
  if (!ours) return false;
  char* strtod_end = nullptr;
  const double reference = std::strtod(text.c_str(), &strtod_end);
  INFO(text);
  CHECK(std::bit_cast<std::uint64_t>(*ours) == std::bit_cast<std::uint64_t>(reference));
  CHECK(end == strtod_end);
  return true;
}

std::string printed(const char* format, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}
}  // namespace

TEST_CASE("decimal_to_double: doubles printed with 1 to 19 significant digits convert as strtod does") {
  std::mt19937_64 rng(20261127);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> decade(-25, 18);
  int accepted = 0;      // of the literals of at least 1e-10 with at most 17 significant digits
  int request_like = 0;  // (what requests carry: the exact path must take every one)
  struct Form {
    const char* format;
    bool up_to_17_digits;
  };
  for (int i = 0; i < 40000; ++i) {
    const double x = unit(rng) * std::pow(10.0, decade(rng));
    for (const Form form : {Form{"%.17g", true}, Form{"%.16g", true}, Form{"%.15g", true}, Form{"%.6g", true},
                            Form{"%.1g", true}, Form{"%.18e", false}, Form{"%.19g", false}, Form{"%.12f", false}}) {
      const bool counted = form.up_to_17_digits && x >= 1e-10;
      const bool took = agrees_with_strtod(printed(form.format, i % 2 != 0 ? -x : x));
      request_like += counted ? 1 : 0;
      accepted += counted && took ? 1 : 0;
    }
  }
  CHECK(accepted == request_like);
}

TEST_CASE("decimal_to_double: random digit strings, including leading and trailing zeros") {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> length(1, 22);
  std::uniform_int_distribution<int> exponent(-40, 40);
  int accepted = 0;
  for (int i = 0; i < 100000; ++i) {
    std::string text = i % 3 == 0 ? "-" : "";
    const int before = length(rng) % 8;
    for (int k = 0; k < std::max(1, before); ++k) text += static_cast<char>('0' + digit(rng));
    if (i % 2 == 0) {
      text += '.';
      if (i % 4 == 0) text += "000000";
      for (int k = length(rng); k > 0; --k) text += static_cast<char>('0' + digit(rng));
      if (i % 8 == 0) text += "0000000000000";
    }
    if (i % 5 != 0) text += (i % 2 != 0 ? "e" : "E") + std::to_string(exponent(rng));
    accepted += agrees_with_strtod(text) ? 1 : 0;
  }
  CHECK(accepted > 50000);
}

TEST_CASE("decimal_to_double: ties round to even, and a remainder breaks a tie upwards") {
  // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: even is 2^53. 2^53 + 3: even is 2^53 + 4.
  for (const char* text :
       {"9007199254740993", "9007199254740995", "90071992547409930e-1", "900719925474099300000e-5", "18014398509481986",
        "18014398509481990", "9007199254740993.0000000001", "9007199254740992.9999", "4503599627370496.5",
        "4503599627370497.5", "1.00000000000000011102230246251565", "0.1", "0.30000000000000004",
        "2.2250738585072014e-20", "1e-27", "1e19", "18446744073709551615", "1844674407370955161500",
        "340282366920938463463374607431768211455"}) {
    INFO(text);
    const char* end = nullptr;
    if (decimal_to_double(text, &end)) CHECK(agrees_with_strtod(text));
  }
  CHECK(agrees_with_strtod("9007199254740993"));
  CHECK(agrees_with_strtod("90071992547409930e-1"));
  CHECK(agrees_with_strtod("9007199254740993.0000000001") == false);  // 20 significant digits
  CHECK(agrees_with_strtod("-0.0"));
  const char* end = nullptr;
  CHECK(std::signbit(*decimal_to_double("-0.0", &end)));
}

TEST_CASE("decimal_to_double: what it declines is left to strtod, and the end pointer is strtod's") {
  for (const char* text : {"",      "-",      ".5",      " 1",
                           "+.5",   "inf",    "nan",     "0x1p3",
                           "1e",    "1e+",    "1.",      "1.e3",
                           "1e400", "1e-400", "1.5e-28", "12345678901234567891",
                           "1f",    "2.5.3",  "1e5x",    "1.0e1000000000000"}) {
    INFO(text);
    const char* end = text;
    CHECK_FALSE(decimal_to_double(text, &end).has_value());
    CHECK(end == text);
  }
  for (const char* text : {"1,2", "0.5]", "3e2}", "7 ", "-2.5e-3,", "123456789012345678900000"})
    CHECK(agrees_with_strtod(text));
}
