/**
 * @file experiments.cpp
 * @brief The experiments of [game] Section 9 (scenarios 1-3, prior mismatch of 9.2), the cost
 *        curves against d_m and epsilon, and the Appendix C approximation study (Figure 8), on
 *        seeded synthetic location priors over a grid.
 */
#include "game/experiments.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <map>
#include <numeric>

#include "common/error.h"
#include "common/experiment_units.h"
#include "game/dp_measure.h"
#include "game/evaluation.h"
#include "game/experiment_setup.h"
#include "game/priors.h"
#include "json/json_read.h"
#include "json/json_write.h"

namespace privlab::game {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const std::vector<double> kScenario1Eps{0.15, 0.3, 0.45, 0.6, 0.75, 0.9};  // Section 9.1
const std::vector<double> kScenario3Eps{0.2, 0.4, 0.6, 0.8, 1.0};          // Section 9.1 scenario 3

struct Outcome {
  double cost, error, bayes, epsilon;
};

Outcome outcome_of(const Designed& d, const GameInputs& in) {
  const Evaluation e = evaluate(d.p, in);
  return {e.cost, e.adversary_error, e.bayes_error, e.epsilon};
}

using Rows = std::vector<nlohmann::json>;
using UserRows = std::function<void(long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context&)>;
using Finish = std::function<void(ResultTable& t, const std::vector<nlohmann::json>& units)>;

/// One unit per user (the users' priors come from the setup's seed, so a user's result does not
/// depend on the split): user_rows gives user u's rows and counters ("stats"); finish adds the
/// plots and notes from all users' counters.
units::Plan per_user(std::shared_ptr<const ExperimentSetup> setup, const ResultTable& header,
                     UserRows user_rows, Finish finish) {
  units::Plan p;
  p.name = header.experiment;
  p.count = static_cast<long>(setup->users.size());
  p.run = [setup, user_rows](long u, const Context& ctx) {
    Rows rows;
    nlohmann::json stats = nlohmann::json::object();
    user_rows(u, setup->users[static_cast<std::size_t>(u)], rows, stats, ctx);
    return nlohmann::json{{"rows", rows}, {"stats", stats}};
  };
  p.assemble = [header, finish](const std::vector<nlohmann::json>& results) {
    ResultTable t = header;
    for (const auto& r : results)
      for (const auto& row : r["rows"]) t.rows.push_back(row);
    finish(t, results);
    return t.to_json();
  };
  return p;
}

long sum_of(const std::vector<nlohmann::json>& units, const char* key) {
  long total = 0;
  for (const auto& u : units) total += u["stats"].value(key, 0L);
  return total;
}

/// Scenario 1 (Figures 2-4): DP at eps_m; distortion and joint at d_m = AP(p_dp).
units::Plan scenario1(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario1Eps, 1e-6, 20);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, 3 * n_users * static_cast<long>(eps_list.size()), "/users");
  const ResultTable header{"scenario1", {"user", "epsilon", "mechanism", "d_m", "cost", "adversary_error", "bayes_error", "achieved_epsilon"}};
  return per_user(setup, header, [eps_list](long u, const GameInputs& in, Rows& rows, nlohmann::json&, const Context& ctx) {
    Progress prog{ctx, static_cast<long>(eps_list.size())};
    for (double eps : eps_list) {
      const Outcome dp = outcome_of(design_for(in, MechanismKind::kDp, eps, 0), in);
      const double dm = dp.error;  // step 3: d_m = AP(p_dp)
      const Outcome dist = outcome_of(design_for(in, MechanismKind::kDistortion, 0, dm), in);
      const Outcome joint = outcome_of(design_for(in, MechanismKind::kJoint, eps, dm), in);
      for (const auto& [name, o] : {std::pair{"dp", dp}, std::pair{"distortion", dist}, std::pair{"joint", joint}})
        rows.push_back({u, eps, name, dm, o.cost, o.error, o.bayes, jw::real(o.epsilon)});
      prog.step("scenario 1");
    }
  }, [grid = setup->grid](ResultTable& t, const std::vector<nlohmann::json>&) {
    t.plot("Distortion privacy under the optimal attack vs epsilon (Fig. 2a)", "scatter", "epsilon",
           "adversary_error", "mechanism", "epsilon_m", "expected error of the optimal attack (km)");
    t.plot("Utility cost vs distortion privacy (Fig. 2b)", "scatter", "adversary_error", "cost", "mechanism",
           "expected error of the optimal attack (km)", "expected utility loss");
    t.plot("Bayesian attack vs optimal attack (Fig. 3-4)", "scatter", "adversary_error", "bayes_error",
           "mechanism", "optimal attack error (km)", "Bayesian attack error (km)");
    t.notes.push_back("Priors are generated (seeded hot cells), not the paper's Nokia traces; grid " +
                      std::to_string(grid.rows) + "x" + std::to_string(grid.cols) +
                      " instead of the paper's 20x15.");
    t.notes.push_back("d_m of the distortion and joint mechanisms is the DP mechanism's error AP(p_dp). "
                      "DP optima are degenerate: another optimal DP mechanism may have another AP.");
  });
}

