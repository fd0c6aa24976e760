/**
 * @file estimation.h
 * @brief privlab's typed API, family estimation: privacy with estimation guarantees [estimation]
 *        (Wang, Vo, Calmon, Medard, Duffy, Varia). The JSON family "estimation"
 *        (core/estimation/handler.cpp) answers with these computations.
 *
 * The joint is P(S,X) [s][x] (rows: private S, columns: useful X); a mapping P_{Y|X} is [y][x].
 *   analyze(joint)              PICs (Def. 1-2, Thm 1), chi^2(S;X) (1), rho_m (5), delta (7),
 *                               the Theorem 2 bounds G (Def. 5, (49)) and lower, eq. (12)
 *   theorem3(joint, pics)       the mapping of Theorem 3 (51) with its "chi2" audit
 *   perfect_privacy(joint, pics) a certified F(0) >= f0_lower (eq. (14)) with its "chi2" audit
 *   design(input)               Formulation 1 (20)-(25) with one "mmse-leakage" audit per s_i
 *   measure(joint, q)           chi^2(S;Y), chi^2(X;Y) (1) and the PICs of P_{S,Y}, P_{X,Y}
 *   normalized_mmse(p_ay, h, pa) mmse(h(A)|Y) of h normalised under P_A (Section 1.3)
 * Lower-level pieces: estimation/pics.h (pic_decomposition, decompose_mmse), tradeoff.h
 * (g_function, chi2_of_mechanism, concave_hull), mmse_bounds.h (Lemma 4, Theorems 4-5,
 * Example 4), robustness.h (Lemma 5, Example 5, Theorem 6), formulation1.h.
 */
#pragma once
#include <optional>
#include <vector>

#include "estimation/formulation1.h"
#include "estimation/mmse_bounds.h"
#include "estimation/pics.h"
#include "estimation/robustness.h"
#include "estimation/tradeoff.h"
#include "privlab/audit.h"
#include "privlab/model.h"

namespace privlab::estimation {

/// What every estimation response reports about P(S,X) (its "pics", "chi2", bounds, ...).
struct Analysis {
  PicDecomposition pics;           ///< PICs, marginals, principal functions; pics.chi2() = chi^2(S;X)
  Breakpoints upper_bound;         ///< Theorem 2: G^{|X|-1}(lambda) (Definition 5, (49))
  Breakpoints lower_bound;         ///< Theorem 2: (0,0) to (chi^2(S;X), |X|-1)
  Breakpoints simple_bound;        ///< eq. (12)
  double maximal_correlation = 0;  ///< rho_m(S;X) = sqrt(lambda_1), eq. (5)
  double delta = 0;                ///< delta(P_{S,X}), eq. (7)
};
/// The chi-square summary of P(S,X) [s][x] (non-negative, summing to 1: checked, naming
/// "/joint/s/x").
Analysis analyze(const Matrix& joint_sx);

/// Theorem 3's mapping, audited: claim "chi2", designed P_Xmin lambda_min, measured chi^2(S;Y)
/// recomputed from the matrix by eq. (1).
struct AuditedTheorem3 {
  Theorem3 mapping;  ///< mechanism 2 x |X|, px_min, lambda_min, chi2_x, chi2_s
  audit::Report audit;
};
/// Empty when delta = 0 or P_Xmin = 0 (the theorem's hypotheses). Throws solver_failure
/// ("audit_failed") if the audit fails.
std::optional<AuditedTheorem3> theorem3(const Matrix& joint_sx, const PicDecomposition& pics);

/// The perfect-privacy mapping (delta = 0): chi^2(S;Y) = 0, chi^2(X;Y) = f0_lower <= F(0).
struct AuditedPerfectPrivacy {
  double f0_lower = 0;
  double chi2_x = 0;    ///< chi^2(X;Y) measured from the matrix
  Matrix mechanism;     ///< 2 x |X|, [y][x]
  audit::Report audit;  ///< claim "chi2", designed 0, measured chi^2(S;Y) by eq. (1)
};
/// Empty when delta > 0 (then F(0) = 0). See perfect_privacy_point in estimation/tradeoff.h.
std::optional<AuditedPerfectPrivacy> perfect_privacy(const Matrix& joint_sx, const PicDecomposition& pics);

/// A Formulation 1 design with its audits.
struct AuditedDesign {
  Formulation1Result result;  ///< mechanism [y][x], sigma, basis, chi2_sy/chi2_xy, per-function mmse
  /// One per private function s_i: claim "mmse-leakage", designed 1 - theta_i, measured
  /// 1 - mmse(s_i(S)|Y) read from the mechanism (Section 1.3).
  std::vector<audit::Report> audits;
};
/**
 * Formulation 1 (Section 4, (20)-(25)) for `input` (joint_sx, private/useful functions, theta,
 * objective, order, weights, tolerance; formulation1.h), then the audits. Throws bad_request
 * naming the field (as the JSON request would) on shapes, theta outside [0,1], an order that is
 * not a permutation, negative weights, a tolerance outside [1e-8, 1e-2], "constant_function"
 * for a function without variance; solver_failure("audit_failed") when an audit fails.
 */
AuditedDesign design(const Formulation1Input& input);

/// chi-square quantities of a mapping q [y][x] through P(S,X) (eq. (1), Theorem 1).
struct ChannelMetrics {
  double chi2_sy = 0, chi2_xy = 0;
  Vector pics_sy, pics_xy;  ///< PICs of P_{S,Y} and P_{X,Y}, descending
  double maximal_correlation_sy = 0, maximal_correlation_xy = 0;
};
/// Checks q (a mechanism with |X| columns: "/q/...") and the joint ("/joint/...") first. The
/// argument order of every family: the mechanism, then the distribution it is measured under.
ChannelMetrics measure(const Matrix& q, const Joint& joint);

/// mmse(h(A)|Y) with h normalised under P_A (mean 0, norm 1) as Formulation 1 normalises it,
/// for the joint p_ay [a][y] and the marginal pa = P_A. Throws "constant_function" for a constant h.
/// Checks its arguments ("/p_ay", "/h", "/pa": shapes, finite, pa a distribution) first.
double normalized_mmse(const Matrix& p_ay, const Vector& h, const Vector& pa);
/// mmse(h(A)|Y) / Var(h(A)) for each function h under P_A = pa (Section 1.3), and 1 for a
/// function constant under pa (nothing to learn about it): the "true" block of a response, where a
/// function of the design may be constant under P*. Checks its arguments like normalized_mmse.
std::vector<double> normalized_mmse_or_one(const Matrix& p_ay, const std::vector<Vector>& functions, const Vector& pa);

}  // namespace privlab::estimation
