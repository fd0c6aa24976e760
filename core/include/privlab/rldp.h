/**
 * @file rldp.h
 * @brief privlab's typed API, family rldp: robust local differential privacy [rldp] (Lopuhaa-
 *        Zwakenberg & Goseling). The JSON family "rldp" (core/rldp/handler.cpp) answers a
 *        mechanism request with exactly these computations.
 *
 * Example (examples/cpp/):
 *   const privlab::Joint p = privlab::make_joint(Matrix{{0.07, 0.10}, {0.26, 0.57}});
 *   const auto d = privlab::rldp::design(p, privlab::rldp::Mechanism::kPolyOpt, std::log(2.0),
 *                                        privlab::rldp::renyi_ball(2.0, 0.1));
 *   d.mechanism  // [y][x], x = s*|U| + u;  d.audit.verified;  d.metrics.robust.value
 */
#pragma once
#include <string>
#include <vector>

#include "privlab/audit.h"
#include "privlab/model.h"
#include "privlab/rldp_options.h"
#include "rldp/evaluation.h"
#include "rldp/mechanisms.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

/// The mechanisms of [rldp]: GRR (Definition 2's baseline), SRR (Section 5, Proposition 3),
/// IR (independent reporting, Section 6), NR (PolyOpt for F = {P-hat}) and PolyOpt
/// (Definition 3 / Theorem 2: the best vertex of the polytope of (eps, F)-RLDP mechanisms).
enum class Mechanism { kGrr, kSrr, kIr, kNr, kPolyOpt };
/// "grr", "srr", "ir", "nr", "polyopt" (the JSON names).
const char* mechanism_name(Mechanism m);
/// The inverse; throws bad_request("unknown_value", "/mechanism") for another name.
Mechanism mechanism_from_name(const std::string& name);

/// F = {P-hat}.
UncertaintySet point_set();
/// F = the whole simplex.
UncertaintySet simplex_set();
/// F = {P : D_alpha(P-hat || P) <= radius} [rldp eq. (8)].
UncertaintySet renyi_ball(double alpha, double radius);
/// The Renyi ball of confidence level `confidence` from n samples [rldp eq. (9) for alpha = 2].
UncertaintySet renyi_ball_confidence(double alpha, double confidence, long long n, long num_x);

/// What privlab reports about a mechanism Q on X = (S, U).
struct Metrics {
  Evaluation under_hat;        ///< I(X;Y), NMI and realized epsilon under P-hat
  RobustEpsilon robust;        ///< max over F of the realized epsilon [rldp Definition 1]
  double ldp_epsilon = 0;      ///< Definition 2 (worst case over all inputs)
  double simplex_epsilon = 0;  ///< Proposition 3 (worst realized epsilon over every P)
};
/// Measures Q [y][x] (|X| = |S||U| columns) for P-hat = joint over F.
Metrics measure(const Matrix& q, const Joint& joint, const UncertaintySet& set = {});

/// A designed mechanism: the matrix, its audit (the claim re-measured from the matrix) and its
/// metrics. The same numbers as the JSON response's mechanism, audit, mutual_information, nmi,
/// epsilon, robust_epsilon(_exact) for the same request.
struct Design {
  Matrix mechanism;  ///< [y][x], x = s*|U| + u; columns are distributions
  audit::Report audit;
  Metrics metrics;
  DesignDetails details;  ///< vertices, LP utility, IR's d/eps1/eps2/delta2, repairs (rldp/mechanisms.h)
};

/**
 * Designs mechanism `m` for P-hat = joint at level epsilon over F (design_mechanism in
 * core/rldp/mechanisms.h), audits it and measures it; the JSON handler answers a mechanism
 * request with this call. Claims: GRR "ldp", SRR "rldp-simplex",
 * IR and PolyOpt "rldp" over F (robust epsilon), NR "rldp-point". Throws privlab::Error.
 */
Design design(const Joint& joint, Mechanism m, double epsilon, const UncertaintySet& set = {},
              const DesignOptions& options = {});

}  // namespace privlab::rldp
