/**
 * @file experiments.cpp
 * @brief The experiments of [game] Section 9 (scenarios 1-3, prior mismatch of 9.2), the cost
 *        curves against d_m and epsilon, and the Appendix C approximation study (Figure 8), on
 *        seeded synthetic location priors over a grid, as requests of family "game": the JSON
 *        edge, which reads the parameters, calls game/experiment_runs.h per user and writes
 *        rows, plots and notes.
 */
#include "game/experiments.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <sstream>

#include "common/error.h"
#include "json/experiment_units.h"
#include "game/experiment_runs.h"
#include "game/experiment_setup.h"
#include "json/json_read.h"
#include "json/json_write.h"

namespace privlab::game {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const std::vector<double> kScenario1Eps{0.15, 0.3, 0.45, 0.6, 0.75, 0.9};  // Section 9.1
const std::vector<double> kScenario3Eps{0.2, 0.4, 0.6, 0.8, 1.0};          // Section 9.1 scenario 3

using Rows = std::vector<nlohmann::json>;
using UserRows = std::function<void(long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context&)>;
using Finish = std::function<void(ResultTable& t, const std::vector<nlohmann::json>& units)>;

/// One unit per user (the users' priors come from the setup's seed, so a user's result does not
/// depend on the split): user_rows gives user u's rows and counters ("stats"); finish adds the
/// plots and notes from all users' counters.
units::Plan per_user(std::shared_ptr<const ExperimentSetup> setup, const ResultTable& header, UserRows user_rows,
                     Finish finish) {
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

/// The per-LP time limit of scenarios 1-3 and prior_mismatch: "budget_seconds" (as figure8's;
/// default none: every LP runs to proven optimality). LpTally.
double lp_limit(const nlohmann::json& req) { return jr::number_or(req, "budget_seconds", "", 0, 1e6, 0); }

/// A unit's count of LPs not proven optimal and their largest certified gap, into its stats.
void store_tally(long unproven, double worst_gap, nlohmann::json& stats, long improved = 0) {
  stats["lp_unproven"] = unproven;
  stats["lp_worst_gap"] = worst_gap;
  stats["lp_improved_by_known"] = improved;
}

/// store_tally of user u's LpTally, with which of its LPs has the largest gap.
void store_tally(const LpTally& lps, long u, nlohmann::json& stats) {
  store_tally(lps.unproven, lps.worst_gap, stats, lps.improved);
  if (!lps.worst_lp.empty()) stats["lp_worst"] = "user " + std::to_string(u) + ", " + lps.worst_lp;
}

/// The note on the LPs that a time limit stopped before their optimality was proven (none when
/// every LP was proven optimal: such a table reads as before).
void note_unproven(ResultTable& t, const std::vector<nlohmann::json>& units, double lp_seconds) {
  const long unproven = sum_of(units, "lp_unproven");
  if (unproven == 0) return;
  double worst_gap = 0;
  std::string worst_lp;
  for (const auto& u : units)
    if (const double gap = u["stats"].value("lp_worst_gap", 0.0); gap > worst_gap)
      worst_gap = gap, worst_lp = u["stats"].value("lp_worst", "");
  std::ostringstream gaps;
  gaps << unproven << " LPs not proven optimal within their time limit of " << lp_seconds
       << " s (feasible mechanisms); the largest certified relative gap of a cost is " << worst_gap
       << (worst_lp.empty() ? "" : " (" + worst_lp + ")") << ".";
  if (const long improved = sum_of(units, "lp_improved_by_known"); improved > 0)
    gaps << " " << improved
         << " of the LPs stopped by the limit answer with a mechanism designed before for the same user (the last of "
            "each kind), which passes the LP's audits and costs less than the stopped LP's own (LpTally).";
  t.notes.push_back(gaps.str());
}

/// Scenario 1 (Figures 2-4): DP at eps_m; distortion and joint at d_m = AP(p_dp).
units::Plan scenario1(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario1Eps, 1e-6, 20);
  const double lp_seconds = lp_limit(req);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, scenario1_lp_count(n_users, static_cast<long>(eps_list.size())), "/users");
  const ResultTable header{
      "scenario1",
      {"user", "epsilon", "mechanism", "d_m", "cost", "adversary_error", "bayes_error", "achieved_epsilon"}};
  return per_user(
      setup, header,
      [eps_list, lp_seconds](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context& ctx) {
        LpTally lps{lp_seconds};
        for (const auto& r : scenario1_user(in, eps_list, lps, ctx))
          rows.push_back({u, r.epsilon, mechanism_name(r.mechanism), r.d_m, r.outcome.cost, r.outcome.error,
                          r.outcome.bayes, jw::real(r.outcome.epsilon)});
        store_tally(lps, u, stats);
      },
      [grid = setup->grid, lp_seconds](ResultTable& t, const std::vector<nlohmann::json>& units) {
        t.plot("Distortion privacy under the optimal attack vs epsilon (Fig. 2a)", "scatter", "epsilon",
               "adversary_error", "mechanism", "epsilon_m", "expected error of the optimal attack (km)");
        t.plot("Utility cost vs distortion privacy (Fig. 2b)", "scatter", "adversary_error", "cost", "mechanism",
               "expected error of the optimal attack (km)", "expected utility loss");
        t.plot("Bayesian attack vs optimal attack (Fig. 3-4)", "scatter", "adversary_error", "bayes_error", "mechanism",
               "optimal attack error (km)", "Bayesian attack error (km)");
        t.notes.push_back("Priors are generated (seeded hot cells), not the paper's Nokia traces; grid " +
                          std::to_string(grid.rows) + "x" + std::to_string(grid.cols) +
                          " instead of the paper's 20x15.");
        t.notes.push_back(
            "d_m of the distortion and joint mechanisms is the DP mechanism's error AP(p_dp). "
            "DP optima are degenerate: another optimal DP mechanism may have another AP.");
        note_unproven(t, units, lp_seconds);
      });
}

