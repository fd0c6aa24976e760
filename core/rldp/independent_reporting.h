/**
 * @file independent_reporting.h
 * @brief Independent reporting IR(GRR_{eps1}(S), GRR_{delta2}(U)) [rldp Section 7:
 *        Definition 5, Theorems 5-6, the 1-D optimisation of eps2].
 */
#pragma once
#include "common/linalg.h"
#include "model/joint.h"

namespace privlab::rldp {

/**
 * Theorem 5: d = min(2, max_s 2 d_s + max_{s,s'} ||P_{U|s} - P_{U|s'}||_1) with d_s >= rad_s(F)
 * (unseen s contribute d_s = 2).
 */
double ir_distance(const JointDistribution& joint, const Vector& rad);

/// delta2 = ln(1 + 2 (e^{eps2} - 1) / d)  (Theorem 5); +infinity when d = 0 and eps2 > 0.
double ir_delta2(double eps2, double d);

/// The IR matrix: kron(GRR_{eps1} on |S|, GRR_{delta2} on |U|), output y = y1 |U| + y2.
Matrix ir_matrix(long num_s, long num_u, double eps1, double delta2);

struct IrResult {
  Matrix mechanism;
  double d = 2, eps1 = 0, eps2 = 0, delta2 = 0;
  double utility = 0;  ///< I_{P-hat}(X;Y)
};

/**
 * Maximises I_{P-hat}(X;Y) of IR over eps2 in [0, eps] (eps1 = eps - eps2): a grid of 40 cells,
 * then golden-section refinement around the best grid point.
 */
IrResult independent_reporting(const JointDistribution& joint, double epsilon, const Vector& rad);

}  // namespace privlab::rldp
