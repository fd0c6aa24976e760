/**
 * @file json_write.h
 * @brief Writing numbers and matrices into responses (CLI contract conventions).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/linalg.h"

namespace privlab::json_write {

/// A real number; +infinity is written as the string "Infinity" (contract: x/0 ratios), NaN
/// (which the contract does not know) as null.
nlohmann::json real(double value);

/// A matrix as an array of rows.
nlohmann::json matrix(const Matrix& m);

/// A vector as an array.
nlohmann::json vector(const Vector& v);

}  // namespace privlab::json_write