/// Scenario 2 (Figure 5): d_m above the DP mechanism's privacy; the joint mechanism follows the max.
units::Plan scenario2(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", {0.3, 0.6, 0.9}, 1e-6, 20);
  const auto fractions = number_list(req, "d_m_fractions", {0.25, 0.5, 0.75}, 0, 1);
  const double lp_seconds = lp_limit(req);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint,
             scenario2_lp_count(n_users, static_cast<long>(eps_list.size()), static_cast<long>(fractions.size())),
             "/users");
  const ResultTable header{"scenario2",
                           {"user", "epsilon", "d_m", "mechanism", "cost", "adversary_error", "bayes_error"}};
  return per_user(
      setup, header,
      [eps_list, fractions, lp_seconds](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats,
                                        const Context& ctx) {
        LpTally lps{lp_seconds};
        const Scenario2User run = scenario2_user(in, eps_list, fractions, lps, ctx);
        for (const auto& r : run.rows)
          rows.push_back(
              {u, r.epsilon, r.d_m, mechanism_name(r.mechanism), r.outcome.cost, r.outcome.error, r.outcome.bayes});
        stats["worst_gap"] = run.worst_gap;
        store_tally(lps, u, stats);
      },
      [lp_seconds](ResultTable& t, const std::vector<nlohmann::json>& units) {
        double worst_gap = 0;
        for (const auto& u : units) worst_gap = std::max(worst_gap, u["stats"]["worst_gap"].get<double>());
        t.plot("Privacy of the three mechanisms vs d_m (Fig. 5)", "scatter", "d_m", "adversary_error", "mechanism",
               "d_m (km)", "expected error of the optimal attack (km)");
        t.plot("Utility cost vs d_m", "scatter", "d_m", "cost", "mechanism", "d_m (km)", "expected utility loss");
        t.notes.push_back("d_m = AP(p_dp) + f (threshold - AP(p_dp)) for f in d_m_fractions.");
        t.notes.push_back("Largest amount by which the joint mechanism's error falls below max(dp, distortion): " +
                          std::to_string(worst_gap) +
                          " km (the joint error is always >= d_m; it need not reach the DP error).");
        note_unproven(t, units, lp_seconds);
      });
}

/// Scenario 3's experiment as a unit passes it: [user, eps, dm, dp cost, dp error, distortion
/// cost, distortion error, joint cost, joint error].
nlohmann::json experiment_json(const Scenario3Experiment& e) {
  return {e.user,       e.epsilon,    e.d_m, e.dp.cost, e.dp.error, e.distortion.cost, e.distortion.error,
          e.joint.cost, e.joint.error};
}