/// Scenario 2 (Figure 5): d_m above the DP mechanism's privacy; the joint mechanism follows the max.
units::Plan scenario2(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", {0.3, 0.6, 0.9}, 1e-6, 20);
  const auto fractions = number_list(req, "d_m_fractions", {0.25, 0.5, 0.75}, 0, 1);
  const long n_users = static_cast<long>(setup->users.size());
  const long combos = n_users * static_cast<long>(eps_list.size());
  guard_work(*setup, MechanismKind::kJoint, combos * (1 + 2 * static_cast<long>(fractions.size())), "/users");
  const ResultTable header{"scenario2", {"user", "epsilon", "d_m", "mechanism", "cost", "adversary_error", "bayes_error"}};
  return per_user(setup, header, [eps_list, fractions](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context& ctx) {
    Progress prog{ctx, static_cast<long>(eps_list.size())};
    double worst_gap = 0;
    const double thr = feasibility_threshold(in.prior, in.distance);
    for (double eps : eps_list) {
      const Outcome dp = outcome_of(design_for(in, MechanismKind::kDp, eps, 0), in);
      for (double f : fractions) {
        const double dm = dp.error + f * (thr - dp.error);
        const Outcome dist = outcome_of(design_for(in, MechanismKind::kDistortion, 0, dm), in);
        const Outcome joint = outcome_of(design_for(in, MechanismKind::kJoint, eps, dm), in);
        for (const auto& [name, o] : {std::pair{"dp", dp}, std::pair{"distortion", dist}, std::pair{"joint", joint}})
          rows.push_back({u, eps, dm, name, o.cost, o.error, o.bayes});
        worst_gap = std::max(worst_gap, std::max(dp.error, dist.error) - joint.error);
      }
      prog.step("scenario 2");
    }
    stats["worst_gap"] = worst_gap;
  }, [](ResultTable& t, const std::vector<nlohmann::json>& units) {
    double worst_gap = 0;
    for (const auto& u : units) worst_gap = std::max(worst_gap, u["stats"]["worst_gap"].get<double>());
    t.plot("Privacy of the three mechanisms vs d_m (Fig. 5)", "scatter", "d_m", "adversary_error", "mechanism",
           "d_m (km)", "expected error of the optimal attack (km)");
    t.plot("Utility cost vs d_m", "scatter", "d_m", "cost", "mechanism", "d_m (km)", "expected utility loss");
    t.notes.push_back("d_m = AP(p_dp) + f (threshold - AP(p_dp)) for f in d_m_fractions.");
    t.notes.push_back("Largest amount by which the joint mechanism's error falls below max(dp, distortion): " +
                      std::to_string(worst_gap) + " km (the joint error is always >= d_m; it need not reach the DP error).");
  });
}

