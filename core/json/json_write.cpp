/**
 * @file json_write.cpp
 * @brief Response encoders.
 */
#include "json/json_write.h"

#include <cmath>

namespace privlab::json_write {

nlohmann::json real(double value) {
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (std::isnan(value)) return nullptr;  // the contract has no NaN; callers note what null means
  return value;
}

nlohmann::json matrix(const Matrix& m) {
  nlohmann::json rows = nlohmann::json::array();
  for (long r = 0; r < m.rows(); ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (long c = 0; c < m.cols(); ++c) row.push_back(m(r, c));
    rows.push_back(std::move(row));
  }
  return rows;
}

nlohmann::json vector(const Vector& v) {
  nlohmann::json out = nlohmann::json::array();
  for (double x : v) out.push_back(x);
  return out;
}

}  // namespace privlab::json_write
