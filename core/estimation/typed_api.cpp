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

#include "common/arguments.h"
#include "common/error.h"
#include "common/field_path.h"

namespace privlab::estimation {

namespace {
/// P(S,X) as probabilities: finite, non-negative, summing to 1 (the joint reader's checks).
void check_joint(const Matrix& joint_sx, const std::string& path) {
  arguments::non_empty(joint_sx, path);
  arguments::finite(joint_sx, path);
  arguments::non_negative(joint_sx, path, "negative_mass");
  if (std::abs(joint_sx.sum() - 1.0) > arguments::kSumTolerance)
    bad_request("not_a_distribution", path, "the joint's entries must sum to 1");
}

/// The checks of normalized_mmse: p_ay [a][y] finite and non-negative, pa a distribution over
/// its rows, h one finite value per a.
void check_mmse_input(const Matrix& p_ay, const Vector& h, const std::string& h_path, const Vector& pa) {
  arguments::measurable(p_ay, "/p_ay");
  arguments::distribution(pa, "/pa");
  arguments::size(pa, "/pa", p_ay.rows(), "one entry per row of p_ay:");
  arguments::finite(h, h_path);
  arguments::size(h, h_path, p_ay.rows(), "one value per row of p_ay:");
}
}  // namespace

Analysis analyze(const Matrix& joint_sx) {
  check_joint(joint_sx, "/joint");
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
  check_joint(in.joint_sx, "/joint");
  for (std::size_t i = 0; i < in.private_functions.size(); ++i)
    arguments::finite(in.private_functions[i], field_path::child("/private_functions", i));
  for (std::size_t j = 0; j < in.useful_functions.size(); ++j)
    arguments::finite(in.useful_functions[j], field_path::child("/useful_functions", j));
  const long ns = in.joint_sx.rows(), nx = in.joint_sx.cols();
  const Vector ps = in.joint_sx.rowwise().sum(), px = in.joint_sx.colwise().sum().transpose();
  for (std::size_t i = 0; i < in.private_functions.size(); ++i) {
    const std::string path = field_path::child("/private_functions", i);
    if (in.private_functions[i].size() != ns) bad_request("shape_mismatch", path, "a private function has |S| values");
    normalise_function(in.private_functions[i], ps, path);  // refuses a constant function
  }
  if (in.useful_functions.empty())
    bad_request("missing_field", "/useful_functions", "Formulation 1 needs useful functions");
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

ChannelMetrics measure(const Matrix& q, const Joint& joint) {
  const Matrix& joint_sx = joint.p;
  arguments::mechanism(q, "/q");
  arguments::input_count(q, "/q", joint_sx.cols(), "the joint (|X| columns)");
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
  check_mmse_input(p_ay, h, "/h", pa);
  return mmse_direct(p_ay, normalise_function(h, pa, "/h"));
}

std::vector<double> normalized_mmse_or_one(const Matrix& p_ay, const std::vector<Vector>& functions, const Vector& pa) {
  std::vector<double> out;
  for (std::size_t i = 0; i < functions.size(); ++i) {
    check_mmse_input(p_ay, functions[i], field_path::child("/functions", i), pa);
    const Vector h = functions[i].array() - pa.dot(functions[i]);
    const double var = pa.dot(h.cwiseProduct(h));
    out.push_back(normalized_or_one(mmse_direct(p_ay, h), var));
  }
  return out;
}

}  // namespace privlab::estimation