/// The d_m grid of scenario 3 for one user: {step, 2 step, ...} up to the threshold, at most 50.
std::vector<double> scenario3_dms(const GameInputs& in, double step) {
  std::vector<double> dms;
  const double thr = feasibility_threshold(in.prior, in.distance);
  for (double dm = step; dm <= thr + 1e-12 && dms.size() < 50; dm += step) dms.push_back(std::min(dm, thr));
  return dms;
}

/// Scenario 3 (Figure 7): independent eps_m and d_m grids; joint vs each single mechanism.
/// Users are the units; the ranks over all experiments are assigned when assembling.
units::Plan scenario3(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario3Eps, 1e-6, 20);
  const double step = jr::number_or(req, "d_m_step", "", 1e-6, 1e6, 0.5);  // {0.5, 1, ..., d_max}
  long lps = 0;
  for (const auto& in : setup->users) {
    const long nd = static_cast<long>(scenario3_dms(in, step).size());
    lps += static_cast<long>(eps_list.size()) + nd + static_cast<long>(eps_list.size()) * nd;
  }
  guard_work(*setup, MechanismKind::kJoint, lps, "/users");
  const ResultTable header{"scenario3", {"experiment", "user", "epsilon", "d_m", "mechanism", "cost", "adversary_error",
                                         "rank_by_joint_privacy", "rank_by_joint_cost"}};
  return per_user(setup, header, [eps_list, step](long u, const GameInputs& in, Rows&, nlohmann::json& stats, const Context& ctx) {
    const auto dms = scenario3_dms(in, step);
    Progress prog{ctx, static_cast<long>(eps_list.size() + dms.size() + eps_list.size() * dms.size())};
    std::map<double, Outcome> dp_of, dist_of;
    for (double eps : eps_list) { dp_of[eps] = outcome_of(design_for(in, MechanismKind::kDp, eps, 0), in); prog.step("scenario 3"); }
    for (double dm : dms) { dist_of[dm] = outcome_of(design_for(in, MechanismKind::kDistortion, 0, dm), in); prog.step("scenario 3"); }
    nlohmann::json exps = nlohmann::json::array();
    for (double eps : eps_list)
      for (double dm : dms) {
        const Outcome j = outcome_of(design_for(in, MechanismKind::kJoint, eps, dm), in);
        exps.push_back({u, eps, dm, dp_of[eps].cost, dp_of[eps].error, dist_of[dm].cost, dist_of[dm].error, j.cost, j.error});
        prog.step("scenario 3");
      }
    stats["experiments"] = exps;
  }, [](ResultTable& t, const std::vector<nlohmann::json>& units) {
    std::vector<nlohmann::json> exps;  // [user, eps, dm, dp cost, dp error, dist cost, dist error, joint cost, joint error]
    for (const auto& u : units)
      for (const auto& e : u["stats"]["experiments"]) exps.push_back(e);
    const long k = static_cast<long>(exps.size());
    auto at = [&](long i, int c) { return exps[static_cast<std::size_t>(i)][c].get<double>(); };
    std::vector<long> by_privacy(k), by_cost(k), rank_privacy(k), rank_cost(k);
    std::iota(by_privacy.begin(), by_privacy.end(), 0L);
    std::iota(by_cost.begin(), by_cost.end(), 0L);
    std::stable_sort(by_privacy.begin(), by_privacy.end(), [&](long a, long b) { return at(a, 8) < at(b, 8); });
    std::stable_sort(by_cost.begin(), by_cost.end(), [&](long a, long b) { return at(a, 7) < at(b, 7); });
    for (long i = 0; i < k; ++i) rank_privacy[by_privacy[i]] = i, rank_cost[by_cost[i]] = i;
    long above = 0, equal = 0;
    for (long i = 0; i < k; ++i) {
      const auto& e = exps[static_cast<std::size_t>(i)];
      for (const auto& [name, c] : {std::pair{"dp", 3}, std::pair{"distortion", 5}, std::pair{"joint", 7}})
        t.rows.push_back({i, e[0], e[1], e[2], name, e[c], e[c + 1], rank_privacy[i], rank_cost[i]});
      const double single = std::max(at(i, 3), at(i, 5));
      if (at(i, 7) > single + 1e-7) ++above;
      else ++equal;
    }
    t.plot("Privacy, experiments sorted by the joint mechanism's privacy (Fig. 7)", "scatter",
           "rank_by_joint_privacy", "adversary_error", "mechanism", "experiment", "optimal attack error (km)");
    t.plot("Utility cost, experiments sorted by the joint mechanism's cost (Fig. 7)", "scatter",
           "rank_by_joint_cost", "cost", "mechanism", "experiment", "expected utility loss");
    t.notes.push_back(std::to_string(k) + " experiments: cost(joint) = max(cost(dp), cost(distortion)) in " +
                      std::to_string(equal) + ", strictly larger in " + std::to_string(above) +
                      ". ERRATUM (paper-notes.md): the joint cost is never below the max; the abstract's claim that it is no larger than either holds only when the max is attained.");
  });
}

