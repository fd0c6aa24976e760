/**
 * @file funnel.h
 * @brief privlab's typed API, family funnel: the privacy funnel with LDP/LIP guarantees
 *        [funnel]. The joint is p(s,x) [s][x]; protocols are Q [y][x] (or [y][s*|X|+x] when
 *        they read the secret, as Conditional Reporting does).
 *
 *   optimal_ldp(joint, eps)        Theorem 2: the best vertex of Gamma (5)-(7)
 *   optimal_lip(joint, eps)        Theorem 3: vertices of Delta (15) and the LP (17)-(19)
 *   grr_matrix / oue_matrix / cr_matrix, protocol_matrix   (28), (31), Algorithm 1 / (46)
 *   calibrate(protocol, target, joint, eps)   alpha with closed-form privacy (29)/(32)/(33) = eps
 *   utility (I(X;Y), Problem 2), leakage (I(S;Y), Problem 1), lip (27), ldp_secret (1),
 *   ldp_input, srlip (22)
 *   design(joint, mechanism, eps, target, attributes)   one of the above (or the Section VI
 *                                  product), audited, measured: what the JSON handler returns
 *   measure(q, joint, attributes)  utility, leakage, LIP, LDP (and SRLIP) of any protocol
 */
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "funnel/attributes.h"
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_ldp.h"
#include "funnel/optimal_lip.h"
#include "funnel/protocol_metrics.h"
#include "funnel/simplex_view.h"
#include "privlab/audit.h"
#include "privlab/model.h"

namespace privlab::funnel {

/// The designs of family funnel: Theorem 3 (opt-lip), Theorem 2 (opt-ldp), GRR (28), OUE (31),
/// Conditional Reporting (Algorithm 1) calibrated to the target, and the Section VI product.
enum class Mechanism { kOptLdp, kOptLip, kGrr, kOue, kCr, kSrlipProduct };
/// "opt-ldp", "opt-lip", "grr", "oue", "cr", "srlip-product" (the JSON names).
const char* mechanism_name(Mechanism m);
/// The inverse; throws bad_request("unknown_value", "/mechanism") for another name.
Mechanism mechanism_from_name(const std::string& name);

/// Throws bad_request on `attributes` that do not split X (product != |X|: "attributes_mismatch")
/// or that SRLIP (22) cannot visit (more than 10: "too_large"). Empty is allowed (no SRLIP).
void check_attributes(const std::vector<long>& attributes, long num_x);

/// Utility and privacy of a protocol q under one joint [s][x] (the response's metrics).
struct Metrics {
  double mutual_information = 0;      ///< I(X;Y), Problem 2
  double nmi = 0;                     ///< I(X;Y) / H(X) (0 when H(X) = 0)
  double entropy_x = 0;               ///< H(X)
  double leakage = 0;                 ///< I(S;Y), Problem 1
  double lip = 0;                     ///< (27)
  double ldp = 0;                     ///< LDP w.r.t. S, (1)
  double ldp_input = 0;               ///< LDP w.r.t. the protocol's input, (2)
  std::optional<SrlipWitness> srlip;  ///< (22), when attributes are given
};
Metrics measure(const Matrix& q, const Joint& joint, const std::vector<long>& attributes = {});

/// The polytope a vertex design enumerated.
struct Polytope {
  std::string name;    ///< "Delta (15)" or "Gamma (5)-(7)"
  long dimension = 0;  ///< a - 1 for Delta, a(a - 1) for Gamma
  long vertices = 0;
  long outputs = 0;                         ///< rows of the mechanism
  std::optional<long> lp_rows, lp_columns;  ///< the LP (17) of Theorem 3
};

/// One factor of the Section VI product: the best vertex of (23)-(26) at eps/m.
struct AttributePart {
  Matrix mechanism;
  long vertices = 0;
  double epsilon = 0;
};

/// A designed protocol with its audit and its metrics (the numbers of the JSON response).
struct Design {
  Matrix mechanism;                            ///< [y][x], or [y][s*|X| + x] for Conditional Reporting
  audit::Report audit;                         ///< claim "lip" / "ldp" re-measured by lip() / ldp_secret(); for the
                                               ///< product "srlip-measured" (Theorem 4 is false: never certified)
  Metrics metrics;                             ///< under the joint
  std::optional<Polytope> polytope;            ///< opt-lip, opt-ldp
  std::optional<Calibration> calibration;      ///< grr, oue, cr: alpha and the privacy it reaches
  std::vector<std::vector<long>> output_sets;  ///< oue: the subset of X each output stands for
  std::vector<AttributePart> per_attribute;    ///< srlip-product
  std::optional<SimplexView> simplex;          ///< |X| = 3: Delta, p_X and the posteriors
  std::vector<std::string> notes;              ///< e.g. opt-ldp's fallback (issue 28)
};

/**
 * Designs `m` for the joint p(s,x) at level epsilon in [0, 50]; grr/oue/cr are calibrated to
 * `target` (LIP or LDP w.r.t. S), srlip-product needs `attributes`. Audits the matrix (a failed
 * audit is solver_failure "audit_failed") and measures it. Size guards (too_large) as in
 * funnel/size_guards.h. Throws privlab::Error naming the field.
 */
Design design(const Joint& joint, Mechanism m, double epsilon, Target target = Target::kLip,
              const std::vector<long>& attributes = {});

}  // namespace privlab::funnel
