/**
 * @file robust_measures.h
 * @brief Distortion and privacy of a mechanism, nominal (under one distribution) and robust
 *        (worst case over F), read from the matrix and the set alone. These are the certificate:
 *        they never look at the cutting-plane loop that produced the matrix.
 *
 * The mechanism is Q[y][x] (outputs = the values of U, inputs x = s|U| + u).
 */
#pragma once
#include "common/linalg.h"
#include "model/joint.h"
#include "rldp_mse/confidence_set.h"

namespace privlab::rldp_mse {

/// d_x = sum_y Q(y,x) (u_x - y)^2 with u_x = values(x mod |U|): the coefficients of eq. (18).
Vector distortion_per_input(const Matrix& q, const Vector& values);

/// E_P (U - Y)^2 = sum_x P_x d_x (eq. (18) without D; eq. (31) when P = P*). P flat.
double distortion(const Matrix& q, const Vector& values, const Vector& p);

struct RobustDistortion {
  double value = 0;  ///< certified upper bound on max_{P in F} E_P (U-Y)^2 (Theorem 2 dual)
  double lower = 0;  ///< attained by `worst`, a member of F
  Vector worst;      ///< the worst-case distribution (flat)
};

/// max over P in F of E_P (U-Y)^2 = delta*(d | F)   [eq. (22)].
RobustDistortion robust_distortion(const Matrix& q, const Vector& values, const ChiSquareSet& set);

struct RobustEpsilon {
  double value = 0;               ///< certified upper bound on max_{P in F} realized epsilon (+inf: none)
  double lower = 0;               ///< attained: the realized epsilon of a member of F
  long y = -1, s1 = -1, s2 = -1;  ///< where `lower` is attained (-1 when it is 0)
  Vector r1, r2;                  ///< the worst-case conditionals P_{U|s1}, P_{U|s2}
};

/**
 * Robust epsilon: max over P in F, y, s1 != s2 of ln(P(Y=y|S=s1) / P(Y=y|S=s2)) (eq. (4)).
 * For each (y, s1, s2) the largest ratio t* = max (q1.R1)/(q2.R2) over F_{U|s1,s2} is found by
 * Dinkelbach's method on delta*(q1, -t q2 | F_{U|s1,s2}) (Theorem 4), and certified from above:
 * t_up >= t* is accepted only when the dual bound of Theorem 4 shows delta*(q1, -t_up q2) <= 0.
 */
RobustEpsilon robust_epsilon(const Matrix& q, const ChiSquareSet& set);

/**
 * Calls visit(y, s1, s2, q1, q2) for every output y and ordered pair s1 != s2, where q1, q2 are
 * the blocks Q(y | s1, .) and Q(y | s2, .) of q over U (inputs x = s * nu + u).
 */
template <class Visit>
void for_each_secret_pair(const Matrix& q, long ns, long nu, Visit&& visit) {
  for (long y = 0; y < q.rows(); ++y)
    for (long s1 = 0; s1 < ns; ++s1)
      for (long s2 = 0; s2 < ns; ++s2) {
        if (s1 == s2) continue;
        const Vector q1 = q.row(y).segment(s1 * nu, nu).transpose();
        const Vector q2 = q.row(y).segment(s2 * nu, nu).transpose();
        visit(y, s1, s2, q1, q2);
      }
}

}  // namespace privlab::rldp_mse
