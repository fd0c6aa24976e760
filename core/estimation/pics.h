/**
 * @file pics.h
 * @brief Principal inertia components (PICs), principal functions, chi-square information,
 *        maximal correlation, delta and MMSE decompositions of a joint P(U,V)
 *        [estimation paper, Section 2: Definitions 1-3, Theorem 1, eq. (1), (6), (7)].
 *
 * A joint is a matrix [u][v] (rows = first variable). For P(S,X) the rows are s, the columns x.
 * Symbols of zero probability carry no function values: the decomposition is computed on the
 * support and principal functions are 0 there.
 */
#pragma once
#include "common/linalg.h"

namespace privlab::estimation {

struct PicDecomposition {
  Vector pu, pv;                              ///< marginals of the rows and of the columns
  Vector pics;                                ///< lambda_1 >= ... >= lambda_d, d = min(|U|,|V|) - 1 (on the support)
  Matrix f;                                   ///< |U| x d: column k is the principal function f_k(u) (Theorem 1.3)
  Matrix g;                                   ///< |V| x d: column k is g_k(v); E[f_k(U) g_k(V)] = sqrt(lambda_k) >= 0
  double chi2() const { return pics.sum(); }  ///< chi^2(U;V) = sum of the PICs [Section 2]
};

/**
 * SVD of Q = D_U^{-1/2} P D_V^{-1/2} (eq. (6)); the PICs are the squared singular values after
 * the leading 1 (Theorem 1.3; docs/errata.md), the principal functions the columns of
 * D_U^{-1/2} U and D_V^{-1/2} V. Requires a non-negative matrix summing to 1.
 */
PicDecomposition pic_decomposition(const Matrix& joint);

/// chi^2(U;V) straight from eq. (1): sum P(u,v)^2 / (P(u) P(v)) - 1 (no SVD).
double chi_square_information(const Matrix& joint);

/// rho_m(U;V) = sqrt(lambda_1) (eq. (5)); 0 when there is no PIC.
double maximal_correlation(const PicDecomposition& pics);

/// delta(P_{U,V}) of eq. (7): lambda_d if |V| <= |U| (support sizes), else 0.
double delta(const PicDecomposition& pics);

/// The joint of the rows of `joint` with the output of mechanism q ([y][v]): P(u,y) =
/// sum_v P(u,v) q(y,v). Markov chain U -> V -> Y.
Matrix joint_with_output(const Matrix& joint, const Matrix& q);

/// mmse(h(A) | B) computed directly: E[h^2] - sum_b P(b) E[h(A)|B=b]^2 for a joint [a][b].
double mmse_direct(const Matrix& joint_ab, const Vector& h);

/// The decomposition of Theorem 1 for one function h of the rows given the columns:
/// mmse(h(U)|V) = sum_i E[h f_i]^2 (1 - lambda_i) over a full basis, i.e. Var(h) -
/// sum_{i<=d} c_i^2 lambda_i with c_i = E[(h - E h) f_i].
struct MmseDecomposition {
  double mean = 0, variance = 0;
  Vector coefficients;         ///< c_i = E[(h(U) - E h) f_i(U)], i = 1..d
  double mmse = 0;             ///< from the PICs: variance - sum c_i^2 lambda_i
  double mmse_direct = 0;      ///< from the joint: mmse_direct(joint, h)
  double normalized_mmse = 1;  ///< normalized_or_one(mmse, variance)
};
/// mmse / variance, and 1 for a function constant under its distribution (variance 0: nothing
/// to learn about it): the one convention of every normalised MMSE a response reports.
inline double normalized_or_one(double mmse, double variance) { return variance > 0 ? mmse / variance : 1.0; }
MmseDecomposition decompose_mmse(const Matrix& joint, const PicDecomposition& pics, const Vector& h);

}  // namespace privlab::estimation
