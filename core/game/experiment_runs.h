/**
 * @file experiment_runs.h
 * @brief The computations of [game]'s experiments, typed and without JSON: the synthetic users
 *        of Section 9, scenarios 1-3 of Section 9.1 (Figures 2-5, 7), the prior mismatch of
 *        Section 9.2 (Figure 6), the cost curves against d_m and epsilon, and the Appendix C
 *        approximation study (Figure 8), each for one user, with the LP counts of the work guard.
 *        game/experiment_setup.cpp and game/experiments.cpp read the parameters and write the
 *        rows, plots and notes.
 */
#pragma once
#include <map>
#include <cstdint>
#include <string>
#include <vector>

#include "common/context.h"
#include "game/mechanisms.h"
#include "game/model.h"
#include "game/priors.h"

namespace privlab::game {

/// The users of Section 9 on one grid (the paper's are Nokia traces; ours are generated).
struct ExperimentSetup {
  Grid grid;
  std::vector<GameInputs> users;  ///< one game per generated user prior (same distances)
  bool allow_large = false;
  std::uint64_t seed = 1;
};

/// `count` games on `grid`: distances between cell centres (for the attack, DP and observables),
/// the Hamming loss (as the paper) or the distance as utility loss, and one prior per user drawn
/// in order from one generator seeded with `seed`.
std::vector<GameInputs> generate_users(const Grid& grid, long count, const PriorShape& shape, bool hamming,
                                       std::uint64_t seed);

/// Total LP rows one experiment request may solve: in the browser, or natively (allow_large).
double work_budget(bool allow_large);

/// Progress over `total` steps.
struct Progress {
  Progress(const Context& c, long n) : context(c), total(n) {}
  const Context& context;
  long total = 1;
  long done = 0;
  void step(const std::string& stage) {
    ++done;
    context.report(static_cast<double>(done) / static_cast<double>(total), stage);
  }
};

/// Time limit of each LP `tradeoff` solves by decomposition (DesignOptions::max_seconds).
/// Issue 28: on a 30 x 1 line at eps >= 1 the pricing LPs (DP factors up to e^30) end in GLPK's
/// exact simplex, and the tradeoff of one user ran for minutes. A stopped LP keeps its feasible
/// mechanism with its certified gap (Designed::gap), which the tradeoff reports in a note.
/// Scenarios 1-3 and prior_mismatch run every LP to proven optimality unless the request sets
/// a limit ("budget_seconds", LpTally), and then report the stopped LPs' gaps the same way.
constexpr double kExperimentLpSeconds = 2.0;

/// design() of (21) (kDistortion, at d_m), (22) (kDp, at epsilon) or (24) (kJoint, at both),
/// stopped after max_seconds (> 0) when it is solved by decomposition and, with a limit, without GLPK's
/// exact simplex on the full LP (exact_simplex false: the float answer keeps its gap).
Designed design_for(const GameInputs& in, MechanismKind kind, double epsilon, double dm, double max_seconds = 0);

/// Whether a design was proven optimal: not stopped early, certified relative gap at most
/// kExactGap (what LpTally counts and what tradeoff's rows say).
inline bool proven_optimal(const Designed& d) { return !d.stopped_early && d.gap <= kExactGap; }

/// The LPs of one user's run of scenario 1, 2, 3 or prior_mismatch, each designed by design_for
/// with the per-LP limit `seconds` (the request's "budget_seconds"; 0: none, and every LP runs
/// to proven optimality), and counted: how many ended unproven (stopped by the limit, or a
/// certified relative gap above kExactGap) and the largest certified gap. On the paper's map with
/// priors spread over many cells an LP can run for many minutes (issue 27), so a limit keeps
/// Section 9 on the map within a known time, with every stopped LP's gap said.
/// An LP its limit stopped answers with the cheapest of its own mechanism and the last one of
/// each kind designed before for the same user, among those that pass its audits
/// (known_mechanism.h): the optimum at a smaller eps is DP at a larger one, and the DP
/// mechanism at (eps, d_m = its own error) is a joint one. `improved` counts those answers.
struct LpTally {
  double seconds = 0;
  long unproven = 0;
  double worst_gap = 0;
  std::string worst_lp{};  ///< which LP has worst_gap: "dp at eps 0.9" (empty while every gap is 0)
  long improved = 0;
  std::map<MechanismKind, Matrix> last{};  ///< the last mechanism designed of each kind
  Designed design(const GameInputs& in, MechanismKind kind, double epsilon, double dm);
};

/// What the experiments report of a mechanism (evaluation.h): utility cost (11), the optimal
/// attack's error (7), the Bayesian attack's error (25), the achieved metric-DP epsilon.
struct Outcome {
  double cost, error, bayes, epsilon;
};
Outcome outcome_of(const Designed& d, const GameInputs& in);

/// One mechanism of scenario 1 or 2 at (epsilon_m, d_m).
struct MechanismOutcome {
  double epsilon = 0, d_m = 0;
  MechanismKind mechanism = MechanismKind::kJoint;
  Outcome outcome{};
};

/// Section 9.1 scenario 1 (Figures 2-4), per epsilon: the DP mechanism (22), then the distortion
/// (21) and joint (24) mechanisms at d_m = AP(p_dp) (step 3); rows dp, distortion, joint.
std::vector<MechanismOutcome> scenario1_user(const GameInputs& in, const std::vector<double>& epsilons, LpTally& lps,
                                             const Context& context);
long scenario1_lp_count(long users, long epsilons);

/// Section 9.1 scenario 2 (Figure 5), per epsilon and fraction f: d_m = AP(p_dp) + f (threshold -
/// AP(p_dp)), above the DP mechanism's privacy; rows dp, distortion, joint.
struct Scenario2User {
  std::vector<MechanismOutcome> rows;
  double worst_gap = 0;  ///< largest max(error(dp), error(distortion)) - error(joint)
};
Scenario2User scenario2_user(const GameInputs& in, const std::vector<double>& epsilons,
                             const std::vector<double>& fractions, LpTally& lps, const Context& context);
long scenario2_lp_count(long users, long epsilons, long fractions);

/// Scenario 3's d_m grid {step, 2 step, ...} up to the user's feasibility threshold (the last
/// clipped to it), at most 50 values.
std::vector<double> scenario3_dms(const GameInputs& in, double step);

/// One experiment of Section 9.1 scenario 3 (Figure 7): the three mechanisms at (epsilon, d_m).
struct CostAndError {
  double cost = 0, error = 0;
};
struct Scenario3Experiment {
  long user = 0;
  double epsilon = 0, d_m = 0;
  CostAndError dp, distortion, joint;
};
/// Every (epsilon, d_m) of user `user`: DP at each epsilon and distortion at each d_m designed
/// once, the joint mechanism at each pair (epsilon-major order).
std::vector<Scenario3Experiment> scenario3_user(long user, const GameInputs& in, const std::vector<double>& epsilons,
                                                double d_m_step, LpTally& lps, const Context& context);
long scenario3_lp_count(const ExperimentSetup& setup, long epsilons, double d_m_step);

/// Figure 7's x axes over all experiments: the rank of each by the joint mechanism's error and
/// by its cost (stable: ties keep the experiments' order), and how often cost(joint) exceeds
/// max(cost(dp), cost(distortion)) by more than 1e-7 (above) or not (equal).
struct Scenario3Ranks {
  std::vector<long> by_joint_privacy, by_joint_cost;
  long above = 0, equal = 0;
};
Scenario3Ranks scenario3_ranks(const std::vector<Scenario3Experiment>& experiments);

/// Section 9.2 (Figure 6), per epsilon and lambda: the DP mechanism (22) and the distortion
/// mechanism (21) at d_m = AP(p_dp), attacked with the better-informed prior
/// pi-hat = informed_prior(pi, lambda, top) (errors under pi-hat).
struct MismatchRow {
  double epsilon = 0, lambda = 0;
  double adversary_entropy = 0, design_entropy = 0;
  double d_m = 0;
  double error_dp = 0, error_distortion = 0;
};
struct PriorMismatchUser {
  std::vector<MismatchRow> rows;
  long robust = 0;    ///< informed cases (lambda > 0) where error_dp >= error_distortion - 1e-12
  long informed = 0;  ///< cases with lambda > 0
};
PriorMismatchUser prior_mismatch_user(const GameInputs& in, const std::vector<double>& epsilons,
                                      const std::vector<double>& lambdas, long top, LpTally& lps,
                                      const Context& context);
long prior_mismatch_lp_count(long users, long epsilons);

/// The cost curves (not a figure of the paper): cost against d_m = f x threshold at a fixed
/// epsilon, and against epsilon at a fixed d_m = d_m_fraction x threshold.
struct TradeoffSweeps {
  std::vector<double> d_m_fractions, epsilons;
  double epsilon = 0.5, d_m_fraction = 0.5;
  double lp_seconds = kExperimentLpSeconds;  ///< time limit of each LP (design_for)
};
struct TradeoffRow {
  enum class Sweep { kDm, kEpsilon } sweep = Sweep::kDm;
  double d_m = 0, epsilon = 0;
  MechanismKind mechanism = MechanismKind::kJoint;
  Outcome outcome{};
  double shadow_price = 0;     ///< d cost / d d_m, the multiplier of (21c)/(24c) (NaN for (22))
  double gap = 0;              ///< the LP's certified relative gap (Designed::gap)
  bool stopped_early = false;  ///< not proven optimal (gap above kExactGap): time limit, or float answer
};
/// Along d_m: distortion, joint, then the fixed DP mechanism per fraction; along epsilon: DP,
/// joint, then the fixed distortion mechanism per epsilon.
std::vector<TradeoffRow> tradeoff_user(const GameInputs& in, const TradeoffSweeps& sweeps, const Context& context);
long tradeoff_lp_count(long users, const TradeoffSweeps& sweeps);

/// Appendix C (Figure 8): the joint mechanism (24) at epsilon and d_m = d_m_fraction x threshold,
/// exact and with the rows beyond each distance threshold dropped (DP rows, and (24b) rows when
/// drop_distortion_rows, as the paper).
struct ApproximationStudy {
  std::vector<double> thresholds;
  double epsilon = 0.5, d_m_fraction = 0.5;
  bool drop_distortion_rows = true;
  double max_seconds = 0;  ///< time budget of each LP (0: none); a stopped solve reports its gap
};
struct ApproximationRow {
  double threshold = 0;
  long constraints = 0, dp_rows = 0, distortion_rows = 0;
  double cost = 0, cost_exact = 0;
  double error = 0, error_exact = 0, error_difference = 0;  ///< error_exact - error
  double achieved_epsilon = 0;                              ///< measured over all pairs
  double epsilon_within_threshold = 0;                      ///< measured over the kept pairs
  bool distortion_guaranteed = false;                       ///< error >= d_m - 1e-9
  /// Wall-clock seconds of the approximate and of the exact solve (Figure 8 right; they vary
  /// from run to run), and both certificates' gaps (exact when <= kExactGap).
  double seconds = 0, seconds_exact = 0;
  double gap = 0, gap_exact = 0;
  std::string method, method_exact;
};
std::vector<ApproximationRow> approximation_user(const GameInputs& in, const ApproximationStudy& study,
                                                 const Context& context);
long approximation_lp_count(long users, long thresholds);

}  // namespace privlab::game
