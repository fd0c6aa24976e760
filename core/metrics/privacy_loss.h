/**
 * @file privacy_loss.h
 * @brief Measured privacy of a mechanism, read from its matrix alone.
 *
 * Every function returns a natural-log ratio; +infinity when some output has positive
 * probability under one input (or conditional) and zero under another. A ratio 0/0 counts as 1.
 */
#pragma once
#include "common/linalg.h"
#include "model/joint.h"

namespace privlab::metrics {

/**
 * Realized epsilon with respect to S under the joint P (rldp Section 8.3, eq. for eps*):
 * max over y, s1, s2 of ln( P(Y=y|S=s1) / P(Y=y|S=s2) ),
 * P(Y=y|S=s) = sum_u Q(y, s|U|+u) P(u|s). Values s with P_s = 0 have no conditional and are skipped.
 */
double realized_epsilon(const Matrix& q, const JointDistribution& joint);

/// Local differential privacy (rldp Definition 2): max over y, x, x' of ln(Q(y,x)/Q(y,x')).
double ldp_epsilon(const Matrix& q);

/**
 * (eps, simplex)-RLDP level (rldp Proposition 3): max over y and inputs (s,u), (s',u') with
 * s != s' of ln(Q(y,(s,u)) / Q(y,(s',u'))). This equals the worst realized epsilon over every
 * distribution on X, so it upper-bounds the robust epsilon of any uncertainty set.
 */
double simplex_rldp_epsilon(const Matrix& q, long num_s, long num_u);

/// ln(a/b) with the contract's rules: 0/0 -> 0, a/0 (a>0) -> +infinity.
double log_ratio(double a, double b);

}  // namespace privlab::metrics
