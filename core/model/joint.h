/**
 * @file joint.h
 * @brief A joint distribution P(S,U) over a finite alphabet X = S x U, validated on entry.
 *
 * Layout follows the CLI contract: the matrix is [s][u] (rows = sensitive value) and the flat
 * input index is x = s * |U| + u (S-major).
 */
#pragma once
#include <string>

#include "common/linalg.h"

namespace privlab {

struct JointDistribution {
  Matrix p;                  ///< probabilities, [s][u], non-negative, summing to 1
  double total = 1.0;        ///< the sum of the entries as given (the sample size for counts)
  bool from_counts = false;  ///< true when the input was integer counts (normalised here)

  long num_s() const { return p.rows(); }
  long num_u() const { return p.cols(); }
  long num_x() const { return p.size(); }
  /// P_X as a flat vector, x = s * |U| + u.
  Vector flat() const;
  /// P_S(s) = sum_u P(s,u)   [rldp eq. (15)]
  Vector s_marginal() const;
  /// P_{U|s}: P(u|s) = P(s,u) / P_s   [rldp eq. (16)-(17)]; requires P_s > 0.
  Vector conditional_u_given_s(long s) const;
};

/// Limits on a joint's alphabets: beyond them a request is refused before any work.
struct JointLimits {
  long max_s = 64;
  long max_u = 64;
  long max_x = 1024;
};

/**
 * Builds a joint from a matrix [s][u] without JSON. Accepts probabilities that sum to 1 (within
 * 1e-6) or non-negative integer counts (normalised, total = their sum, from_counts = true).
 * Anything else is refused with bad_request naming `path` or the offending cell (path/s/u).
 * Reading one from a request: parse_joint (model/joint_json.h).
 */
JointDistribution joint_from_matrix(Matrix p, const std::string& path = "");

}  // namespace privlab
