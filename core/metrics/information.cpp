/**
 * @file information.cpp
 * @brief Entropy and mutual information (nats).
 */
#include "metrics/information.h"

#include <cmath>

#include "common/arguments.h"

namespace privlab::metrics {

double entropy(const Vector& p) {
  arguments::distribution(p, "/p", arguments::kColumnTolerance);
  double h = 0;
  for (double v : p)
    if (v > 0) h -= v * std::log(v);
  return h;
}

double mutual_information(const Vector& px, const Matrix& q) {
  arguments::measurable(q, "/q");
  arguments::size(px, "/px", q.cols(), "one entry per column of q: it");
  arguments::distribution(px, "/px", arguments::kColumnTolerance);
  const Vector py = q * px;
  double info = 0;
  for (long y = 0; y < q.rows(); ++y) {
    if (py(y) <= 0) continue;
    for (long x = 0; x < q.cols(); ++x) {
      const double joint = px(x) * q(y, x);
      if (joint > 0) info += joint * std::log(q(y, x) / py(y));
    }
  }
  return std::max(0.0, info);  // rounding can leave -1e-17 for independent Y
}

}  // namespace privlab::metrics
