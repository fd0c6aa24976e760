/**
 * @file arguments.cpp
 * @brief Argument checks that name the argument and the cell (common/arguments.h).
 */
#include "common/arguments.h"

#include <cmath>
#include <sstream>

#include "common/error.h"
#include "common/field_path.h"

namespace privlab::arguments {

std::string cell(const std::string& path, long row, long col) {
  return field_path::child(field_path::child(path, static_cast<std::size_t>(row)), static_cast<std::size_t>(col));
}

void non_empty(const Matrix& m, const std::string& path) {
  if (m.size() == 0) bad_request("not_a_matrix", path, "expected a non-empty matrix");
}

void non_empty(const Vector& v, const std::string& path) {
  if (v.size() == 0) bad_request("not_a_vector", path, "expected a non-empty vector");
}

void finite(const Matrix& m, const std::string& path) {
  for (long r = 0; r < m.rows(); ++r)
    for (long c = 0; c < m.cols(); ++c)
      if (!std::isfinite(m(r, c))) bad_request("not_finite", cell(path, r, c), "expected a finite number");
}

void finite(const Vector& v, const std::string& path) {
  for (long i = 0; i < v.size(); ++i)
    if (!std::isfinite(v(i)))
      bad_request("not_finite", field_path::child(path, static_cast<std::size_t>(i)), "expected a finite number");
}

void non_negative(const Matrix& m, const std::string& path, const std::string& code) {
  for (long c = 0; c < m.cols(); ++c)
    for (long r = 0; r < m.rows(); ++r)
      if (m(r, c) < 0)
        bad_request(code, cell(path, r, c),
                    "column " + std::to_string(c) + " has a negative entry in row " + std::to_string(r));
}

void non_negative(const Vector& v, const std::string& path, const std::string& code) {
  for (long i = 0; i < v.size(); ++i)
    if (v(i) < 0)
      bad_request(code, field_path::child(path, static_cast<std::size_t>(i)),
                  "entry " + std::to_string(i) + " is negative");
}

void in_range(double x, const std::string& path, double lo, double hi) {
  if (!std::isfinite(x)) bad_request("not_finite", path, "expected a finite number");
  if (x < lo || x > hi) {
    std::ostringstream msg;
    msg << "must lie in [" << lo << ", " << hi << "], got " << x;
    bad_request("out_of_range", path, msg.str());
  }
}

void stochastic_columns(const Matrix& q, const std::string& path) {
  non_negative(q, path, "negative_probability");
  for (long c = 0; c < q.cols(); ++c) {
    const double sum = q.col(c).sum();
    if (std::abs(sum - 1.0) > kColumnTolerance) {
      std::ostringstream msg;
      msg.precision(12);
      msg << "column " << c << " (input " << c << ") sums to " << sum
          << ", not 1 within 1e-9: every column must be the output distribution of its input "
             "(counts are not normalised)";
      bad_request("column_not_distribution", cell(path, 0, c), msg.str());
    }
  }
}

void measurable(const Matrix& q, const std::string& path) {
  non_empty(q, path);
  finite(q, path);
  for (long c = 0; c < q.cols(); ++c)
    for (long r = 0; r < q.rows(); ++r)
      if (q(r, c) < -kColumnTolerance)
        bad_request("negative_probability", cell(path, r, c),
                    "column " + std::to_string(c) + " has a negative entry in row " + std::to_string(r));
}

void mechanism(const Matrix& q, const std::string& path) {
  non_empty(q, path);
  finite(q, path);
  stochastic_columns(q, path);
}

void input_count(const Matrix& q, const std::string& path, long inputs, const std::string& meaning) {
  if (q.cols() != inputs)
    bad_request("wrong_input_count", field_path::child(path, std::size_t{0}),
                "the matrix has " + std::to_string(q.cols()) + " columns (inputs) but " + meaning + " needs " +
                    std::to_string(inputs));
}

void distribution(const Vector& p, const std::string& path, double slack) {
  non_empty(p, path);
  finite(p, path);
  for (long i = 0; i < p.size(); ++i)
    if (p(i) < -slack)
      bad_request("negative_mass", field_path::child(path, static_cast<std::size_t>(i)),
                  "entry " + std::to_string(i) + " is negative");
  const double sum = p.sum();
  if (std::abs(sum - 1.0) > kSumTolerance) {
    std::ostringstream msg;
    msg << "not a distribution: the entries sum to " << sum << ", not 1";
    bad_request("not_a_distribution", path, msg.str());
  }
}

void size(const Vector& v, const std::string& path, long n, const std::string& meaning) {
  if (v.size() != n)
    bad_request("shape_mismatch", path,
                "has " + std::to_string(v.size()) + " entries; " + meaning + " needs " + std::to_string(n));
}

void shape(const Matrix& m, const std::string& path, long rows, long cols, const std::string& meaning) {
  if (m.rows() != rows || m.cols() != cols)
    bad_request("shape_mismatch", path,
                "is " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) + "; " + meaning + " needs " +
                    std::to_string(rows) + " x " + std::to_string(cols));
}

}  // namespace privlab::arguments