/// Section 9.2 (Figure 6): design with pi, attack with a better-informed pi-hat.
units::Plan prior_mismatch(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario1Eps, 1e-6, 20);
  const auto lambdas = number_list(req, "lambdas", {0, 0.25, 0.5, 0.75}, 0, 1);
  const long top = req.contains("top_cells") ? jr::positive_integer(req, "top_cells", "", setup->grid.cells()) : 2;
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kDp, 2 * n_users * static_cast<long>(eps_list.size()), "/users");
  const ResultTable header{"prior_mismatch", {"user", "epsilon", "lambda", "adversary_entropy", "design_entropy", "d_m",
                                              "error_dp", "error_distortion"}};
  return per_user(setup, header, [eps_list, lambdas, top](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context& ctx) {
    Progress prog{ctx, static_cast<long>(eps_list.size())};
    long robust = 0, informed = 0;
    for (double eps : eps_list) {
      const Designed dp = design_for(in, MechanismKind::kDp, eps, 0);
      const double dm = evaluate(dp.p, in).adversary_error;  // as scenario 1: d_m = AP(p_dp)
      const Designed dist = design_for(in, MechanismKind::kDistortion, 0, dm);
      for (double lambda : lambdas) {
        const Vector hat = informed_prior(in.prior, lambda, top);
        const MismatchEvaluation a = evaluate_mismatch(dp.p, in, hat);
        const MismatchEvaluation b = evaluate_mismatch(dist.p, in, hat);
        rows.push_back({u, eps, lambda, a.adversary_entropy, a.design_entropy, dm, a.error_adversary_prior,
                        b.error_adversary_prior});
        if (lambda > 0) { ++informed; robust += a.error_adversary_prior >= b.error_adversary_prior - 1e-12; }
      }
      prog.step("prior mismatch");
    }
    stats["robust"] = robust;
    stats["informed"] = informed;
  }, [](ResultTable& t, const std::vector<nlohmann::json>& units) {
    t.plot("Optimal attack with the adversary's prior: DP vs distortion mechanism (Fig. 6)", "scatter",
           "error_distortion", "error_dp", "lambda", "error against the distortion mechanism (km)",
           "error against the DP mechanism (km)");
    t.notes.push_back("pi-hat = (1 - lambda) pi + lambda pi|top (the adversary knows the top_cells most visited cells better); "
                      "errors are expected under pi-hat with the optimal attack for pi-hat. lambda = 0 is the designed case.");
    t.notes.push_back("The DP mechanism keeps at least the distortion mechanism's error in " + std::to_string(sum_of(units, "robust")) +
                      " of " + std::to_string(sum_of(units, "informed")) + " informed cases.");
  });
}

