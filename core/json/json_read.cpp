/**
 * @file json_read.cpp
 * @brief Validated field readers: every rejection names the field by its JSON pointer.
 */
#include "json/json_read.h"

#include <cmath>
#include <sstream>

#include "common/error.h"

namespace privlab::json_read {

namespace {

/// The number `v` holds; `path_of()` names it in a refusal and is called only then (a 256 x 64
/// table would otherwise build 16,384 pointers that nobody reads).
template <class PathOf>
double finite_number(const Json& v, const PathOf& path_of) {
  if (!v.is_number()) bad_request("not_a_number", path_of(), "expected a number, got " + describe(v));
  const double x = v.get<double>();
  if (!std::isfinite(x)) bad_request("not_finite", path_of(), "expected a finite number");
  return x;
}

double finite_number(const Json& v, const std::string& path) {
  return finite_number(v, [&path] { return path; });
}
}  // namespace

std::string excerpt(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes > 3 ? max_bytes - 3 : 0;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // continuation byte
  return text.substr(0, cut) + "...";
}

std::string describe(const Json& v) {
  if (v.is_array()) return "an array of " + std::to_string(v.size()) + " entries";
  if (v.is_object()) return "an object with " + std::to_string(v.size()) + " members";
  if (v.is_string()) return "\"" + excerpt(v.get<std::string>(), 40) + "\"";
  return excerpt(v.dump(), 40);
}

const Json& member(const Json& obj, const std::string& key, const std::string& path) {
  if (!obj.is_object() || !obj.contains(key))
    bad_request("missing_field", child(path, key), "the field '" + key + "' is required");
  return obj.at(key);
}

double number(const Json& obj, const std::string& key, const std::string& path, double lo, double hi) {
  const std::string where = child(path, key);
  const double x = finite_number(member(obj, key, path), where);
  if (x < lo || x > hi) {
    std::ostringstream msg;
    msg << "'" << key << "' must lie in [" << lo << ", " << hi << "], got " << x;
    bad_request("out_of_range", where, msg.str());
  }
  return x;
}

double number_or(const Json& obj, const std::string& key, const std::string& path, double lo, double hi,
                 double fallback) {
  if (!obj.contains(key)) return fallback;
  return number(obj, key, path, lo, hi);
}

long long positive_integer(const Json& obj, const std::string& key, const std::string& path, long long hi) {
  const std::string where = child(path, key);
  const Json& v = member(obj, key, path);
  const double x = finite_number(v, where);
  if (x != std::floor(x) || x < 1 || x > static_cast<double>(hi))
    bad_request("out_of_range", where, "'" + key + "' must be a whole number from 1 to " + std::to_string(hi));
  return static_cast<long long>(x);
}

std::string one_of(const Json& obj, const std::string& key, const std::string& path,
                   const std::vector<std::string>& allowed) {
  const std::string where = child(path, key);
  const Json& v = member(obj, key, path);
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  if (!v.is_string()) bad_request("not_a_string", where, "expected one of: " + list);
  const auto s = v.get<std::string>();
  for (const auto& a : allowed)
    if (s == a) return s;
  bad_request("unknown_value", where, "'" + excerpt(s, 40) + "' is not one of: " + list);
}

Matrix matrix(const Json& value, const std::string& path, long max_rows, long max_cols) {
  if (!value.is_array() || value.empty()) bad_request("not_a_matrix", path, "expected a non-empty array of rows");
  const long rows = static_cast<long>(value.size());
  if (rows > max_rows)
    bad_request("too_large", path, std::to_string(rows) + " rows; at most " + std::to_string(max_rows) + " allowed");
  long cols = -1;
  for (long r = 0; r < rows; ++r) {
    const Json& row = value[r];
    if (!row.is_array() || row.empty()) bad_request("not_a_matrix", child(path, r), "expected a non-empty row");
    if (cols < 0) cols = static_cast<long>(row.size());
    if (static_cast<long>(row.size()) != cols)
      bad_request("ragged_matrix", child(path, r),
                  "row has " + std::to_string(row.size()) + " entries, row 0 has " + std::to_string(cols));
  }
  if (cols > max_cols)
    bad_request("too_large", path, std::to_string(cols) + " columns; at most " + std::to_string(max_cols) + " allowed");
  Matrix m(rows, cols);
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) m(r, c) = finite_number(value[r][c], [&] { return child(child(path, r), c); });
  return m;
}

Vector vector(const Json& value, const std::string& path, long max_size) {
  if (!value.is_array() || value.empty()) bad_request("not_a_vector", path, "expected a non-empty array");
  const long n = static_cast<long>(value.size());
  if (n > max_size)
    bad_request("too_large", path, std::to_string(n) + " entries; at most " + std::to_string(max_size) + " allowed");
  Vector v(n);
  for (long i = 0; i < n; ++i) v(i) = finite_number(value[i], [&] { return child(path, i); });
  return v;
}

}  // namespace privlab::json_read
