/**
 * @file experiments.cpp
 * @brief Section 8.2-8.5 experiments on synthetic instances (P* ~ Dirichlet(1/2), n samples,
 *        P-hat), the JSON edge: read the parameters, run the instances (rldp/experiment_runs.h),
 *        write and assemble the units; and the experiment dispatcher (Adult and "curve":
 *        experiments_data.cpp).
 */
#include "rldp/experiments.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "common/error.h"
#include "common/work_budget.h"
#include "json/experiment_units.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "rldp/evaluation_json.h"
#include "rldp/experiment_support.h"
#include "rldp/mechanisms.h"
#include "rldp/polyopt.h"

namespace privlab::rldp {

namespace jr = json_read;
namespace jw = json_write;
using namespace experiment;

namespace {
const std::vector<double> kDefaultEpsilons{0.075, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0};

SyntheticParams read_synthetic(const nlohmann::json& r) {
  SyntheticParams p;
  p.k = static_cast<long>(r.contains("K") ? jr::positive_integer(r, "K", "", 1000) : 100);
  if (r.contains("shape")) {
    const Vector s = jr::vector(r.at("shape"), "/shape", 2);
    if (s.size() != 2) bad_request("bad_shape", "/shape", "shape is [|S|, |U|]");
    for (long i = 0; i < 2; ++i)
      if (s(i) != std::floor(s(i)) || s(i) < 1 || s(i) > 64)
        bad_request("out_of_range", jr::child("/shape", static_cast<std::size_t>(i)),
                    "alphabet sizes are whole numbers from 1 to 64");
    p.ns = static_cast<long>(s(0));
    p.nu = static_cast<long>(s(1));
    if (p.ns * p.nu > 256) bad_request("too_large", "/shape", "|S||U| is at most 256");
  }
  if (r.contains("n")) p.n = jr::positive_integer(r, "n", "", 10'000'000);
  p.prior = jr::number_or(r, "prior", "", 1e-3, 1e3, 0.5);
  p.alpha = jr::number_or(r, "alpha", "", 0.01, 100, 2.0);
  if (r.contains("seed")) {
    if (!r.at("seed").is_number_integer() || r.at("seed").get<long long>() < 0)
      bad_request("out_of_range", "/seed", "seed must be a non-negative integer");
    p.seed = r.at("seed").get<std::uint64_t>();
  }
  p.options.same_s_rows = read_bool(r, "same_s_rows", "", true);
  p.options.allow_large = read_bool(r, "allow_large", "", false);
  // Work guard: K * |X|-dependent PolyOpt cost is the page's concern; cap the plain work.
  if (static_cast<double>(p.k) * static_cast<double>(p.n) > 2e9)
    bad_request("too_large", "/K", "K * n is at most 2e9 samples");
  return p;
}

/// The work guard (common/work_budget.h): K instances x epsilons x confidences x the designs.
void guard_synthetic(const SyntheticParams& p, const std::vector<double>& epsilons,
                     const std::vector<double>& confidences, const std::vector<std::string>& mechs) {
  double one = 0;
  for (const auto& m : mechs) one += design_seconds(m, p.ns, p.nu, p.options);
  const double trials = static_cast<double>(p.k) * static_cast<double>(epsilons.size() * confidences.size());
  work::guard(trials * one, p.options.allow_large, "/K",
              std::to_string(static_cast<long>(trials)) + " trials of " + std::to_string(mechs.size()) +
                  " mechanisms on |S||U| = " + std::to_string(p.ns * p.nu) + " (K = " + std::to_string(p.k) + ")");
}

/// Calls sink(k, eps, conf, mechanism, trial, P* in F) for every trial, in (k, conf, eps, mechanism) order.
using Sink = std::function<void(long, double, double, const std::string&, const Trial&, bool)>;

/// Every (instance, confidence, epsilon, mechanism) as units: one unit per instance k, drawn with
/// its own seed (unit_seed(seed, k)). A unit's result lists its trials' numbers; `assemble`
/// replays them through sink in order and then calls finish(notes) for the response.
units::Plan synthetic_plan(const std::string& name, const SyntheticParams& p, const std::vector<double>& epsilons,
                           const std::vector<double>& confidences, const std::vector<std::string>& mechs,
                           std::function<nlohmann::json(const std::vector<nlohmann::json>&)> assemble) {
  guard_synthetic(p, epsilons, confidences, mechs);
  units::Plan plan;
  plan.name = name;
  plan.count = p.k;
  plan.run = [=](long k, const Context& context) {
    Notes notes;
    nlohmann::json trials = nlohmann::json::array();
    for (const SyntheticTrial& s : synthetic_instance(p, units::unit_seed(p.seed, static_cast<std::uint64_t>(k)), k,
                                                      epsilons, confidences, mechs, notes, context)) {
      const Trial& t = s.trial;
      trials.push_back({s.epsilon, s.confidence, s.mechanism, t.hat.mutual_information, t.hat.nmi,
                        jw::real(t.hat.epsilon), t.truth.mutual_information, t.truth.nmi, jw::real(t.truth.epsilon),
                        s.truth_in_set});
    }
    return nlohmann::json{{"trials", trials}, {"notes", notes.list}};
  };
  plan.assemble = std::move(assemble);
  return plan;
}

double real_of(const nlohmann::json& v) {
  if (v.is_string()) return v == "Infinity" ? INFINITY : v == "-Infinity" ? -INFINITY : NAN;
  return v.get<double>();
}

/// Replays the units' trials through sink (k ascending); returns the units' notes, first seen first.
Notes replay(const std::vector<nlohmann::json>& units, const Sink& sink) {
  Notes notes;
  for (std::size_t k = 0; k < units.size(); ++k) {
    for (const auto& r : units[k]["trials"]) {
      Trial t;
      t.hat = {r[3].get<double>(), r[4].get<double>(), real_of(r[5])};
      t.truth = {r[6].get<double>(), r[7].get<double>(), real_of(r[8])};
      sink(static_cast<long>(k), r[0].get<double>(), r[1].get<double>(), r[2].get<std::string>(), t, r[9].get<bool>());
    }
    for (const auto& n : units[k]["notes"]) notes.add(n.get<std::string>());
  }
  return notes;
}

units::Plan synthetic_nmi(const nlohmann::json& r) {
  const SyntheticParams p = read_synthetic(r);
  const auto eps = read_numbers(r, "epsilons", "", 0, 50, 64, kDefaultEpsilons);
  const double conf = jr::number_or(r, "confidence", "", 1e-6, 1 - 1e-9, 0.95);
  const auto mechs = read_mechanisms(r, "", mechanism_names());
  return synthetic_plan(
      "synthetic_nmi", p, eps, {conf}, mechs, [=](const std::vector<nlohmann::json>& units) -> nlohmann::json {
        std::map<std::pair<double, std::string>, std::vector<double>> nmi;
        const Notes notes = replay(units, [&](long, double e, double, const std::string& m, const Trial& t, bool) {
          nmi[{e, m}].push_back(t.hat.nmi);
        });
        nlohmann::json rows = nlohmann::json::array();
        for (double e : eps)
          for (const auto& m : mechs) {
            const auto& v = nmi[{e, m}];
            rows.push_back({e, m, num(mean(v)), num(quantile(v, 0.25)), num(quantile(v, 0.75)), v.size()});
          }
        return {{"experiment", "synthetic_nmi"},
                {"columns", {"epsilon", "mechanism", "nmi_mean", "nmi_q25", "nmi_q75", "runs"}},
                {"rows", rows},
                {"plots",
                 {plot("NMI under P-hat vs epsilon (Figure 3)", "line", "epsilon", "nmi_mean", "mechanism", "epsilon",
                       "mean NMI")}},
                {"notes", notes.list}};
      });
}

units::Plan realized_epsilon_experiment(const nlohmann::json& r) {
  const SyntheticParams p = read_synthetic(r);
  const auto eps = read_numbers(r, "epsilons", "", 0, 50, 64, kDefaultEpsilons);
  const double conf = jr::number_or(r, "confidence", "", 1e-6, 1 - 1e-9, 0.95);
  const auto mechs = read_mechanisms(r, "", {"nr", "polyopt"});
  return synthetic_plan(
      "realized_epsilon", p, eps, {conf}, mechs, [=](const std::vector<nlohmann::json>& units) -> nlohmann::json {
        std::map<std::pair<double, std::string>, std::vector<double>> real;
        std::map<double, std::vector<double>> in_f;
        std::map<double, long> last_k;
        const Notes notes =
            replay(units, [&](long k, double e, double, const std::string& m, const Trial& t, bool inf) {
              real[{e, m}].push_back(t.truth.epsilon);
              if (!last_k.count(e) || last_k[e] != k) {
                in_f[e].push_back(inf ? 1 : 0);
                last_k[e] = k;
              }
            });
        nlohmann::json rows = nlohmann::json::array();
        for (double e : eps) {
          for (const auto& m : mechs) {
            const auto& v = real[{e, m}];
            rows.push_back({e, m, num(quantile(v, 0.25)), num(quantile(v, 0.5)), num(quantile(v, 0.75)), num(mean(v)),
                            num(mean(in_f[e])), v.size()});
          }
          rows.push_back({e, "designed", e, e, e, e, num(mean(in_f[e])), 0});
        }
        return {{"experiment", "realized_epsilon"},
                {"columns", {"epsilon", "mechanism", "q25", "median", "q75", "mean", "fraction_p_star_in_F", "runs"}},
                {"rows", rows},
                {"plots", {[] {
                   auto pl = plot("Realized epsilon under P* (Figure 4): median with 25%-75% band", "band", "epsilon",
                                  "median", "mechanism", "designed epsilon", "eps* under P*");
                   pl["y_low"] = "q25";
                   pl["y_high"] = "q75";
                   return pl;
                 }()}},
                {"notes", notes.list}};
      });
}

units::Plan utility_robustness(const nlohmann::json& r) {
  const SyntheticParams p = read_synthetic(r);
  const double e = jr::number_or(r, "epsilon", "", 0, 50, 1.5);
  const double conf = jr::number_or(r, "confidence", "", 1e-6, 1 - 1e-9, 0.95);
  const auto mechs = read_mechanisms(r, "", {"polyopt", "ir", "srr"});
  return synthetic_plan(
      "utility_robustness", p, {e}, {conf}, mechs, [=](const std::vector<nlohmann::json>& units) -> nlohmann::json {
        nlohmann::json rows = nlohmann::json::array();
        const Notes notes = replay(units, [&](long k, double, double, const std::string& m, const Trial& t, bool) {
          const double rel = t.hat.mutual_information > 0
                                 ? (t.hat.mutual_information - t.truth.mutual_information) / t.hat.mutual_information
                                 : 0.0;
          rows.push_back({k, m, t.hat.nmi, t.truth.nmi, rel});
        });
        return {{"experiment", "utility_robustness"},
                {"columns", {"instance", "mechanism", "nmi_hat", "nmi_true", "relative_difference"}},
                {"rows", rows},
                {"plots",
                 {plot("(I_P-hat - I_P*) / I_P-hat at epsilon = " + std::to_string(e) + " (Figure 5)", "scatter",
                       "nmi_hat", "relative_difference", "mechanism", "NMI under P-hat", "relative difference")}},
                {"notes", notes.list}};
      });
}

units::Plan beta_sweep(const nlohmann::json& r) {
  const SyntheticParams p = read_synthetic(r);
  const double e = jr::number_or(r, "epsilon", "", 0, 50, 1.5);
  const auto betas = read_numbers(r, "betas", "", 1e-9, 0.999, 16, {0.1, 0.05, 0.01, 0.001});
  const auto mechs = read_mechanisms(r, "", {"polyopt", "ir", "srr"});
  std::vector<double> confs;
  for (double b : betas) confs.push_back(1 - b);
  return synthetic_plan(
      "beta_sweep", p, {e}, confs, mechs, [=](const std::vector<nlohmann::json>& units) -> nlohmann::json {
        std::map<std::pair<double, std::string>, std::vector<double>> nmi;
        const Notes notes = replay(units, [&](long, double, double c, const std::string& m, const Trial& t, bool) {
          nmi[{c, m}].push_back(t.hat.nmi);
        });
        nlohmann::json rows = nlohmann::json::array();
        for (std::size_t i = 0; i < betas.size(); ++i)
          for (const auto& m : mechs) {
            const auto& v = nmi[{confs[i], m}];
            rows.push_back({betas[i], m, num(mean(v)), v.size()});
          }
        return {{"experiment", "beta_sweep"},
                {"columns", {"beta", "mechanism", "nmi_mean", "runs"}},
                {"rows", rows},
                {"plots",
                 {plot("Mean NMI against the significance level beta (Table 2)", "line", "beta", "nmi_mean",
                       "mechanism", "beta", "mean NMI")}},
                {"notes", notes.list}};
      });
}

}  // namespace

const std::vector<std::string>& experiment_names() {
  static const std::vector<std::string> names{
      "synthetic_nmi", "realized_epsilon", "utility_robustness", "beta_sweep", "adult", "curve"};
  return names;
}

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context) {
  const auto name = jr::one_of(request, "experiment", "", experiment_names());
  // Synthetic experiments: one unit per instance; "adult": one per (pair, epsilon); "curve": one.
  if (name == "synthetic_nmi") return units::answer(request, synthetic_nmi(request), context);
  if (name == "realized_epsilon") return units::answer(request, realized_epsilon_experiment(request), context);
  if (name == "utility_robustness") return units::answer(request, utility_robustness(request), context);
  if (name == "beta_sweep") return units::answer(request, beta_sweep(request), context);
  if (name == "adult") return units::answer(request, adult_experiment(request), context);
  return units::answer(
      request, units::whole(name, [&request](const Context& c) { return curve_experiment(request, c); }), context);
}

}  // namespace privlab::rldp