/// Cost against d_m (at fixed epsilon) and against epsilon (at fixed d_m) for the three mechanisms.
units::Plan tradeoff(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req, 1));
  const auto fractions = number_list(req, "d_m_fractions", {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, 0, 1);
  const auto eps_list = number_list(req, "epsilons", {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.25, 1.5}, 1e-6, 20);
  const double eps_fixed = jr::number_or(req, "epsilon", "", 1e-6, 20, 0.5);
  const double frac_fixed = jr::number_or(req, "d_m_fraction", "", 0, 1, 0.5);
  const long n_users = static_cast<long>(setup->users.size());
  const long per_user_lps = 2 * static_cast<long>(fractions.size() + eps_list.size()) + 2;
  guard_work(*setup, MechanismKind::kJoint, n_users * per_user_lps, "/users");
  const ResultTable header{"tradeoff", {"user", "sweep", "x_d_m", "x_epsilon", "d_m", "epsilon", "mechanism", "cost",
                                        "adversary_error", "achieved_epsilon", "shadow_price"}};
  return per_user(setup, header, [=](long u, const GameInputs& in, Rows& rows, nlohmann::json&, const Context& ctx) {
    Progress prog{ctx, 3 * static_cast<long>(fractions.size() + eps_list.size())};
    const auto add = [&](const std::string& sweep, double dm, double eps, const char* name, const Designed& d) {
      const Outcome o = outcome_of(d, in);
      const nlohmann::json xd = sweep == "d_m" ? nlohmann::json(dm) : nlohmann::json(nullptr);
      const nlohmann::json xe = sweep == "epsilon" ? nlohmann::json(eps) : nlohmann::json(nullptr);
      rows.push_back({u, sweep, xd, xe, dm, eps, name, o.cost, o.error, jw::real(o.epsilon),
                      std::isnan(d.shadow_price) ? nlohmann::json(nullptr) : nlohmann::json(d.shadow_price)});
      prog.step("cost curves");
    };
    const double thr = feasibility_threshold(in.prior, in.distance);
    const Designed dp_fixed = design_for(in, MechanismKind::kDp, eps_fixed, 0);
    for (double f : fractions) {
      const double dm = f * thr;
      add("d_m", dm, eps_fixed, "distortion", design_for(in, MechanismKind::kDistortion, 0, dm));
      add("d_m", dm, eps_fixed, "joint", design_for(in, MechanismKind::kJoint, eps_fixed, dm));
      add("d_m", dm, eps_fixed, "dp", dp_fixed);
    }
    const double dm_fixed = frac_fixed * thr;
    const Designed dist_fixed = design_for(in, MechanismKind::kDistortion, 0, dm_fixed);
    for (double eps : eps_list) {
      add("epsilon", dm_fixed, eps, "dp", design_for(in, MechanismKind::kDp, eps, 0));
      add("epsilon", dm_fixed, eps, "joint", design_for(in, MechanismKind::kJoint, eps, dm_fixed));
      add("epsilon", dm_fixed, eps, "distortion", dist_fixed);
    }
  }, [](ResultTable& t, const std::vector<nlohmann::json>&) {
    t.plot("Utility cost against d_m (epsilon fixed)", "line", "x_d_m", "cost", "mechanism", "d_m (km)", "expected utility loss");
    t.plot("Utility cost against epsilon (d_m fixed)", "line", "x_epsilon", "cost", "mechanism", "epsilon_m", "expected utility loss");
    t.notes.push_back("Rows of the other sweep have a null x and are not part of a curve. The dp curve of the d_m sweep "
                      "and the distortion curve of the epsilon sweep are constant references.");
    t.notes.push_back("d_m values are fractions of each user's feasibility threshold min_shat sum_s pi(s) d(shat,s).");
  });
}

