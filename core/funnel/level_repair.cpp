/**
 * @file level_repair.cpp
 * @brief Mixing a funnel protocol with the constant channel until it measures within epsilon.
 */
#include "funnel/level_repair.h"

#include <algorithm>

#include "funnel/protocol_metrics.h"

namespace privlab::funnel {

namespace {
Matrix mixed(const Matrix& q, const Vector& py, double w) {
  Matrix out = (1 - w) * q;
  out.colwise() += w * py;
  return out;
}
}  // namespace

LevelRepair repair_level(const Matrix& q, const Matrix& joint, double epsilon, bool lip) {
  auto level = [&](const Matrix& m) { return lip ? funnel::lip(m, joint) : ldp_secret(m, joint); };
  const double target = epsilon + kRoundOff * std::max(1.0, epsilon);
  LevelRepair out{q, 0.0, level(q)};
  if (out.before <= target) return out;
  const Vector py = q * x_marginal(joint);
  double lo = 0, hi = 1;  // level(mixed(hi)) <= epsilon throughout (0 at w = 1)
  for (int it = 0; it < 200 && hi > 0; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (level(mixed(q, py, mid)) <= target ? hi : lo) = mid;
  }
  out.weight = hi;
  out.mechanism = mixed(q, py, hi);
  return out;
}

}  // namespace privlab::funnel
