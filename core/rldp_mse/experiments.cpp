/**
 * @file experiments.cpp
 * @brief Figure 2a-2d of [mse Section V] as requests of family "rldp-mse", the JSON edge: read
 *        the parameters, call rldp_mse/experiment_runs.h, write rows, plots and notes.
 */
#include "rldp_mse/experiments.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "common/work_budget.h"
#include "json/experiment_units.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "rldp_mse/experiment_runs.h"

namespace privlab::rldp_mse {

namespace jr = json_read;
namespace jw = json_write;

namespace {
Setup read_setup(const nlohmann::json& r, long default_k) {
  Setup s;
  s.num_s = static_cast<long>(jr::number_or(r, "num_s", "", 2, 4, 3));
  s.num_u = static_cast<long>(jr::number_or(r, "num_u", "", 2, 6, 5));
  s.epsilon = jr::number_or(r, "epsilon", "", 0.01, 10, 0.5);
  s.alpha = jr::number_or(r, "alpha", "", 1e-6, 0.5, 0.05);
  s.concentration = jr::number_or(r, "dirichlet", "", 0.05, 100, 0.5);
  s.k = static_cast<long>(jr::number_or(r, "K", "", 1, 5000, static_cast<double>(default_k)));
  s.seed = static_cast<unsigned long long>(jr::number_or(r, "seed", "", 0, 9e15, 1));
  if (r.contains("problems")) {
    const auto& list = r.at("problems");
    if (!list.is_array() || list.empty())
      bad_request("not_a_vector", "/problems", "problems must be a non-empty array of names");
    s.problems.clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = list[i].is_string() ? list[i].get<std::string>() : "";
      const auto& names = problem_names();
      if (std::find(names.begin(), names.end(), name) == names.end())
        bad_request("unknown_value", jr::child("/problems", i), "expected nunp, nurp, runp or rurp");
      s.problems.push_back(problem_from_name(name));
    }
  }
  return s;
}

/// How the cutting-plane loops ended over a run (an LP failure is e.g. GLPK's iteration limit).
std::string solver_note(long trouble, long unconverged, long total) {
  return "solver: " + std::to_string(unconverged) + " of " + std::to_string(total) +
         " solves stopped at max_rounds with a small gap (still certified); " + std::to_string(trouble) +
         " ended early because an LP failed (best earlier result kept)";
}

bool allow_large(const nlohmann::json& r) {
  if (!r.contains("allow_large")) return false;
  if (!r["allow_large"].is_boolean()) bad_request("not_a_boolean", "/allow_large", "expected true or false");
  return r["allow_large"].get<bool>();
}

/// Native CPU seconds of one problem solved by cutting planes on the default 3 x 5 instance
/// (README, "Measured": 32,000 solves of Figure 2c/2d in about 8 min of CPU, Figure 2a's 120 in
/// 2.5 s); larger alphabets cost more LP rows per round: scaled by (|S||U| / 15)^2.
constexpr double kSecondsPerSolve = 0.02;

/// The work guard (common/work_budget.h): K x (number of n) x (number of problems) solves. K
/// drives it (its default for figure2cd, 1000 as in the paper, is a command-line run).
void guard_work(const nlohmann::json& r, const Setup& s, long num_n) {
  if (s.k * num_n * static_cast<long>(s.problems.size()) > 40000)
    bad_request("too_large", "/K", "K x (number of n) x (number of problems) is limited to 40000");
  const double solves = static_cast<double>(s.k) * static_cast<double>(num_n) * static_cast<double>(s.problems.size());
  const double size = static_cast<double>(s.num_s * s.num_u) / 15.0;
  std::string what = std::to_string(static_cast<long>(solves)) + " cutting-plane solves (K = " + std::to_string(s.k) +
                     (r.contains("K") ? "" : ", the default") + ")";
  work::guard(solves * kSecondsPerSolve * std::max(1.0, size * size), allow_large(r), "/K", what);
}

/// Figure 2a/2b: one unit per instance i (its own seed); the rows of its problems.
units::Plan figure2_scatter(const nlohmann::json& r, const std::string& name) {
  const Setup s = read_setup(r, 30);
  const long long n = jr::positive_integer(r, "n", "", 10'000'000);
  guard_work(r, s, 1);
  // "instances": solve only these (0-based) of the K drawn, to re-run one row of a large run.
  std::vector<bool> wanted(static_cast<std::size_t>(s.k), !r.contains("instances"));
  if (r.contains("instances")) {
    const Vector v = jr::vector(r.at("instances"), "/instances", 5000);
    for (long i = 0; i < v.size(); ++i) {
      if (!(v(i) >= 0 && v(i) < static_cast<double>(s.k) && v(i) == std::floor(v(i))))
        bad_request("out_of_range", jr::child("/instances", static_cast<std::size_t>(i)),
                    "an instance is an integer in [0, K)");
      wanted[static_cast<std::size_t>(v(i))] = true;
    }
  }
  units::Plan plan;
  plan.name = name;
  plan.count = s.k;
  plan.run = [s, n, wanted](long i, const Context& context) {
    nlohmann::json rows = nlohmann::json::array();
    long inf_count = 0, trouble = 0, unconverged = 0;
    if (wanted[static_cast<std::size_t>(i)]) {
      context.report(0, "instance " + std::to_string(i + 1) + " of " + std::to_string(s.k));
      const auto solved = solve_instance(s, n, units::unit_seed(s.seed, static_cast<std::uint64_t>(i)));
      for (std::size_t j = 0; j < solved.size(); ++j) {
        const Problem p = s.problems[j];
        const Evaluation& e = solved[j];
        if (std::isinf(*e.true_epsilon)) ++inf_count;
        trouble += e.solved.lp_trouble ? 1 : 0;
        unconverged += e.solved.converged ? 0 : 1;
        rows.push_back({n, i, problem_name(p), jw::real(*e.true_epsilon), *e.true_distortion,
                        jw::real(e.robust_epsilon.value), e.robust_distortion.value, *e.true_in_set, e.solved.rounds,
                        e.solved.converged, e.solved.lp_trouble, e.distortion});
      }
    }
    return nlohmann::json{{"rows", rows}, {"infinite", inf_count}, {"trouble", trouble}, {"unconverged", unconverged}};
  };
  plan.assemble = [s, n, name](const std::vector<nlohmann::json>& results) {
    nlohmann::json rows = nlohmann::json::array();
    long inf_count = 0, trouble = 0, unconverged = 0;
    for (const auto& u : results) {
      for (const auto& row : u["rows"]) rows.push_back(row);
      inf_count += u["infinite"].get<long>();
      trouble += u["trouble"].get<long>();
      unconverged += u["unconverged"].get<long>();
    }
    const long total = static_cast<long>(rows.size());
    return nlohmann::json{
        {"experiment", name},
        {"columns",
         {"n", "instance", "problem", "epsilon_star", "distortion_star", "robust_epsilon", "robust_distortion",
          "true_in_F", "rounds", "converged", "lp_trouble", "distortion_hat"}},
        {"rows", rows},
        {"plots",
         {{{"title", "Figure 2" + std::string(name == "figure2b" ? "b" : "a") +
                         ": eps* against D* (K = " + std::to_string(s.k) + ", n = " + std::to_string(n) + ")"},
           {"kind", "scatter"},
           {"x", "distortion_star"},
           {"y", "epsilon_star"},
           {"group", "problem"},
           {"x_label", "D* (eq. 31)"},
           {"y_label", "eps* (eq. 32)"}}}},
        {"notes",
         {"design epsilon " + std::to_string(s.epsilon) + ", alpha " + std::to_string(s.alpha) +
              ", |S| = " + std::to_string(s.num_s) + ", |U| = " + std::to_string(s.num_u) + ", P* ~ Dirichlet(" +
              std::to_string(s.concentration) +
              "), instance i drawn with "
              "its own seed (unit_seed(seed, i))",
          std::to_string(inf_count) + " of " + std::to_string(total) +
              " results have eps* = Infinity (the paper omits them from the figure)",
          "true_in_F: whether P* lies in the confidence set F (probability about 1 - alpha)",
          solver_note(trouble, unconverged, total)}}};
  };
  return plan;
}

/// A number written by jw::real ("Infinity" for +inf) read back.
double read_real(const nlohmann::json& v) {
  if (v.is_string())
    return v.get<std::string>() == "Infinity" ? INFINITY : v.get<std::string>() == "-Infinity" ? -INFINITY : NAN;
  return v.get<double>();
}

/// Figure 2c/2d: one unit per (n, instance) = m K + i, with its own seed; assembled per n.
units::Plan figure2_vs_n(const nlohmann::json& r) {
  const Setup s = read_setup(r, 1000);
  std::vector<long long> multipliers{5, 10, 20, 50, 100, 200, 500, 1000};
  if (r.contains("N_values")) {
    const Vector v = jr::vector(r.at("N_values"), "/N_values", 20);
    multipliers.clear();
    for (long i = 0; i < v.size(); ++i) {
      if (!(v(i) >= 1 && v(i) <= 100000 && v(i) == std::floor(v(i))))
        bad_request("out_of_range", jr::child("/N_values", static_cast<std::size_t>(i)),
                    "N must be an integer in [1, 100000] (n = N |S| |U|)");
      multipliers.push_back(static_cast<long long>(v(i)));
    }
  }
  guard_work(r, s, static_cast<long>(multipliers.size()));
  units::Plan plan;
  plan.name = "figure2cd";
  plan.count = s.k * static_cast<long>(multipliers.size());
  plan.run = [s, multipliers](long unit, const Context& context) {
    const long long n = multipliers[static_cast<std::size_t>(unit / s.k)] * s.num_s * s.num_u;
    context.report(0, "n = " + std::to_string(n) + ": instance " + std::to_string(unit % s.k + 1));
    nlohmann::json eps = nlohmann::json::array(), dist = nlohmann::json::array();
    long trouble = 0, unconverged = 0;
    for (const Evaluation& e : solve_instance(s, n, units::unit_seed(s.seed, static_cast<std::uint64_t>(unit)))) {
      eps.push_back(jw::real(*e.true_epsilon));
      dist.push_back(*e.true_distortion);
      trouble += e.solved.lp_trouble ? 1 : 0;
      unconverged += e.solved.converged ? 0 : 1;
    }
    return nlohmann::json{{"epsilon", eps}, {"distortion", dist}, {"trouble", trouble}, {"unconverged", unconverged}};
  };
  plan.assemble = [s, multipliers](const std::vector<nlohmann::json>& results) {
    nlohmann::json rows = nlohmann::json::array();
    long trouble = 0, unconverged = 0, total = 0;
    for (std::size_t m = 0; m < multipliers.size(); ++m) {
      const long long n = multipliers[m] * s.num_s * s.num_u;
      for (std::size_t j = 0; j < s.problems.size(); ++j) {
        std::vector<double> eps, dist;
        for (long i = 0; i < s.k; ++i) {
          const auto& u = results[m * static_cast<std::size_t>(s.k) + static_cast<std::size_t>(i)];
          eps.push_back(read_real(u["epsilon"][j]));
          dist.push_back(u["distortion"][j].get<double>());
        }
        const CellSummary cell = summarize_cell(eps, dist, s.epsilon);
        const Summary &se = cell.epsilon, &sd = cell.distortion;
        rows.push_back({n, problem_name(s.problems[j]), se.mean, se.sd, se.mean - se.sd, se.mean + se.sd, sd.mean,
                        sd.sd, sd.mean - sd.sd, sd.mean + sd.sd, se.kept, sd.kept, se.non_finite, s.k, cell.above});
      }
    }
    for (const auto& u : results) {
      trouble += u["trouble"].get<long>();
      unconverged += u["unconverged"].get<long>();
      total += static_cast<long>(s.problems.size());
    }
    auto band = [](const std::string& title, const std::string& y, const std::string& label) {
      return nlohmann::json{
          {"title", title},      {"kind", "band"},        {"x", "n"},           {"y", y + "_mean"},
          {"y_low", y + "_low"}, {"y_high", y + "_high"}, {"group", "problem"}, {"x_label", "n = N |S| |U|"},
          {"y_label", label},    {"log_x", true}};
    };
    return nlohmann::json{{"experiment", "figure2cd"},
                          {"columns",
                           {"n", "problem", "epsilon_mean", "epsilon_sd", "epsilon_low", "epsilon_high",
                            "distortion_mean", "distortion_sd", "distortion_low", "distortion_high", "kept_epsilon",
                            "kept_distortion", "infinite_epsilon", "instances", "above_epsilon"}},
                          {"rows", rows},
                          {"plots",
                           {band("Figure 2c: eps* against n (mean +- 1 sd)", "epsilon", "eps*"),
                            band("Figure 2d: D* against n (mean +- 1 sd)", "distortion", "D*")}},
                          {"notes",
                           {"K = " + std::to_string(s.k) +
                                " instances per n; mean and sd after removing values "
                                "outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR] (linear-interpolation quartiles); infinite eps* "
                                "are removed first and counted in infinite_epsilon",
                            "band plots: y is the mean, y_low / y_high are mean -+ sd",
                            "above_epsilon: instances with eps* > eps (all K, before outlier removal)",
                            "instance i at the m-th n is drawn with its own seed (unit_seed(seed, m K + i))",
                            solver_note(trouble, unconverged, total)}}};
  };
  return plan;
}
}  // namespace

bool is_experiment(const std::string& name) { return name == "figure2a" || name == "figure2b" || name == "figure2cd"; }

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context) {
  const std::string name = jr::one_of(request, "experiment", "", {"figure2a", "figure2b", "figure2cd"});
  if (name == "figure2cd") return units::answer(request, figure2_vs_n(request), context);
  nlohmann::json r = request;
  if (!r.contains("n")) r["n"] = name == "figure2b" ? 15000 : 75;
  return units::answer(request, figure2_scatter(r, name), context);
}

}  // namespace privlab::rldp_mse