Scenario3Experiment experiment_from_json(const nlohmann::json& e) {
  const auto at = [&](int c) { return e[c].get<double>(); };
  return {e[0].get<long>(), at(1), at(2), {at(3), at(4)}, {at(5), at(6)}, {at(7), at(8)}};
}

/// Scenario 3 (Figure 7): independent eps_m and d_m grids; joint vs each single mechanism.
/// Users are the units; the ranks over all experiments are assigned when assembling.
units::Plan scenario3(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario3Eps, 1e-6, 20);
  const double step = jr::number_or(req, "d_m_step", "", 1e-6, 1e6, 0.5);  // {0.5, 1, ..., d_max}
  const double lp_seconds = lp_limit(req);
  // A step above every user's feasibility threshold leaves no d_m to sweep (cells of 1e-6 km
  // with the default 0.5 km: thresholds near 1e-6 km): refused instead of an empty table.
  double largest_threshold = 0;
  bool any_dm = false;
  for (const auto& in : setup->users) {
    largest_threshold = std::max(largest_threshold, feasibility_threshold(in.prior, in.distance));
    any_dm = any_dm || !scenario3_dms(in, step).empty();
  }
  if (!any_dm) {
    std::ostringstream msg;
    msg << "d_m_step " << step << " km exceeds every user's feasibility threshold (the largest is " << largest_threshold
        << " km): no d_m in {d_m_step, 2 d_m_step, ...} can be reached; give a d_m_step "
        << "below it";
    bad_request("out_of_range", "/d_m_step", msg.str());
  }
  guard_work(*setup, MechanismKind::kJoint, scenario3_lp_count(*setup, static_cast<long>(eps_list.size()), step),
             "/users");
  const ResultTable header{"scenario3",
                           {"experiment", "user", "epsilon", "d_m", "mechanism", "cost", "adversary_error",
                            "rank_by_joint_privacy", "rank_by_joint_cost"}};
  return per_user(
      setup, header,
      [eps_list, step, lp_seconds](long u, const GameInputs& in, Rows&, nlohmann::json& stats, const Context& ctx) {
        LpTally lps{lp_seconds};
        nlohmann::json exps = nlohmann::json::array();
        for (const auto& e : scenario3_user(u, in, eps_list, step, lps, ctx)) exps.push_back(experiment_json(e));
        stats["experiments"] = exps;
        store_tally(lps, u, stats);
      },
      [lp_seconds](ResultTable& t, const std::vector<nlohmann::json>& units) {
        std::vector<Scenario3Experiment> exps;
        for (const auto& u : units)
          for (const auto& e : u["stats"]["experiments"]) exps.push_back(experiment_from_json(e));
        const Scenario3Ranks ranks = scenario3_ranks(exps);
        const long k = static_cast<long>(exps.size());
        for (long i = 0; i < k; ++i) {
          const auto idx = static_cast<std::size_t>(i);
          const Scenario3Experiment& e = exps[idx];
          for (const auto& [name, m] :
               {std::pair{"dp", e.dp}, std::pair{"distortion", e.distortion}, std::pair{"joint", e.joint}})
            t.rows.push_back({i, e.user, e.epsilon, e.d_m, name, m.cost, m.error, ranks.by_joint_privacy[idx],
                              ranks.by_joint_cost[idx]});
        }
        t.plot("Privacy, experiments sorted by the joint mechanism's privacy (Fig. 7)", "scatter",
               "rank_by_joint_privacy", "adversary_error", "mechanism", "experiment", "optimal attack error (km)");
        t.plot("Utility cost, experiments sorted by the joint mechanism's cost (Fig. 7)", "scatter",
               "rank_by_joint_cost", "cost", "mechanism", "experiment", "expected utility loss");
        t.notes.push_back(
            std::to_string(k) + " experiments: cost(joint) = max(cost(dp), cost(distortion)) in " +
            std::to_string(ranks.equal) + ", strictly larger in " + std::to_string(ranks.above) +
            ". ERRATUM (docs/errata.md): the joint cost is never below the max; the abstract's claim that it is no larger than either holds only when the max is attained.");
        note_unproven(t, units, lp_seconds);
      });
}

