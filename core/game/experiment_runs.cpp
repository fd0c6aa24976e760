/**
 * @file experiment_runs.cpp
 * @brief The per-user computations of the game experiments ([game] Section 9, Appendix C).
 */
#include "game/experiment_runs.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <map>
#include <numeric>
#include <random>
#include <sstream>

#include "game/decomposition.h"
#include "game/dp_measure.h"
#include "game/evaluation.h"
#include "game/known_mechanism.h"

namespace privlab::game {

namespace {
/// Total LP rows solved by one experiment request (browser / allow_large).
constexpr double kBrowserWork = 1.5e6;
constexpr double kLargeWork = 1e8;
}  // namespace

std::vector<GameInputs> generate_users(const Grid& grid, long count, const PriorShape& shape, bool hamming,
                                       std::uint64_t seed) {
  GameInputs base;
  base.distance = grid_distances(grid);
  base.dp_distance = base.distance;
  base.obs_distance = base.distance;
  base.dp_distance_is_metric = true;
  base.loss = hamming ? hamming_loss(grid.cells()) : base.distance;
  std::vector<GameInputs> users;
  std::mt19937_64 rng(seed);
  for (long u = 0; u < count; ++u) {
    GameInputs in = base;
    in.prior = generate_prior(grid, shape, rng);
    users.push_back(std::move(in));
  }
  return users;
}

double work_budget(bool allow_large) { return allow_large ? kLargeWork : kBrowserWork; }

Designed design_for(const GameInputs& in, MechanismKind kind, double epsilon, double dm, double max_seconds) {
  DesignOptions o = design_options(kind, epsilon, dm);
  o.max_seconds = max_seconds;
  // With a time limit, a float optimum keeps its honest gap instead of GLPK's exact simplex on
  // the full LP (untimed: 3 minutes on the 30 x 1 tradeoff when the decomposition gave up).
  if (max_seconds > 0) o.exact_simplex = false;
  // The limit stops the decomposition but not the full LP's simplex, which `auto` picks on a line
  // of cells (line_like, mechanisms.cpp): under a request's "budget" (a limit below
  // kExperimentLpSeconds) an LP the decomposition would solve without the line rule is solved by
  // it, so that the budget holds (issue 28: 3 users on 30 x 1 with a budget of 2 s ran 36 s).
  if (max_seconds > 0 && max_seconds < kExperimentLpSeconds && in.num_secrets() >= kDecompositionMinSecrets &&
      decomposition_unavailable(in, o).empty())
    o.decomposition = DesignOptions::Decomposition::kOn;
  return design(in, o);
}

namespace {
/// An LP of the experiments by its kind and parameters, for the notes: "joint at eps 0.6, d_m 1.2 km".
std::string lp_name(MechanismKind kind, double epsilon, double dm) {
  std::ostringstream name;
  name << std::setprecision(4) << mechanism_name(kind) << " at ";
  if (kind != MechanismKind::kDistortion) name << "eps " << epsilon << (kind == MechanismKind::kJoint ? ", " : "");
  if (kind != MechanismKind::kDp) name << "d_m " << dm << " km";
  return name.str();
}
}  // namespace

Designed LpTally::design(const GameInputs& in, MechanismKind kind, double epsilon, double dm) {
  Designed d = design_for(in, kind, epsilon, dm, seconds);
  const DesignOptions audited_for = design_options(kind, epsilon, dm);  // what the audits read of design_for's
  bool better = false;
  for (const auto& [k, known] : last) better |= keep_cheaper_known(d, known, in, audited_for);
  improved += better;
  last[kind] = d.p;
  if (!proven_optimal(d)) ++unproven;
  if (d.gap > worst_gap) worst_gap = d.gap, worst_lp = lp_name(kind, epsilon, dm);
  return d;
}

Outcome outcome_of(const Designed& d, const GameInputs& in) {
  const Evaluation e = evaluate(d.p, in);
  return {e.cost, e.adversary_error, e.bayes_error, e.epsilon};
}

std::vector<MechanismOutcome> scenario1_user(const GameInputs& in, const std::vector<double>& epsilons, LpTally& lps,
                                             const Context& context) {
  std::vector<MechanismOutcome> rows;
  Progress prog{context, static_cast<long>(epsilons.size())};
  for (double eps : epsilons) {
    const Outcome dp = outcome_of(lps.design(in, MechanismKind::kDp, eps, 0), in);
    const double dm = dp.error;  // step 3: d_m = AP(p_dp)
    const Outcome dist = outcome_of(lps.design(in, MechanismKind::kDistortion, 0, dm), in);
    const Outcome joint = outcome_of(lps.design(in, MechanismKind::kJoint, eps, dm), in);
    rows.push_back({eps, dm, MechanismKind::kDp, dp});
    rows.push_back({eps, dm, MechanismKind::kDistortion, dist});
    rows.push_back({eps, dm, MechanismKind::kJoint, joint});
    prog.step("scenario 1");
  }
  return rows;
}

long scenario1_lp_count(long users, long epsilons) { return 3 * users * epsilons; }

Scenario2User scenario2_user(const GameInputs& in, const std::vector<double>& epsilons,
                             const std::vector<double>& fractions, LpTally& lps, const Context& context) {
  Scenario2User out;
  Progress prog{context, static_cast<long>(epsilons.size())};
  const double thr = feasibility_threshold(in.prior, in.distance);
  for (double eps : epsilons) {
    const Outcome dp = outcome_of(lps.design(in, MechanismKind::kDp, eps, 0), in);
    for (double f : fractions) {
      const double dm = dp.error + f * (thr - dp.error);
      const Outcome dist = outcome_of(lps.design(in, MechanismKind::kDistortion, 0, dm), in);
      const Outcome joint = outcome_of(lps.design(in, MechanismKind::kJoint, eps, dm), in);
      out.rows.push_back({eps, dm, MechanismKind::kDp, dp});
      out.rows.push_back({eps, dm, MechanismKind::kDistortion, dist});
      out.rows.push_back({eps, dm, MechanismKind::kJoint, joint});
      out.worst_gap = std::max(out.worst_gap, std::max(dp.error, dist.error) - joint.error);
    }
    prog.step("scenario 2");
  }
  return out;
}

long scenario2_lp_count(long users, long epsilons, long fractions) { return users * epsilons * (1 + 2 * fractions); }

std::vector<double> scenario3_dms(const GameInputs& in, double step) {
  std::vector<double> dms;
  const double thr = feasibility_threshold(in.prior, in.distance);
  for (double dm = step; dm <= thr + 1e-12 && dms.size() < 50; dm += step) dms.push_back(std::min(dm, thr));
  return dms;
}

std::vector<Scenario3Experiment> scenario3_user(long user, const GameInputs& in, const std::vector<double>& epsilons,
                                                double d_m_step, LpTally& lps, const Context& context) {
  const auto dms = scenario3_dms(in, d_m_step);
  Progress prog{context, static_cast<long>(epsilons.size() + dms.size() + epsilons.size() * dms.size())};
  const auto cost_and_error = [&](MechanismKind kind, double eps, double dm) {
    const Outcome o = outcome_of(lps.design(in, kind, eps, dm), in);
    return CostAndError{o.cost, o.error};
  };
  std::map<double, CostAndError> dp_of, dist_of;
  for (double eps : epsilons) {
    dp_of[eps] = cost_and_error(MechanismKind::kDp, eps, 0);
    prog.step("scenario 3");
  }
  for (double dm : dms) {
    dist_of[dm] = cost_and_error(MechanismKind::kDistortion, 0, dm);
    prog.step("scenario 3");
  }
  std::vector<Scenario3Experiment> out;
  for (double eps : epsilons)
    for (double dm : dms) {
      out.push_back({user, eps, dm, dp_of[eps], dist_of[dm], cost_and_error(MechanismKind::kJoint, eps, dm)});
      prog.step("scenario 3");
    }
  return out;
}

long scenario3_lp_count(const ExperimentSetup& setup, long epsilons, double d_m_step) {
  long lps = 0;
  for (const auto& in : setup.users) {
    const long nd = static_cast<long>(scenario3_dms(in, d_m_step).size());
    lps += epsilons + nd + epsilons * nd;
  }
  return lps;
}

Scenario3Ranks scenario3_ranks(const std::vector<Scenario3Experiment>& experiments) {
  const long k = static_cast<long>(experiments.size());
  const auto at = [&](long i) -> const Scenario3Experiment& { return experiments[static_cast<std::size_t>(i)]; };
  std::vector<long> by_privacy(k), by_cost(k);
  std::iota(by_privacy.begin(), by_privacy.end(), 0L);
  std::iota(by_cost.begin(), by_cost.end(), 0L);
  std::stable_sort(by_privacy.begin(), by_privacy.end(),
                   [&](long a, long b) { return at(a).joint.error < at(b).joint.error; });
  std::stable_sort(by_cost.begin(), by_cost.end(), [&](long a, long b) { return at(a).joint.cost < at(b).joint.cost; });
  Scenario3Ranks r;
  r.by_joint_privacy.resize(static_cast<std::size_t>(k));
  r.by_joint_cost.resize(static_cast<std::size_t>(k));
  for (long i = 0; i < k; ++i) {
    r.by_joint_privacy[static_cast<std::size_t>(by_privacy[static_cast<std::size_t>(i)])] = i;
    r.by_joint_cost[static_cast<std::size_t>(by_cost[static_cast<std::size_t>(i)])] = i;
  }
  for (const auto& e : experiments) {
    const double single = std::max(e.dp.cost, e.distortion.cost);
    if (e.joint.cost > single + 1e-7)
      ++r.above;
    else
      ++r.equal;
  }
  return r;
}

PriorMismatchUser prior_mismatch_user(const GameInputs& in, const std::vector<double>& epsilons,
                                      const std::vector<double>& lambdas, long top, LpTally& lps,
                                      const Context& context) {
  PriorMismatchUser out;
  Progress prog{context, static_cast<long>(epsilons.size())};
  for (double eps : epsilons) {
    const Designed dp = lps.design(in, MechanismKind::kDp, eps, 0);
    const double dm = evaluate(dp.p, in).adversary_error;  // as scenario 1: d_m = AP(p_dp)
    const Designed dist = lps.design(in, MechanismKind::kDistortion, 0, dm);
    for (double lambda : lambdas) {
      const Vector hat = informed_prior(in.prior, lambda, top);
      const MismatchEvaluation a = evaluate_mismatch(dp.p, in, hat);
      const MismatchEvaluation b = evaluate_mismatch(dist.p, in, hat);
      out.rows.push_back(
          {eps, lambda, a.adversary_entropy, a.design_entropy, dm, a.error_adversary_prior, b.error_adversary_prior});
      if (lambda > 0) {
        ++out.informed;
        out.robust += a.error_adversary_prior >= b.error_adversary_prior - 1e-12;
      }
    }
    prog.step("prior mismatch");
  }
  return out;
}

long prior_mismatch_lp_count(long users, long epsilons) { return 2 * users * epsilons; }

std::vector<TradeoffRow> tradeoff_user(const GameInputs& in, const TradeoffSweeps& sweeps, const Context& context) {
  std::vector<TradeoffRow> rows;
  Progress prog{context, 3 * static_cast<long>(sweeps.d_m_fractions.size() + sweeps.epsilons.size())};
  const auto add = [&](TradeoffRow::Sweep sweep, double dm, double eps, MechanismKind kind, const Designed& d) {
    rows.push_back({sweep, dm, eps, kind, outcome_of(d, in), d.shadow_price, d.gap, !proven_optimal(d)});
    prog.step("cost curves");
  };
  const auto design_at = [&](MechanismKind kind, double eps, double dm) {
    return design_for(in, kind, eps, dm, sweeps.lp_seconds);
  };
  const double thr = feasibility_threshold(in.prior, in.distance);
  const double eps_fixed = sweeps.epsilon;
  const Designed dp_fixed = design_at(MechanismKind::kDp, eps_fixed, 0);
  for (double f : sweeps.d_m_fractions) {
    const double dm = f * thr;
    add(TradeoffRow::Sweep::kDm, dm, eps_fixed, MechanismKind::kDistortion,
        design_at(MechanismKind::kDistortion, 0, dm));
    add(TradeoffRow::Sweep::kDm, dm, eps_fixed, MechanismKind::kJoint, design_at(MechanismKind::kJoint, eps_fixed, dm));
    add(TradeoffRow::Sweep::kDm, dm, eps_fixed, MechanismKind::kDp, dp_fixed);
  }
  const double dm_fixed = sweeps.d_m_fraction * thr;
  const Designed dist_fixed = design_at(MechanismKind::kDistortion, 0, dm_fixed);
  for (double eps : sweeps.epsilons) {
    add(TradeoffRow::Sweep::kEpsilon, dm_fixed, eps, MechanismKind::kDp, design_at(MechanismKind::kDp, eps, 0));
    add(TradeoffRow::Sweep::kEpsilon, dm_fixed, eps, MechanismKind::kJoint,
        design_at(MechanismKind::kJoint, eps, dm_fixed));
    add(TradeoffRow::Sweep::kEpsilon, dm_fixed, eps, MechanismKind::kDistortion, dist_fixed);
  }
  return rows;
}

long tradeoff_lp_count(long users, const TradeoffSweeps& sweeps) {
  return users * (2 * static_cast<long>(sweeps.d_m_fractions.size() + sweeps.epsilons.size()) + 2);
}

std::vector<ApproximationRow> approximation_user(const GameInputs& in, const ApproximationStudy& study,
                                                 const Context& context) {
  std::vector<ApproximationRow> rows;
  Progress prog{context, static_cast<long>(study.thresholds.size() + 1)};
  DesignOptions o = design_options(MechanismKind::kJoint, study.epsilon,
                                   study.d_m_fraction * feasibility_threshold(in.prior, in.distance));
  o.max_seconds = study.max_seconds;
  const auto timed = [&](const DesignOptions& opt, double& seconds) {
    const auto start = std::chrono::steady_clock::now();
    Designed d = design(in, opt);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return d;
  };
  double seconds_exact = 0;
  const Designed exact = timed(o, seconds_exact);
  const Outcome ex = outcome_of(exact, in);
  prog.step("exact joint LP");
  for (double thr : study.thresholds) {
    DesignOptions a = o;
    a.approx_threshold = thr;
    a.approx_distortion_rows = study.drop_distortion_rows;
    double seconds = 0;
    const Designed d = timed(a, seconds);
    const Outcome oc = outcome_of(d, in);
    rows.push_back({thr, d.size.constraints, d.dp_rows, d.distortion_rows, oc.cost, ex.cost, oc.error, ex.error,
                    ex.error - oc.error, oc.epsilon, metric_dp_epsilon(d.p, in.dp_distance, thr),
                    oc.error >= o.min_distortion - 1e-9, seconds, seconds_exact, d.gap, exact.gap, d.method,
                    exact.method});
    prog.step("approximate joint LP");
  }
  return rows;
}

long approximation_lp_count(long users, long thresholds) { return users * (thresholds + 1); }

}  // namespace privlab::game
