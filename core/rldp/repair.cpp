/**
 * @file repair.cpp
 * @brief Uniform-mix repair of a mechanism, with the weight proven sufficient as the bound.
 */
#include "rldp/repair.h"

#include <algorithm>
#include <cmath>

namespace privlab::rldp {

Matrix mix_uniform(const Matrix& q, double weight) {
  const double u = weight / static_cast<double>(q.rows());
  Matrix m = (1.0 - weight) * q;
  m.array() += u;
  return m;
}

double guaranteed_mix_weight(long outputs, double epsilon) {
  const double y = static_cast<double>(outputs);
  // ratio bound 1 + |Y| (1 - w) / w <= e^eps  <=>  w >= |Y| / (e^eps - 1 + |Y|)
  return std::min(1.0, y / (std::expm1(epsilon) + y) * (1.0 + 1e-9));
}

MixRepair repair_by_uniform_mix(const Matrix& q, double epsilon, const std::function<double(const Matrix&)>& measure) {
  const double w_max = guaranteed_mix_weight(q.rows(), epsilon);
  auto weight = [&](int k) { return std::ldexp(w_max, -k); };
  auto passes = [&](int k) { return measure(mix_uniform(q, weight(k))) <= epsilon; };
  // passes(k) is monotone: true for small k (k = 0 by the bound), false beyond some k.
  int lo = 0, hi = 64;  // invariant: lo passes (k = 0 by proof), hi + 1 ... unknown
  if (passes(hi)) lo = hi;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    (passes(mid) ? lo : hi) = mid;
  }
  return {mix_uniform(q, weight(lo)), weight(lo)};
}

}  // namespace privlab::rldp
