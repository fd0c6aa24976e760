/**
 * @file tradeoff.h
 * @brief Bounds of the chi-square privacy-utility function F(eps) [estimation paper, Section 3]:
 *        the upper bound G (Definition 5, Theorem 2, Appendix A.3), the lower bounds (Theorem 2,
 *        eq. (14)), the simple bound (12), and the mapping of Theorem 3.
 *
 * Every bound is a piecewise-linear curve given by its breakpoints (eps, F), eps ascending,
 * over eps in [0, chi^2(S;X)].
 */
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "common/linalg.h"
#include "estimation/pics.h"

namespace privlab::estimation {

using Breakpoints = std::vector<std::pair<double, double>>;

/// G^m_eps(t_1..t_n) of Definition 5 as breakpoints over eps in [0, sum t] (closed form (49)).
Breakpoints g_function(const Vector& t, long m);

/// G^m_eps(t) at one eps by the same closed form (a fractional knapsack), for checks.
double g_value(const Vector& t, long m, double eps);

/// Evaluates a piecewise-linear curve at eps (clamped to its range).
double evaluate(const Breakpoints& curve, double eps);

/// Theorem 2 upper bound: G^{|X|-1}_eps(lambda_1(S;X), ..., lambda_d(S;X)).
Breakpoints upper_bound(const PicDecomposition& pics);

/// Theorem 2 lower bound: the segment from (0,0) to (chi^2(S;X), |X|-1).
Breakpoints lower_bound(const PicDecomposition& pics);

/// Eq. (14): the segment from (0, f0) to (chi^2(S;X), |X|-1), valid for any f0 <= F(0).
Breakpoints lower_bound_eq14(const PicDecomposition& pics, double f0);

/// Eq. (12): F(eps) <= eps + |X| - 1 - chi^2(S;X), as the segment over [0, chi^2(S;X)].
Breakpoints simple_bound(const PicDecomposition& pics);

/// |X| counted on the support of P_X.
long support_size_x(const PicDecomposition& pics);

/**
 * A certified lower bound on F(0) (perfect privacy): when delta = 0 the operator
 * f -> E[f(X)|S] has a null space; for a unit-norm f in it the mapping
 * P(y|x) = 1/2 +- f(x) / (2 max|f|) has chi^2(S;Y) = 0 and chi^2(X;Y) = 1/max|f|^2.
 * Returns the best over an orthonormal basis of the null space, with its mapping; 0 and no
 * mapping when delta > 0 (then F(0) = 0, Section 3).
 */
struct PerfectPrivacy {
  double f0_lower = 0;
  std::optional<Matrix> mechanism;  ///< 2 x |X|, [y][x]
};
PerfectPrivacy perfect_privacy_point(const Matrix& joint_sx, const PicDecomposition& pics);

/// True when P_{X|S} on the support certainly has full column rank |X|, judged from the PICs
/// and the marginals alone (no SVD): then delta > 0 and perfect_privacy_point has no mapping,
/// which it returns without its SVD of P_{X|S}.
bool surely_full_column_rank(const PicDecomposition& pics);

/// The privacy-assuring mapping of Theorem 3 and its two chi-square values.
struct Theorem3 {
  Matrix mechanism;       ///< 2 x |X|, [y][x]: y = 0 is the paper's y = 1
  double px_min = 0;      ///< P_Xmin
  double lambda_min = 0;  ///< lambda_min(S;X)
  double chi2_x = 0;      ///< chi^2(X;Y), measured from the matrix (= P_Xmin by the theorem)
  double chi2_s = 0;      ///< chi^2(S;Y), measured from the matrix (= P_Xmin lambda_min)
};

/**
 * Theorem 3 (proof in Appendix A.6), eq. (51) with the sqrt over P_Xmin only:
 * P(y|x) = 1/2 + (-1)^y sqrt(P_Xmin) f(x) / 2, f the X-side principal function of lambda_min.
 * ERRATUM (docs/errata.md): the printed (51) puts f(x) under the square root.
 * Empty when delta(P_{S,X}) = 0 or P_Xmin = 0 (the theorem's hypotheses).
 */
std::optional<Theorem3> theorem3_mapping(const Matrix& joint_sx, const PicDecomposition& pics);

/// chi^2(S;Y) and chi^2(X;Y) of a mechanism q ([y][x]) under P(S,X), from eq. (1) directly.
std::pair<double, double> chi2_of_mechanism(const Matrix& joint_sx, const Matrix& q);

/// The upper concave envelope of points (eps, F) (time sharing, Lemma 2): breakpoints over the
/// eps range of the points, each point kept only if on the envelope.
Breakpoints concave_hull(std::vector<std::pair<double, double>> points);

}  // namespace privlab::estimation