/// Appendix C (Figure 8): drop rows beyond a distance threshold; measure what it costs.
units::Plan approximation(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const double km = setup->grid.cell_km;
  const auto thresholds = number_list(req, "thresholds", {1 * km, 1.5 * km, 2 * km, 2.5 * km, 3 * km, 4 * km}, 0, 1e6);
  const double eps = jr::number_or(req, "epsilon", "", 1e-6, 20, 0.5);
  const double frac = jr::number_or(req, "d_m_fraction", "", 0, 1, 0.5);
  bool drop_distortion = true;  // the paper drops both kinds of rows
  if (req.contains("distortion_rows")) {
    if (!req["distortion_rows"].is_boolean()) bad_request("not_a_boolean", "/distortion_rows", "expected true or false");
    drop_distortion = req["distortion_rows"].get<bool>();
  }
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, n_users * static_cast<long>(thresholds.size() + 1), "/users");
  const ResultTable header{"approximation", {"user", "threshold", "constraints", "dp_rows", "distortion_rows", "cost", "cost_exact",
                                             "adversary_error", "error_exact", "error_difference", "achieved_epsilon",
                                             "epsilon_within_threshold", "distortion_guaranteed"}};
  return per_user(setup, header, [=](long u, const GameInputs& in, Rows& rows, nlohmann::json&, const Context& ctx) {
    Progress prog{ctx, static_cast<long>(thresholds.size() + 1)};
    DesignOptions o;
    o.kind = MechanismKind::kJoint;
    o.epsilon = eps;
    o.min_distortion = frac * feasibility_threshold(in.prior, in.distance);
    const Designed exact = design(in, o);
    const Outcome ex = outcome_of(exact, in);
    prog.step("exact joint LP");
    for (double thr : thresholds) {
      DesignOptions a = o;
      a.approx_threshold = thr;
      a.approx_distortion_rows = drop_distortion;
      const Designed d = design(in, a);
      const Outcome oc = outcome_of(d, in);
      rows.push_back({u, thr, d.size.constraints, d.dp_rows, d.distortion_rows, oc.cost, ex.cost, oc.error, ex.error,
                      ex.error - oc.error, jw::real(oc.epsilon), jw::real(metric_dp_epsilon(d.p, in.dp_distance, thr)),
                      oc.error >= o.min_distortion - 1e-9});
      prog.step("approximate joint LP");
    }
  }, [drop_distortion](ResultTable& t, const std::vector<nlohmann::json>&) {
    t.plot("Privacy lost by the approximation (Fig. 8 left)", "band", "threshold", "error_difference", nullptr,
           "distance threshold (km)", "error(exact) - error(approx) (km)");
    t.plot("Achieved epsilon vs threshold", "band", "threshold", "achieved_epsilon", nullptr, "distance threshold (km)",
           "measured metric-DP epsilon");
    t.plot("LP rows vs threshold (Fig. 8 right: we report rows, not seconds)", "line", "threshold", "constraints", "user",
           "distance threshold (km)", "LP constraints");
    t.notes.push_back("Rows beyond the threshold are dropped: DP rows with d(s,s') > threshold" +
                      std::string(drop_distortion ? " and (24b) rows with d(o,shat) > threshold (as the paper)." : " only (distortion rows kept)."));
    t.notes.push_back("achieved_epsilon is measured from the matrix over all pairs; epsilon_within_threshold over the kept pairs (<= target).");
    t.notes.push_back("Computation time is not reported (core is deterministic); see bench/game.json for timings.");
  });
}
}  // namespace

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context) {
  const std::string name = jr::one_of(request, "experiment", "",
                                      {"scenario1", "scenario2", "scenario3", "prior_mismatch", "tradeoff", "approximation"});
  // One unit per user (per_user above).
  if (name == "scenario1") return units::answer(request, scenario1(request), context);
  if (name == "scenario2") return units::answer(request, scenario2(request), context);
  if (name == "scenario3") return units::answer(request, scenario3(request), context);
  if (name == "prior_mismatch") return units::answer(request, prior_mismatch(request), context);
  if (name == "tradeoff") return units::answer(request, tradeoff(request), context);
  return units::answer(request, approximation(request), context);
}

}  // namespace privlab::game
