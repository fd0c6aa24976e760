/**
 * @file explicit_protocols.h
 * @brief GRR (28)-(29), OUE (30)-(32) and Conditional Reporting (Algorithm 1, (33)-(34), (46)),
 *        their privacy in closed form, and calibration of their parameter alpha to a target
 *        LIP or LDP (w.r.t. S) by bisection [funnel Section VII].
 *
 * alpha = +infinity is allowed: GRR becomes the identity, OUE reports {x} or {} with prob. 1/2,
 * CR reports x. The joint is p(s,x) [s][x].
 */
#pragma once
#include <string>

#include "common/linalg.h"

namespace privlab::funnel {

enum class Protocol { kGrr, kOue, kCr };
enum class Target { kLip, kLdp };

/// GRR^alpha of eq. (28): a x a.
Matrix grr_matrix(long a, double alpha);
/**
 * OUE^alpha of eq. (31), 2^a x a. Output y is a subset of X coded as a bit mask (bit x set when
 * x in y). ERRATUM (docs/errata.md): (31) prints alpha where the alphabet size a is meant:
 * OUE_{y|x} = e^{(a-#y) alpha} / (2 (e^alpha+1)^{a-1}) if x in y, e^{(a-#y-1) alpha} / (...) if not.
 */
Matrix oue_matrix(long a, double alpha);
/**
 * CR^alpha (Algorithm 1) as a matrix [y][s*a + x]. ERRATUM (docs/errata.md): (46) lost a
 * Kronecker delta: Q[y|x,s] = (e^alpha delta_{x=y} + sum_{s'!=s} p(y|s')) / (e^alpha + c - 1).
 * Requires p_s > 0 for every s.
 */
Matrix cr_matrix(const Matrix& joint, double alpha);

/// The protocol's matrix for any of the three.
Matrix protocol_matrix(Protocol protocol, const Matrix& joint, double alpha);

/**
 * Privacy of the protocol at alpha in closed form: LIP by (29) for GRR, (32) for OUE, L(alpha)
 * of (33) for CR; LDP w.r.t. S by the same ratios taken between two secrets. Independent of the
 * matrix code (the tests compare both).
 */
double closed_form_privacy(Protocol protocol, Target target, const Matrix& joint, double alpha);

/// I(X;Y) of OUE^alpha without building its 2^a x a matrix (H(Y) - H(Y|X)), for a <= 24.
double oue_utility(const Vector& px, double alpha);

struct Calibration {
  double alpha = 0;             ///< the calibrated parameter (+infinity when even alpha = inf is below)
  double achieved = 0;          ///< closed-form privacy at alpha (<= target)
  bool reaches_target = false;  ///< |achieved - target| <= 1e-9
};

/**
 * Solves closed_form_privacy(alpha) = target for alpha >= 0 by bisection to 1e-12 (the privacy
 * is increasing in alpha: each ratio (1 + t A)/(1 + t B), t = e^alpha - 1, moves monotonically
 * from 1 to A/B). Returns the feasible end, so achieved <= target always.
 */
Calibration calibrate(Protocol protocol, Target target, const Matrix& joint, double epsilon);

const char* protocol_name(Protocol protocol);

}  // namespace privlab::funnel
