/**
 * @file uncertainty.h
 * @brief Uncertainty sets F of the RLDP paper [rldp Section 3]: a Renyi ball around P-hat,
 *        the whole simplex, or the point {P-hat}.
 */
#pragma once
#include <optional>
#include <string>

#include "model/joint.h"

namespace privlab::rldp {

struct UncertaintySet {
  enum class Kind { kPoint, kSimplex, kRenyiBall };
  Kind kind = Kind::kPoint;
  double alpha = 2;                  ///< Renyi order, in (0, inf)
  double radius = 0;                 ///< B in D_alpha(P-hat || P) <= B   [rldp eq. (8)]
  std::optional<double> confidence;  ///< 1 - beta when B came from a confidence level
  long long n = 0;                   ///< sample size behind that confidence level
};

/**
 * Radius of a confidence set of level `confidence` from n samples on `num_x` symbols.
 * The Cressie-Read power-divergence statistic with lambda = alpha - 1,
 *   2n / (alpha (alpha-1)) * (exp((alpha-1) D_alpha) - 1),
 * is asymptotically chi-square with num_x - 1 degrees of freedom, so with q the chi-square
 * quantile, B = ln(1 + alpha (alpha-1) q / (2n)) / (alpha-1) (alpha != 1), B = q / (2n) (alpha = 1).
 * For alpha = 2 this is rldp eq. (9): B = ln(1 + F^{-1}_{chi2,a-1}(1-beta) / n).
 */
double renyi_radius_from_confidence(double alpha, double confidence, long long n, long num_x);

/// D_alpha(P || Q) [rldp eq. (7)], nats; +infinity when P puts mass where Q has none (alpha >= 1).
double renyi_divergence(double alpha, const Vector& p, const Vector& q);

/// Reading and writing F in JSON: rldp/uncertainty_json.h (the JSON edge).

}  // namespace privlab::rldp