/// Section 9.2 (Figure 6): design with pi, attack with a better-informed pi-hat.
units::Plan prior_mismatch(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const auto eps_list = number_list(req, "epsilons", kScenario1Eps, 1e-6, 20);
  const auto lambdas = number_list(req, "lambdas", {0, 0.25, 0.5, 0.75}, 0, 1);
  const long top = req.contains("top_cells") ? jr::positive_integer(req, "top_cells", "", setup->grid.cells()) : 2;
  const double lp_seconds = lp_limit(req);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kDp, prior_mismatch_lp_count(n_users, static_cast<long>(eps_list.size())),
             "/users");
  const ResultTable header{
      "prior_mismatch",
      {"user", "epsilon", "lambda", "adversary_entropy", "design_entropy", "d_m", "error_dp", "error_distortion"}};
  return per_user(
      setup, header,
      [eps_list, lambdas, top, lp_seconds](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats,
                                           const Context& ctx) {
        LpTally lps{lp_seconds};
        const PriorMismatchUser run = prior_mismatch_user(in, eps_list, lambdas, top, lps, ctx);
        for (const auto& r : run.rows)
          rows.push_back(
              {u, r.epsilon, r.lambda, r.adversary_entropy, r.design_entropy, r.d_m, r.error_dp, r.error_distortion});
        stats["robust"] = run.robust;
        stats["informed"] = run.informed;
        store_tally(lps, u, stats);
      },
      [lp_seconds](ResultTable& t, const std::vector<nlohmann::json>& units) {
        t.plot("Optimal attack with the adversary's prior: DP vs distortion mechanism (Fig. 6)", "scatter",
               "error_distortion", "error_dp", "lambda", "error against the distortion mechanism (km)",
               "error against the DP mechanism (km)");
        t.notes.push_back(
            "pi-hat = (1 - lambda) pi + lambda pi|top (the adversary knows the top_cells most visited cells better); "
            "errors are expected under pi-hat with the optimal attack for pi-hat. lambda = 0 is the designed case.");
        t.notes.push_back("The DP mechanism keeps at least the distortion mechanism's error in " +
                          std::to_string(sum_of(units, "robust")) + " of " + std::to_string(sum_of(units, "informed")) +
                          " informed cases.");
        note_unproven(t, units, lp_seconds);
      });
}

/// Cost against d_m (at fixed epsilon) and against epsilon (at fixed d_m) for the three mechanisms.
units::Plan tradeoff(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req, 1));
  TradeoffSweeps sweeps;
  sweeps.d_m_fractions = number_list(req, "d_m_fractions", {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, 0, 1);
  sweeps.epsilons = number_list(req, "epsilons", {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.25, 1.5}, 1e-6, 20);
  sweeps.epsilon = jr::number_or(req, "epsilon", "", 1e-6, 20, 0.5);
  sweeps.d_m_fraction = jr::number_or(req, "d_m_fraction", "", 0, 1, 0.5);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, tradeoff_lp_count(n_users, sweeps), "/users");
  // "budget": {"seconds": s} bounds the LPs too (a single user is a single unit): each gets its
  // share of s, at most kExperimentLpSeconds.
  if (const double budget = units::read_budget_seconds(req); budget > 0)
    sweeps.lp_seconds = std::min(sweeps.lp_seconds, budget / static_cast<double>(tradeoff_lp_count(n_users, sweeps)));
  const ResultTable header{"tradeoff",
                           {"user", "sweep", "x_d_m", "x_epsilon", "d_m", "epsilon", "mechanism", "cost",
                            "adversary_error", "achieved_epsilon", "shadow_price"}};
  return per_user(
      setup, header,
      [sweeps](long u, const GameInputs& in, Rows& rows, nlohmann::json& stats, const Context& ctx) {
        long stopped = 0;
        double worst_gap = 0;
        for (const auto& r : tradeoff_user(in, sweeps, ctx)) {
          stopped += r.stopped_early;
          worst_gap = std::max(worst_gap, r.gap);
          const bool along_d_m = r.sweep == TradeoffRow::Sweep::kDm;
          rows.push_back({u, along_d_m ? "d_m" : "epsilon", along_d_m ? nlohmann::json(r.d_m) : nlohmann::json(nullptr),
                          along_d_m ? nlohmann::json(nullptr) : nlohmann::json(r.epsilon), r.d_m, r.epsilon,
                          mechanism_name(r.mechanism), r.outcome.cost, r.outcome.error, jw::real(r.outcome.epsilon),
                          std::isnan(r.shadow_price) ? nlohmann::json(nullptr) : nlohmann::json(r.shadow_price)});
        }
        store_tally(stopped, worst_gap, stats);
      },
      [lp_seconds = sweeps.lp_seconds](ResultTable& t, const std::vector<nlohmann::json>& units) {
        t.plot("Utility cost against d_m (epsilon fixed)", "line", "x_d_m", "cost", "mechanism", "d_m (km)",
               "expected utility loss");
        t.plot("Utility cost against epsilon (d_m fixed)", "line", "x_epsilon", "cost", "mechanism", "epsilon_m",
               "expected utility loss");
        t.notes.push_back(
            "Rows of the other sweep have a null x and are not part of a curve. The dp curve of the d_m sweep "
            "and the distortion curve of the epsilon sweep are constant references.");
        t.notes.push_back(
            "d_m values are fractions of each user's feasibility threshold min_shat sum_s pi(s) d(shat,s).");
        note_unproven(t, units, lp_seconds);
      });
}

