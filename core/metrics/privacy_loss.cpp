/**
 * @file privacy_loss.cpp
 * @brief Realized, LDP and simplex-RLDP epsilons measured from a mechanism matrix.
 */
#include "metrics/privacy_loss.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/arguments.h"
#include "common/error.h"

namespace privlab::metrics {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Largest ln(m(y,a) / m(y,b)) over rows y and column pairs a, b in *different* groups
/// (group_of(col) in [0, num_groups)). Per row: max over g != h of ln(max_g / min_h), which is
/// linear in the columns instead of quadratic.
template <class GroupOf>
double max_cross_group_log_ratio(const Matrix& m, long num_groups, GroupOf group_of) {
  double worst = 0;
  std::vector<double> gmax(num_groups), gmin(num_groups);
  for (long y = 0; y < m.rows(); ++y) {
    std::fill(gmax.begin(), gmax.end(), -kInf);
    std::fill(gmin.begin(), gmin.end(), kInf);
    for (long c = 0; c < m.cols(); ++c) {
      const long g = group_of(c);
      gmax[g] = std::max(gmax[g], m(y, c));
      gmin[g] = std::min(gmin[g], m(y, c));
    }
    // For each g the best partner is the smallest group minimum outside g: keep the two
    // smallest minima so this stays O(num_groups).
    long arg1 = -1;
    double min1 = kInf, min2 = kInf;
    for (long h = 0; h < num_groups; ++h) {
      if (gmin[h] < min1) {
        min2 = min1;
        min1 = gmin[h];
        arg1 = h;
      } else if (gmin[h] < min2) {
        min2 = gmin[h];
      }
    }
    for (long g = 0; g < num_groups; ++g) {
      const double partner = (g == arg1) ? min2 : min1;
      if (gmax[g] > -kInf && partner < kInf) worst = std::max(worst, log_ratio(gmax[g], partner));
    }
  }
  return worst;
}
}  // namespace

double log_ratio(double a, double b) {
  if (a <= 0) return b <= 0 ? 0.0 : -kInf;
  if (b <= 0) return kInf;
  return std::log(a / b);
}

double realized_epsilon(const Matrix& q, const JointDistribution& joint) {
  arguments::measurable(q, "/q");
  arguments::input_count(q, "/q", joint.num_x(), "the joint's |S||U|");
  const Vector ps = joint.s_marginal();
  std::vector<long> present;
  for (long s = 0; s < joint.num_s(); ++s)
    if (ps(s) > 0) present.push_back(s);
  // Column k of `cond` is P(Y=.|S=present[k]).
  Matrix cond(q.rows(), static_cast<long>(present.size()));
  for (std::size_t k = 0; k < present.size(); ++k) {
    const long s = present[k];
    cond.col(static_cast<long>(k)) = q.middleCols(s * joint.num_u(), joint.num_u()) * joint.conditional_u_given_s(s);
  }
  return max_cross_group_log_ratio(cond, cond.cols(), [](long c) { return c; });
}

double ldp_epsilon(const Matrix& q) {
  arguments::measurable(q, "/q");
  return max_cross_group_log_ratio(q, q.cols(), [](long c) { return c; });
}

double simplex_rldp_epsilon(const Matrix& q, long num_s, long num_u) {
  arguments::measurable(q, "/q");
  if (num_s < 1) bad_request("out_of_range", "/num_s", "num_s must be at least 1");
  if (num_u < 1) bad_request("out_of_range", "/num_u", "num_u must be at least 1");
  arguments::input_count(q, "/q", num_s * num_u, "num_s * num_u");
  return max_cross_group_log_ratio(q, num_s, [num_u](long c) { return c / num_u; });
}

}  // namespace privlab::metrics
