/**
 * @file arguments.h
 * @brief The one validation layer under both doors (the JSON readers and the typed API): checks
 *        of a function's arguments that name the argument and the cell by its JSON pointer
 *        ("/joint/0/1" is joint[0][1]), with the codes of docs/api.md. No JSON.
 *
 * Every public typed function (the headers in core/include/privlab/) runs these on its
 * arguments before any computation; the JSON readers call the same functions
 * (evaluate/evaluated_mechanism.cpp, model/joint.cpp), so both doors refuse the same input with
 * the same code.
 */
#pragma once
#include <string>

#include "common/error.h"
#include "common/linalg.h"

namespace privlab::arguments {

/// |sum_y Q(y,x) - 1| allowed in a mechanism's column (audit/audit.h uses the same value).
constexpr double kColumnTolerance = 1e-9;
/// |sum_i p_i - 1| allowed in a probability vector (as for a joint table, model/joint.h).
constexpr double kSumTolerance = 1e-6;

/// The largest epsilon the rldp, funnel and game families accept (rldp-mse takes [0.001, 20]).
constexpr double kMaxEpsilon = 50;

/// "/joint" + (0, 1) -> "/joint/0/1".
std::string cell(const std::string& path, long row, long col);

/// Refuses an empty matrix / vector ("not_a_matrix" / "not_a_vector" at path).
void non_empty(const Matrix& m, const std::string& path);
void non_empty(const Vector& v, const std::string& path);
/// Refuses NaN or +-infinity ("not_finite" at the cell).
void finite(const Matrix& m, const std::string& path);
void finite(const Vector& v, const std::string& path);
/// Refuses a negative entry (`code` at the cell; "negative_probability" by default).
void non_negative(const Matrix& m, const std::string& path, const std::string& code = "negative_probability");
void non_negative(const Vector& v, const std::string& path, const std::string& code = "negative_probability");
/// A number in [lo, hi] ("not_finite" / "out_of_range" at path).
void in_range(double x, const std::string& path, double lo, double hi);

/// Columns of a mechanism q [output][input]: non-negative ("negative_probability" at the cell)
/// and each summing to 1 within kColumnTolerance ("column_not_distribution" at path/0/col).
/// Finite entries are assumed (call finite() first; mechanism() does both).
void stochastic_columns(const Matrix& q, const std::string& path);
/// The entries a measurement reads: non-empty, finite, none below -kColumnTolerance (the slack
/// the audit allows a solver's output). Columns are not required to sum to 1.
void measurable(const Matrix& q, const std::string& path);
/// A mechanism q [output][input]: non-empty, finite, then stochastic_columns.
void mechanism(const Matrix& q, const std::string& path);
/// q has `inputs` columns ("wrong_input_count" at path/0; `meaning` says what needs them).
void input_count(const Matrix& q, const std::string& path, long inputs, const std::string& meaning);
/// A probability vector: non-empty, finite, non-negative ("negative_mass" at the entry below
/// -slack; a measurement passes kColumnTolerance, the slack of a solver's output), summing to 1
/// within kSumTolerance ("not_a_distribution" at path).
void distribution(const Vector& p, const std::string& path, double slack = 0);
/// v has n entries / m is rows x cols ("shape_mismatch" at path; `meaning` says why).
void size(const Vector& v, const std::string& path, long n, const std::string& meaning);
void shape(const Matrix& m, const std::string& path, long rows, long cols, const std::string& meaning);

/// Runs f(); a bad_request it throws gets `prefix` before its path ("/rho/1" -> "/mmse_bound/rho/1"):
/// how a JSON reader passes a sub-object to a typed function that names its own arguments.
template <class F>
auto under(const std::string& prefix, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kBadRequest) throw;
    throw Error(e.kind(), e.code(), prefix + e.path(), e.what());
  }
}

}  // namespace privlab::arguments