/// The Appendix C study's parameters: thresholds (km), epsilon, d_m_fraction, budget_seconds (per
/// LP) and distortion_rows (whether (24b) rows beyond the threshold are dropped too).
ApproximationStudy read_study(const nlohmann::json& req, const std::vector<double>& thresholds,
                              bool drop_distortion_rows) {
  ApproximationStudy study;
  study.thresholds = number_list(req, "thresholds", thresholds, 0, 1e6);
  study.epsilon = jr::number_or(req, "epsilon", "", 1e-6, 20, 0.5);
  study.d_m_fraction = jr::number_or(req, "d_m_fraction", "", 0, 1, 0.5);
  study.max_seconds = jr::number_or(req, "budget_seconds", "", 0, 1e6, 0);
  study.drop_distortion_rows = drop_distortion_rows;
  if (req.contains("distortion_rows")) {
    if (!req["distortion_rows"].is_boolean())
      bad_request("not_a_boolean", "/distortion_rows", "expected true or false");
    study.drop_distortion_rows = req["distortion_rows"].get<bool>();
  }
  return study;
}

/// Appendix C (Figure 8): drop rows beyond a distance threshold; measure what it costs.
units::Plan approximation(const nlohmann::json& req) {
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(req));
  const double km = setup->grid.cell_km;
  // (24b) rows dropped by default, as the paper drops both kinds of rows.
  const ApproximationStudy study = read_study(req, {1 * km, 1.5 * km, 2 * km, 2.5 * km, 3 * km, 4 * km}, true);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, approximation_lp_count(n_users, static_cast<long>(study.thresholds.size())),
             "/users");
  const ResultTable header{
      "approximation",
      {"user", "threshold", "constraints", "dp_rows", "distortion_rows", "cost", "cost_exact", "adversary_error",
       "error_exact", "error_difference", "achieved_epsilon", "epsilon_within_threshold", "distortion_guaranteed"}};
  return per_user(
      setup, header,
      [study](long u, const GameInputs& in, Rows& rows, nlohmann::json&, const Context& ctx) {
        for (const auto& r : approximation_user(in, study, ctx))
          rows.push_back({u, r.threshold, r.constraints, r.dp_rows, r.distortion_rows, r.cost, r.cost_exact, r.error,
                          r.error_exact, r.error_difference, jw::real(r.achieved_epsilon),
                          jw::real(r.epsilon_within_threshold), r.distortion_guaranteed});
      },
      [drop_distortion = study.drop_distortion_rows](ResultTable& t, const std::vector<nlohmann::json>&) {
        t.plot("Privacy lost by the approximation (Fig. 8 left)", "band", "threshold", "error_difference", nullptr,
               "distance threshold (km)", "error(exact) - error(approx) (km)");
        t.plot("Achieved epsilon vs threshold", "band", "threshold", "achieved_epsilon", nullptr,
               "distance threshold (km)", "measured metric-DP epsilon");
        t.plot("LP rows vs threshold (Fig. 8 right: we report rows, not seconds)", "line", "threshold", "constraints",
               "user", "distance threshold (km)", "LP constraints");
        t.notes.push_back("Rows beyond the threshold are dropped: DP rows with d(s,s') > threshold" +
                          std::string(drop_distortion ? " and (24b) rows with d(o,shat) > threshold (as the paper)."
                                                      : " only (distortion rows kept)."));
        t.notes.push_back(
            "achieved_epsilon is measured from the matrix over all pairs; epsilon_within_threshold over the kept pairs (<= target).");
        t.notes.push_back("Computation time is not reported (core is deterministic); see bench/game.json for timings.");
      });
}

