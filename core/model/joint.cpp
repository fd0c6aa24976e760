/**
 * @file joint.cpp
 * @brief Validation and marginals of a joint distribution P(S,U).
 */
#include "model/joint.h"

#include <cmath>
#include <sstream>

#include "common/arguments.h"
#include "common/error.h"
#include "common/field_path.h"

namespace privlab {

namespace {
constexpr double kSumTolerance = 1e-6;
/// Counts are exact only up to 2^53 in double precision; a larger total (or one that overflows
/// to infinity, e.g. two entries of 1e308) is refused instead of normalised to all zeros.
constexpr double kMaxCountTotal = 9007199254740992.0;

JointDistribution validated(Matrix m, const std::string& path) {
  arguments::non_empty(m, path);
  arguments::finite(m, path);  // NaN would pass the sign test and read as an overflow below
  for (long r = 0; r < m.rows(); ++r)
    for (long c = 0; c < m.cols(); ++c)
      if (m(r, c) < 0)
        bad_request("negative_mass", field_path::child(field_path::child(path, r), c),
                    "probabilities and counts cannot be negative");
  const double total = m.sum();
  if (!std::isfinite(total) || total > kMaxCountTotal)
    bad_request("count_overflow", path,
                "the entries sum beyond 2^53 (about 9.007e15), where whole-number counts are no longer exact; "
                "give probabilities or smaller counts");
  if (!(total > 0)) bad_request("zero_mass", path, "the table has no mass: every entry is 0");
  JointDistribution joint;
  joint.total = total;
  if (std::abs(total - 1.0) <= kSumTolerance) {
    joint.p = m / total;
    return joint;
  }
  const bool integral = (m.array() == m.array().floor()).all();
  if (!integral) {
    std::ostringstream msg;
    msg << "not a distribution: the entries sum to " << total
        << "; give probabilities that sum to 1 or whole-number counts";
    bad_request("not_a_distribution", path, msg.str());
  }
  joint.from_counts = true;
  joint.p = m / total;
  return joint;
}
}  // namespace

Vector JointDistribution::flat() const {
  Vector v(num_x());
  for (long s = 0; s < num_s(); ++s)
    for (long u = 0; u < num_u(); ++u) v(s * num_u() + u) = p(s, u);
  return v;
}

Vector JointDistribution::s_marginal() const { return p.rowwise().sum(); }

Vector JointDistribution::conditional_u_given_s(long s) const {
  const double ps = p.row(s).sum();
  return p.row(s).transpose() / ps;
}

JointDistribution joint_from_matrix(Matrix p, const std::string& path) { return validated(std::move(p), path); }

}  // namespace privlab
