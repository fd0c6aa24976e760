/**
 * @file quantile.cpp
 * @brief Quantiles of samples (quantile.h).
 */
#include "common/quantile.h"

#include <algorithm>
#include <cmath>

namespace privlab {

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  const double f = pos - static_cast<double>(i);
  if (i + 1 >= v.size()) return v.back();
  if (std::isinf(v[i]) || std::isinf(v[i + 1])) return v[i + 1];
  return v[i] + f * (v[i + 1] - v[i]);
}

BoxSummary box_summary(const std::vector<double>& v) {
  return {quantile(v, 0), quantile(v, 0.25), quantile(v, 0.5), quantile(v, 0.75), quantile(v, 1)};
}

}  // namespace privlab
