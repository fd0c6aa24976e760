/**
 * @file typed_api.cpp
 * @brief The typed estimation API (privlab/estimation.h): the chi-square summary, Theorem 3 and
 *        Formulation 1 with their audits, the chi-square metrics of a mapping. No JSON: the
 *        handler and the experiments write these results (estimation/report_json.h).
 */
#include "privlab/estimation.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

#include "common/error.h"
#include "common/field_path.h"

namespace privlab::estimation {

Analysis analyze(const Matrix& joint_sx) {
  Analysis a;
  a.pics = pic_decomposition(joint_sx);
  a.upper_bound = upper_bound(a.pics);
  a.lower_bound = lower_bound(a.pics);
  a.simple_bound = simple_bound(a.pics);
  a.maximal_correlation = maximal_correlation(a.pics);
  a.delta = delta(a.pics);
  return a;
}

std::optional<AuditedTheorem3> theorem3(const Matrix& joint_sx, const PicDecomposition& pics) {
  auto t3 = theorem3_mapping(joint_sx, pics);
  if (!t3) return std::nullopt;
  const audit::Claim claim{"chi2", t3->px_min * t3->lambda_min, t3->chi2_s};
  audit::Report report = audit::audit_mechanism(t3->mechanism, claim);
  return AuditedTheorem3{std::move(*t3), std::move(report)};
}

std::optional<AuditedPerfectPrivacy> perfect_privacy(const Matrix& joint_sx, const PicDecomposition& pics) {
  const PerfectPrivacy pp = perfect_privacy_point(joint_sx, pics);
  if (!pp.mechanism) return std::nullopt;
  AuditedPerfectPrivacy out;
  const auto [cs, cx] = chi2_of_mechanism(joint_sx, *pp.mechanism);
  out.f0_lower = pp.f0_lower;
  out.chi2_x = cx;
  out.mechanism = *pp.mechanism;
  out.audit = audit::audit_mechanism(out.mechanism, {"chi2", 0.0, cs});
  return out;
}

namespace {
/// Shapes and ranges of a typed Formulation 1 input (the JSON reader checks the same fields
/// with their request paths before this).
void check_input(const Formulation1Input& in) {
  const long ns = in.joint_sx.rows(), nx = in.joint_sx.cols();
  const Vector ps = in.joint_sx.rowwise().sum(), px = in.joint_sx.colwise().sum().transpose();
  for (std::size_t i = 0; i < in.private_functions.size(); ++i) {
    const std::string path = field_path::child("/private_functions", i);
    if (in.private_functions[i].size() != ns) bad_request("shape_mismatch", path, "a private function has |S| values");
    normalise_function(in.private_functions[i], ps, path);  // refuses a constant function
  }
  if (in.useful_functions.empty()) bad_request("missing_field", "/useful_functions", "Formulation 1 needs useful functions");
  for (std::size_t j = 0; j < in.useful_functions.size(); ++j) {
    const std::string path = field_path::child("/useful_functions", j);
    if (in.useful_functions[j].size() != nx) bad_request("shape_mismatch", path, "a useful function has |X| values");
    normalise_function(in.useful_functions[j], px, path);
  }
  if (in.theta.size() != in.private_functions.size())
    bad_request("shape_mismatch", "/theta", "one theta per private function");
  for (std::size_t i = 0; i < in.theta.size(); ++i)
    if (!(in.theta[i] >= 0 && in.theta[i] <= 1))
      bad_request("out_of_range", field_path::child("/theta", i), "theta must lie in [0,1]");
  const std::size_t n = in.useful_functions.size();
  std::vector<long> sorted = in.order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 0; k < sorted.size(); ++k)
    if (sorted.size() != n || sorted[k] != static_cast<long>(k))
      bad_request("not_a_permutation", "/order", "'order' must list each useful-function index once");
  if (!in.weights.empty() && in.weights.size() != n)
    bad_request("shape_mismatch", "/weights", "one weight per useful function");
  for (std::size_t k = 0; k < in.weights.size(); ++k)
    if (!(in.weights[k] >= 0)) bad_request("out_of_range", field_path::child("/weights", k), "weights must be >= 0");
  if (!(in.tolerance >= 1e-8 && in.tolerance <= 1e-2))
    bad_request("out_of_range", "/tolerance", "tolerance must lie in [1e-8, 1e-2]");
}
}  // namespace

AuditedDesign design(const Formulation1Input& input) {
  check_input(input);
  AuditedDesign out;
  out.result = solve_formulation1(input);
  // Every private function, also those independent of X (measured leakage 0): the mechanism
  // itself is always checked.
  for (std::size_t i = 0; i < out.result.privates.size(); ++i) {
    const audit::Claim claim{"mmse-leakage", 1.0 - input.theta[i], 1.0 - out.result.privates[i].mmse};
    out.audits.push_back(audit::audit_mechanism(out.result.mechanism, claim));
  }
  return out;
}

ChannelMetrics measure(const Matrix& joint_sx, const Matrix& q) {
  if (q.cols() != joint_sx.cols())
    bad_request("wrong_input_count", "/evaluate", "the mapping needs |X| = " + std::to_string(joint_sx.cols()) + " columns");
  ChannelMetrics m;
  std::tie(m.chi2_sy, m.chi2_xy) = chi2_of_mechanism(joint_sx, q);
  const Vector px = joint_sx.colwise().sum().transpose();
  const Matrix p_sy = joint_sx * q.transpose();
  const Matrix p_xy = px.asDiagonal() * q.transpose();
  m.pics_sy = pic_decomposition(p_sy).pics;
  m.pics_xy = pic_decomposition(p_xy).pics;
  m.maximal_correlation_sy = m.pics_sy.size() ? std::sqrt(m.pics_sy(0)) : 0.0;
  m.maximal_correlation_xy = m.pics_xy.size() ? std::sqrt(m.pics_xy(0)) : 0.0;
  return m;
}

double normalized_mmse(const Matrix& p_ay, const Vector& h, const Vector& pa) {
  return mmse_direct(p_ay, normalise_function(h, pa, ""));
}

}  // namespace privlab::estimation
