/**
 * @file typed_api.cpp
 * @brief The typed game API (privlab/game.h): inputs without JSON, and design + audits +
 *        evaluation in one call (the steps of the JSON handler).
 */
#include "privlab/game.h"

#include <cmath>
#include <string>

#include "common/error.h"

namespace privlab::game {

namespace {
void check_square(const Matrix& m, long n, const char* path, const char* what) {
  if (m.rows() != n || m.cols() != n)
    bad_request("wrong_shape", path, std::string(what) + " must be |S| x |S| = " + std::to_string(n) + " x " + std::to_string(n));
  if (!m.allFinite() || m.minCoeff() < 0) bad_request("out_of_range", path, std::string(what) + " entries must be finite and >= 0");
}
}  // namespace

GameInputs make_inputs(const Vector& prior, const Matrix& distance, const std::optional<Matrix>& loss,
                       const std::optional<Matrix>& dp_distance) {
  const long n = prior.size();
  if (n < 1) bad_request("missing_field", "/prior", "the prior needs at least one secret");
  if (!prior.allFinite() || prior.minCoeff() < 0 || std::abs(prior.sum() - 1) > 1e-6)
    bad_request("not_a_distribution", "/prior", "the prior must be non-negative and sum to 1");
  check_square(distance, n, "/distance", "distance");
  GameInputs in;
  in.prior = prior / prior.sum();
  in.distance = distance;
  in.dp_distance = dp_distance ? *dp_distance : distance;
  check_square(in.dp_distance, n, "/dp_distance", "dp_distance");
  if (loss) {
    if (loss->cols() != n) bad_request("wrong_shape", "/utility_loss", "utility_loss needs |S| columns");
    if (!loss->allFinite() || loss->minCoeff() < 0) bad_request("out_of_range", "/utility_loss", "utility losses must be >= 0");
    in.loss = *loss;
    if (loss->rows() == n) in.obs_distance = distance;  // observables are the secrets
  } else {
    in.loss = hamming_loss(n);
    in.obs_distance = distance;
  }
  return in;
}

AuditedDesign design_audited(const GameInputs& in, const DesignOptions& opt) {
  AuditedDesign out;
  out.design = design(in, opt);
  out.evaluation = evaluate(out.design.p, in);
  if (opt.kind != MechanismKind::kDistortion) out.dp_audit = audit_dp(out.design.p, in, opt);
  if (opt.kind != MechanismKind::kDp) out.distortion_audit = audit_distortion(out.design.p, in, opt);
  return out;
}

}  // namespace privlab::game
