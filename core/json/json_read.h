/**
 * @file json_read.h
 * @brief Reading request fields with validation that names the offending field (JSON pointer).
 */
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/field_path.h"
#include "common/linalg.h"

namespace privlab::json_read {

using Json = nlohmann::json;

/// At most max_bytes of a UTF-8 string, cut at a character boundary ("..." marks a cut), so a
/// message quoting user text stays valid UTF-8.
std::string excerpt(const std::string& text, std::size_t max_bytes);

/// A short description of a value for messages: scalars as written (strings via excerpt),
/// arrays and objects by their size only (never dumped: they may nest deeply or be huge).
std::string describe(const Json& value);

/// "/a/b" + "c" -> "/a/b/c" (escapes ~ and / per RFC 6901): common/field_path.h.
using field_path::child;

/// A required finite number in [lo, hi].
double number(const Json& obj, const std::string& key, const std::string& path, double lo, double hi);
/// An optional finite number in [lo, hi]; `fallback` when the key is absent.
double number_or(const Json& obj, const std::string& key, const std::string& path, double lo, double hi,
                 double fallback);
/// A required positive integer no larger than hi.
long long positive_integer(const Json& obj, const std::string& key, const std::string& path, long long hi);
/// A required string that is one of `allowed`.
std::string one_of(const Json& obj, const std::string& key, const std::string& path,
                   const std::vector<std::string>& allowed);
/// A non-empty rectangular matrix of finite numbers, at most max_rows x max_cols.
Matrix matrix(const Json& value, const std::string& path, long max_rows, long max_cols);
/// A non-empty vector of finite numbers, at most max_size long.
Vector vector(const Json& value, const std::string& path, long max_size);
/// A required member (bad_request "missing_field" when absent).
const Json& member(const Json& obj, const std::string& key, const std::string& path);

}  // namespace privlab::json_read
