/**
 * @file formulation1.h
 * @brief Formulation 1 of the estimation paper (Section 4): projection of the private
 *        functions (Section 4.1, Lemma 3), the D_X-orthonormal basis (16)-(17) built by QR in an
 *        explicit function order, and the PIC-based convex program (20)-(25), solved to a stated
 *        tolerance by an outer-approximation (supporting-hyperplane cutting-plane) loop over
 *        GLPK with a certified feasible point at every step.
 *
 * ERRATUM (docs/errata.md): (21) is a second-order-cone constraint; the program has |X|-1
 * variables sigma_k and its answer depends on the order of the useful functions in the basis,
 * so the order is an explicit input.
 */
#pragma once
#include <string>
#include <vector>

#include "common/linalg.h"

namespace privlab::estimation {

enum class Objective {
  kMin,  ///< obj = min{sigma_1..sigma_n'} (worst-case utility, Section 4.2)
  kSum,  ///< obj = sum_k a_k sigma_k over k = 1..n' (weighted sum, Section 4.2)
};

struct Formulation1Input {
  Matrix joint_sx;                        ///< P(S,X), rows s, columns x
  std::vector<Vector> private_functions;  ///< s_i over S (normalised here: mean 0, norm 1)
  std::vector<Vector> useful_functions;   ///< u_j over X (normalised here)
  std::vector<double> theta;              ///< theta_i in [0,1], one per private function
  std::vector<long> order;                ///< useful-function indices in basis order (empty: 0..n-1)
  Objective objective = Objective::kMin;
  std::vector<double> weights;  ///< per useful function (empty: all 1); kSum only: f_k
                                ///< gets the weight of the u_j that introduced it
  double tolerance = 1e-6;      ///< stop when (upper - lower) <= tolerance * max(1, upper)
                                ///< (GLPK's own feasibility tolerance is 1e-7)
  int max_iterations = 2000;
};

struct PrivateReport {
  Vector values;                      ///< s_i(s) normalised under P_S
  double projection_norm = 0;         ///< ||E[s_i(S)|X]||_2 (0: independent of X, no constraint needed)
  Vector projected;                   ///< s-hat_i(x) of Section 4.1 (zero when projection_norm = 0)
  double mmse = 0;                    ///< mmse(s_i(S)|Y), direct from the mechanism
  double mmse_projected = 0;          ///< mmse(s-hat_i(X)|Y), direct
  double mmse_projected_formula = 0;  ///< 1 - sum_k alpha_{i,k}^2 sigma_k^2
};

struct UsefulReport {
  Vector values;            ///< u_j(x) normalised under P_X
  bool in_basis = false;    ///< false when u_j is in the span of the earlier ones (dropped)
  double mmse = 0;          ///< mmse(u_j(X)|Y), direct from the mechanism
  double mmse_formula = 0;  ///< sum_k beta_{j,k}^2 (1 - sigma_k^2)
};

struct Formulation1Result {
  Matrix basis;                     ///< |X| x n_x (n_x = support size of P_X): column k is f_k, f_0 = 1,
                                    ///< F^T D_X F = I; rows of zero-probability x are 0
  long n_prime = 0;                 ///< dim span{f_0, u_1..u_n} - 1
  std::vector<double> weights;      ///< a_k of the objective, k = 1..n' (kSum)
  Matrix alpha;                     ///< m x n_x: alpha_{i,k} = E[s-hat_i f_k]  (18)
  Matrix beta;                      ///< n x n_x: beta_{j,k} = E[u_j f_k]      (19)
  Vector sigma;                     ///< sigma_1..sigma_{n_x - 1}: the returned (certified feasible) point
  Matrix p_xy;                      ///< D_X F Sigma F^T D_X  (24)
  Matrix mechanism;                 ///< P_{Y|X} as [y][x] (Y has the alphabet of X)
  double objective = 0;             ///< obj(sigma) at the returned feasible point
  double objective_upper = 0;       ///< the outer approximation's optimum: obj* lies in [objective, this]
  double chi2_xy = 0, chi2_sy = 0;  ///< measured from the mechanism (eq. (1))
  std::vector<PrivateReport> privates;
  std::vector<UsefulReport> usefuls;
  int iterations = 0;
  bool converged = false;
  std::string lp_failure;  ///< non-empty when GLPK failed (the returned point is still feasible)
};

/// Mean-0, norm-1 version of h under p; throws bad_request("constant_function", path) when
/// h has no variance.
Vector normalise_function(const Vector& h, const Vector& p, const std::string& path);

/// Runs Formulation 1. Private/useful functions must be non-constant (normalise_function).
Formulation1Result solve_formulation1(const Formulation1Input& input);

/// obj(sigma) for the objective (k = 1..n'); weights are a_k per basis function (empty: 1).
double objective_value(const Vector& sigma, long n_prime, Objective objective, const std::vector<double>& weights);

/// Whether sigma satisfies (21), (22) and (25) for the given basis and alpha, to `slack`.
bool formulation1_feasible(const Matrix& basis, const Vector& px, const Matrix& alpha, const std::vector<double>& theta,
                           const Vector& sigma, double slack);

}  // namespace privlab::estimation
