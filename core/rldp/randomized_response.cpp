/**
 * @file randomized_response.cpp
 * @brief GRR [rldp eq. (56)] and SRR [rldp Definition 4].
 */
#include "rldp/randomized_response.h"

#include <cmath>

namespace privlab::rldp {

Matrix grr(long a, double epsilon) {
  const double e = std::exp(epsilon);
  const double denom = e + static_cast<double>(a) - 1.0;
  Matrix q = Matrix::Constant(a, a, 1.0 / denom);
  q.diagonal().setConstant(e / denom);
  return q;
}

Matrix srr(long num_s, long num_u, double epsilon) {
  const long a = num_s * num_u;
  const double e = std::exp(epsilon);
  // C = e^eps + e^-eps (a2 - 1) + a - a2   [Definition 4]
  const double c = e + (num_u - 1) / e + static_cast<double>(a - num_u);
  Matrix q(a, a);
  for (long y = 0; y < a; ++y)
    for (long x = 0; x < a; ++x) {
      const bool same_s = (y / num_u) == (x / num_u);
      if (y == x)
        q(y, x) = e / c;
      else if (same_s)
        q(y, x) = 1.0 / (e * c);
      else
        q(y, x) = 1.0 / c;
    }
  return q;
}

}  // namespace privlab::rldp
