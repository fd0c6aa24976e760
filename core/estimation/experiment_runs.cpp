/**
 * @file experiment_runs.cpp
 * @brief The estimation experiments' computations (Sections 6, 7.1, 7.2), typed; the JSON of
 *        their rows, plots and notes is in estimation/experiments.cpp.
 */
#include "estimation/experiment_runs.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "common/error.h"

namespace privlab::estimation {

Matrix parity_bits_joint(double p1, double p2, double e1, double e2) {
  Matrix j(4, 4);
  for (long s = 0; s < 4; ++s)
    for (long x = 0; x < 4; ++x) {
      const long s1 = s / 2, s2 = s % 2, x1 = x / 2, x2 = x % 2;
      const double ps = (s1 ? p1 : 1 - p1) * (s2 ? p2 : 1 - p2);
      j(s, x) = ps * (x1 == s1 ? 1 - e1 : e1) * (x2 == s2 ? 1 - e2 : e2);
    }
  return j;
}

Formulation1Input parity_bits_input(const Matrix& joint, double theta, Objective objective) {
  Formulation1Input in;
  in.joint_sx = joint;
  Vector s1(4), u1(4), u2(4);
  for (long v = 0; v < 4; ++v) {
    const double b1 = v / 2 ? 1 : -1, b2 = v % 2 ? 1 : -1;
    s1(v) = b1;       // s_1(S) = S_1
    u1(v) = b1 * b2;  // u_1(X) = X_1 X_2
    u2(v) = b2;       // u_2(X) = X_2
  }
  in.private_functions = {s1};
  in.useful_functions = {u1, u2};
  in.theta = {theta};
  in.objective = objective;
  return in;
}

ParityBitsRun parity_bits_run(const Matrix& joint, Objective objective, long steps, double tolerance,
                              const Context& context) {
  ParityBitsRun run;
  run.analysis = analyze(joint);
  std::vector<std::pair<double, double>> points{{0.0, 0.0}, {run.analysis.pics.chi2(), 3.0}};
  for (long k = 0; k < steps; ++k) {
    const double theta = static_cast<double>(k) / (steps - 1);
    auto in = parity_bits_input(joint, theta, objective);
    in.tolerance = tolerance;
    const Formulation1Result r = design(in).result;  // audits every design
    points.emplace_back(r.chi2_sy, r.chi2_xy);
    run.worst_gap = std::max(run.worst_gap, evaluate(run.analysis.upper_bound, r.chi2_sy) - r.chi2_xy);
    run.designs.emplace_back(theta, r);
    context.report(static_cast<double>(k + 1) / steps, "Formulation 1 over theta");
  }
  run.theorem3 = theorem3(joint, run.analysis.pics);  // audited
  if (run.theorem3) points.emplace_back(run.theorem3->mapping.chi2_s, run.theorem3->mapping.chi2_x);
  run.hull = concave_hull(points);
  return run;
}

AdultDesign adult_design(const adult::CategoricalTable& table, bool income_first, double tolerance) {
  const Matrix joint = table.as_matrix(2) / static_cast<double>(table.n);
  const auto& sex = table.labels[0];
  const auto& race = table.labels[1];
  const auto& edu = table.labels[2];
  const auto& income = table.labels[3];
  const long ns = joint.rows(), nx = joint.cols();
  AdultDesign d;
  Formulation1Input& in = d.input;
  in.joint_sx = joint;
  // Private functions (on S = sex x race, race fastest): Gender, each Race.
  for (std::size_t a = 0; a < sex.size(); ++a)
    if (sex[a] == "Male") {
      Vector h = Vector::Zero(ns);
      for (std::size_t r = 0; r < race.size(); ++r) h(a * race.size() + r) = 1;
      in.private_functions.push_back(h);
      d.private_names.push_back("Gender: Male");
    }
  for (std::size_t r = 0; r < race.size(); ++r) {
    Vector h = Vector::Zero(ns);
    for (std::size_t a = 0; a < sex.size(); ++a) h(a * race.size() + r) = 1;
    in.private_functions.push_back(h);
    d.private_names.push_back("Race: " + race[r]);
  }
  // Useful functions (on X = education-num x income, income fastest): Income, Education = k.
  auto income_fn = [&]() {
    Vector h = Vector::Zero(nx);
    for (std::size_t e = 0; e < edu.size(); ++e)
      for (std::size_t i = 0; i < income.size(); ++i)
        if (income[i].find('>') != std::string::npos) h(e * income.size() + i) = 1;
    return h;
  };
  std::vector<std::pair<int, std::size_t>> years;  // numeric education years, label index
  for (std::size_t e = 0; e < edu.size(); ++e) years.emplace_back(std::stoi(edu[e]), e);
  std::sort(years.begin(), years.end());
  if (income_first) {
    in.useful_functions.push_back(income_fn());
    d.useful_names.push_back("Income >50K");
  }
  for (const auto& [y, e] : years) {
    Vector h = Vector::Zero(nx);
    for (std::size_t i = 0; i < income.size(); ++i) h(e * income.size() + i) = 1;
    in.useful_functions.push_back(h);
    d.useful_names.push_back("Education years: " + std::to_string(y));
  }
  if (!income_first) {
    in.useful_functions.push_back(income_fn());
    d.useful_names.push_back("Income >50K");
  }
  in.tolerance = tolerance;
  return d;
}

std::vector<AdultStep> adult_sweep(AdultDesign d, long steps, const std::vector<Objective>& objectives,
                                   const Context& context) {
  std::vector<AdultStep> out;
  Formulation1Input& in = d.input;
  long done = 0;
  const long total = steps * static_cast<long>(objectives.size());
  for (long k = 0; k < steps; ++k) {
    const double theta = static_cast<double>(k) / (steps - 1);
    for (const Objective objective : objectives) {
      in.objective = objective;
      in.theta.assign(in.private_functions.size(), theta);
      out.push_back({theta, objective, design(in).result});  // audits every design
      context.report(static_cast<double>(++done) / total,
                     std::string("Formulation 1 over theta (") + (objective == Objective::kMin ? "min" : "sum") + ")");
    }
  }
  return out;
}

RobustnessRun robustness_run(const Matrix& truth, const Formulation1Input& design, const std::vector<long long>& ns,
                             long trials, double beta, std::uint64_t seed, const Context& context) {
  std::mt19937_64 rng(seed);
  RobustnessRun run;
  long done = 0;
  for (auto n : ns) {
    RobustnessAtN at{n, theorem6_bound(truth, n, beta), {}, 0};
    for (long t = 0; t < trials; ++t) {
      const Matrix hat = sample_empirical(truth, n, rng);
      Formulation1Input in = design;
      in.joint_sx = hat;
      Formulation1Result r;
      try {
        r = solve_formulation1(in);  // W designed on P-hat (Fig. 2, training)
      } catch (const Error&) {       // a function constant on a tiny sample: nothing to design
        ++run.skipped;
        continue;
      }
      const auto [hs, hx] = chi2_of_mechanism(hat, r.mechanism);
      const auto [ts, tx] = chi2_of_mechanism(truth, r.mechanism);  // testing on P
      const double gs = std::abs(ts - hs), gx = std::abs(tx - hx);
      const auto [ls, lx] = lemma5_bounds(truth, hat);
      at.trials.push_back({t, gs, gx, ls, lx});
      if (gs <= at.bound.bound_s && gx <= at.bound.bound_x) ++at.within;
      context.report(static_cast<double>(++done) / (trials * static_cast<double>(ns.size())), "sampling and designing");
    }
    run.per_n.push_back(std::move(at));
  }
  return run;
}

}  // namespace privlab::estimation