/// Figure 8 as the paper draws it: per threshold, box plots over the users of the privacy lost
/// and of the solve time; by default on the paper's map (20 x 15 cells of 0.75 x 0.5333 km) with
/// its 10 users. The (24b) rows are kept by default, so that the decomposition solves every LP
/// (dropped (24b) rows differ per observable; "distortion_rows": true drops them as the paper,
/// for grids the full LP can hold).
units::Plan figure8(const nlohmann::json& req) {
  nlohmann::json with_defaults = req;
  if (!with_defaults.contains("grid"))
    with_defaults["grid"] = {{"rows", 15}, {"cols", 20}, {"cell_km", {0.75, 0.5333}}};
  const auto setup = std::make_shared<const ExperimentSetup>(read_setup(with_defaults));
  const ApproximationStudy study = read_study(req, {0.75, 1, 1.5, 2, 3, 4, 6}, false);
  const long n_users = static_cast<long>(setup->users.size());
  guard_work(*setup, MechanismKind::kJoint, approximation_lp_count(n_users, static_cast<long>(study.thresholds.size())),
             "/users");
  const ResultTable header{
      "figure8",
      {"user", "threshold", "error_difference", "seconds", "seconds_exact", "cost", "cost_exact", "adversary_error",
       "error_exact", "achieved_epsilon", "epsilon_within_threshold", "gap", "gap_exact", "method", "method_exact"}};
  return per_user(
      setup, header,
      [study](long u, const GameInputs& in, Rows& rows, nlohmann::json&, const Context& ctx) {
        for (const auto& r : approximation_user(in, study, ctx))
          rows.push_back({u, r.threshold, r.error_difference, r.seconds, r.seconds_exact, r.cost, r.cost_exact, r.error,
                          r.error_exact, jw::real(r.achieved_epsilon), jw::real(r.epsilon_within_threshold), r.gap,
                          r.gap_exact, r.method, r.method_exact});
      },
      [study, grid = setup->grid](ResultTable& t, const std::vector<nlohmann::json>&) {
        t.box_plot("Privacy lost by the approximation (Fig. 8 left)", "threshold", "error_difference",
                   "distance threshold (km)", "error(exact) - error(approx) (km)");
        t.box_plot("Solve time of the approximate joint LP (Fig. 8 right)", "threshold", "seconds",
                   "distance threshold (km)", "wall-clock seconds");
        std::ostringstream g;
        g << grid.rows << " x " << grid.cols << " cells of " << grid.cell_km << " x " << grid.height() << " km";
        t.notes.push_back("Grid " + g.str() +
                          "; priors are generated (seeded hot cells), not the paper's Nokia traces.");
        t.notes.push_back(
            study.drop_distortion_rows
                ? "Dropped: DP rows with d(s,s') > threshold and (24b) rows with d(o,shat) > threshold (as the paper)."
                : "Dropped: DP rows with d(s,s') > threshold; the (24b) rows are kept (the paper drops those beyond the "
                  "threshold too; the decomposition needs them shared by every observable).");
        t.notes.push_back(
            "seconds are wall-clock times of this run (they vary from run to run and machine to machine); "
            "gap and gap_exact are the certificates: a gap above 1e-6 means that solve stopped early (its budget, or a "
            "certificate that stalled; see the game README).");
      });
}
}  // namespace

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context) {
  const std::string name =
      jr::one_of(request, "experiment", "",
                 {"scenario1", "scenario2", "scenario3", "prior_mismatch", "tradeoff", "approximation", "figure8"});
  // One unit per user (per_user above).
  if (name == "scenario1") return units::answer(request, scenario1(request), context);
  if (name == "scenario2") return units::answer(request, scenario2(request), context);
  if (name == "scenario3") return units::answer(request, scenario3(request), context);
  if (name == "prior_mismatch") return units::answer(request, prior_mismatch(request), context);
  if (name == "tradeoff") return units::answer(request, tradeoff(request), context);
  if (name == "figure8") return units::answer(request, figure8(request), context);
  return units::answer(request, approximation(request), context);
}

}  // namespace privlab::game
