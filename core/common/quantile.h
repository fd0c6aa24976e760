/**
 * @file quantile.h
 * @brief Quantiles of samples, the one definition every experiment's summaries use (bands of
 *        rldp, the outlier rule of rldp_mse, the box plots of game's Figure 8).
 */
#pragma once
#include <vector>

namespace privlab {

/// The q-quantile by linear interpolation between order statistics (NaN for no values; an
/// infinite neighbour wins).
double quantile(std::vector<double> v, double q);

/// Five numbers of a box plot: min, first quartile, median, third quartile, max.
struct BoxSummary {
  double min, q1, median, q3, max;
};
BoxSummary box_summary(const std::vector<double>& v);

}  // namespace privlab
