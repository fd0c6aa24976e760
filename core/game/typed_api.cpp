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
void check_sized(const Matrix& m, long rows, long n, const char* path, const char* what) {
  if (m.rows() != rows || m.cols() != n)
    bad_request("wrong_shape", path,
                std::string(what) + " must be " + std::to_string(rows) + " x " + std::to_string(n));
  arguments::finite(m, path);
  arguments::non_negative(m, path, "out_of_range");
}
void check_square(const Matrix& m, long n, const char* path, const char* what) {
  check_sized(m, n, n, path, (std::string(what) + " (|S| x |S|)").c_str());
}
// A level the kind needs: given (not NaN: DesignOptions' default) and within [lo, hi].
void check_level(double x, const char* name, MechanismKind kind, double hi) {
  if (std::isnan(x))
    bad_request("missing_field", std::string("/") + name,
                std::string("mechanism '") + mechanism_name(kind) + "' needs " + name);
  arguments::in_range(x, std::string("/") + name, 0, hi);
}
}  // namespace

void check_inputs(const GameInputs& in) {
  const long n = in.num_secrets(), m = in.num_observables();
  if (n < 1) bad_request("missing_field", "/prior", "the prior needs at least one secret");
  arguments::distribution(in.prior, "/prior");
  if (m < 1) bad_request("wrong_shape", "/utility_loss", "utility_loss needs at least one observable (row)");
  check_sized(in.loss, m, n, "/utility_loss", "utility_loss");
  check_square(in.distance, n, "/distance", "distance");
  check_square(in.dp_distance, n, "/dp_distance", "dp_distance");
  if (in.obs_distance) check_sized(*in.obs_distance, m, n, "/obs_distance", "obs_distance (|O| x |S|)");
}

void check_design_arguments(const GameInputs& in, const DesignOptions& opt) {
  check_inputs(in);
  // The levels a kind needs (the JSON request requires them): eps_m for (22)/(23)/(24), d_m
  // for (21)/(24).
  if (opt.kind != MechanismKind::kDistortion) check_level(opt.epsilon, "epsilon", opt.kind, arguments::kMaxEpsilon);
  if (opt.kind != MechanismKind::kDp) check_level(opt.min_distortion, "min_distortion", opt.kind, 1e12);
  if (opt.dp_threshold) arguments::in_range(*opt.dp_threshold, "/dp_threshold", 0, 1e12);
  if (opt.approx_threshold) arguments::in_range(*opt.approx_threshold, "/approx_threshold", 0, 1e12);
}

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
  AuditedDesign out;  // design() checks the arguments (check_design_arguments)
  out.design = design(in, opt);
  out.evaluation = evaluate(out.design.p, in);
  if (opt.kind != MechanismKind::kDistortion) out.dp_audit = audit_dp(out.design.p, in, opt);
  if (opt.kind != MechanismKind::kDp) out.distortion_audit = audit_distortion(out.design.p, in, opt);
  return out;
}

}  // namespace privlab::game
