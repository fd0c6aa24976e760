/**
 * @file typed_api.cpp
 * @brief The typed game API (privlab/game.h): inputs without JSON, and design + audits +
 *        evaluation in one call (the steps of the JSON handler).
 */
#include "privlab/game.h"

#include <cmath>
#include <string>

#include "common/arguments.h"
#include "common/error.h"

namespace privlab::game {

namespace {
void check_square(const Matrix& m, long n, const char* path, const char* what) {
  if (m.rows() != n || m.cols() != n)
    bad_request("wrong_shape", path, std::string(what) + " must be |S| x |S| = " + std::to_string(n) + " x " + std::to_string(n));
  arguments::finite(m, path);
  arguments::non_negative(m, path, "out_of_range");
}
}  // namespace

GameInputs make_inputs(const Vector& prior, const Matrix& distance, const std::optional<Matrix>& loss,
                       const std::optional<Matrix>& dp_distance) {
  const long n = prior.size();
  if (n < 1) bad_request("missing_field", "/prior", "the prior needs at least one secret");
  arguments::distribution(prior, "/prior");
  check_square(distance, n, "/distance", "distance");
  GameInputs in;
  in.prior = prior / prior.sum();
  in.distance = distance;
  in.dp_distance = dp_distance ? *dp_distance : distance;
  check_square(in.dp_distance, n, "/dp_distance", "dp_distance");
  if (loss) {
    if (loss->cols() != n) bad_request("wrong_shape", "/utility_loss", "utility_loss needs |S| columns");
    arguments::finite(*loss, "/utility_loss");
    arguments::non_negative(*loss, "/utility_loss", "out_of_range");
    in.loss = *loss;
    if (loss->rows() == n) in.obs_distance = distance;  // observables are the secrets
  } else {
    in.loss = hamming_loss(n);
    in.obs_distance = distance;
  }
  return in;
}

AuditedDesign design_audited(const GameInputs& in, const DesignOptions& opt) {
  // The levels a kind needs (the JSON request requires them): eps_m for (22)/(23)/(24), d_m
  // for (21)/(24); finite and >= 0.
  if (opt.kind != MechanismKind::kDistortion) arguments::in_range(opt.epsilon, "/epsilon", 0, 50);
  if (opt.kind != MechanismKind::kDp) arguments::in_range(opt.min_distortion, "/min_distortion", 0, 1e12);
  AuditedDesign out;
  out.design = design(in, opt);
  out.evaluation = evaluate(out.design.p, in);
  if (opt.kind != MechanismKind::kDistortion) out.dp_audit = audit_dp(out.design.p, in, opt);
  if (opt.kind != MechanismKind::kDp) out.distortion_audit = audit_distortion(out.design.p, in, opt);
  return out;
}

}  // namespace privlab::game
