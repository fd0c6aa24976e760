/**
 * @file mechanisms.cpp
 * @brief LPs (21), (22), (23), (24) of [game] and their Appendix C approximation.
 */
#include "game/mechanisms.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

#include "common/error.h"
#include "game/attack.h"
#include "game/cutting_planes.h"
#include "game/decomposition.h"
#include "game/dual_lp.h"
#include "game/lp_build.h"
#include "solvers/lp.h"
#include "solvers/lp_exact.h"

namespace privlab::game {

namespace {
using namespace lp_build;
/// d_m may exceed the threshold by this much (round-off in the caller's arithmetic).
constexpr double kThresholdSlack = 1e-12;
/// rows x columns up to which GLPK's exact simplex is tried when the floating-point forms leave
/// a gap above kExactGap (a 4x4 joint LP is 8e5).
constexpr double kExactWork = 2e7;
}  // namespace

std::vector<char> implied_pairs(const Matrix& dp_distance) {
  // For each t and each middle cell r, one pass over s down contiguous columns (Eigen is
  // column-major): on_a_chain for every s at once, a loop GCC vectorises. At 2,500 cells: about
  // 55 s per call before (a branch per step, over every (s, t, r)), 8.7-9.3 s now.
  // A symmetric d gives a symmetric answer (a + b = b + a in floating point too): then only
  // the pairs s < t are tested, half the work.
  const long n = dp_distance.rows();
  const bool symmetric = (dp_distance.array() == dp_distance.transpose().array()).all();
  std::vector<char> implied(n * n, 0);
  std::vector<double> hit(n);  // 1: some middle cell found for (s, t)
  for (long t = 0; t < n; ++t) {
    const long rows = symmetric ? t : n;  // the s tested
    std::fill(hit.begin(), hit.end(), 0.0);
    const double* st = dp_distance.col(t).data();  // d(s,t) over s
    for (long r = 0; r < n; ++r) {
      const double b = dp_distance(r, t);
      if (r == t || !(b > 0)) continue;
      const double* sr = dp_distance.col(r).data();  // d(s,r) over s
      const double at_r = hit[r];                    // s = r is no middle cell
      double* h = hit.data();
      for (long s = 0; s < rows; ++s) {
        const double found = on_a_chain(sr[s], b, st[s]);
        h[s] = h[s] > found ? h[s] : found;
      }
      hit[r] = at_r;
    }
    for (long s = 0; s < rows; ++s)
      if (s != t && st[s] > 0 && hit[s] > 0) implied[s * n + t] = 1;
  }
  if (symmetric)
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < s; ++t) implied[s * n + t] = implied[t * n + s];
  return implied;
}

std::vector<char> implied_pairs_from(const Matrix& dp_distance, long s) {
  const long n = dp_distance.rows();
  std::vector<char> implied(n, 0);
  for (long t = 0; t < n; ++t) {
    const double dst = dp_distance(s, t);
    if (s == t || !(dst > 0)) continue;
    for (long r = 0; r < n && !implied[t]; ++r)
      if (r != s && r != t && dp_distance(r, t) > 0 && on_a_chain(dp_distance(s, r), dp_distance(r, t), dst) > 0)
        implied[t] = 1;
  }
  return implied;
}

namespace {
/// DP pairs kept per secret (after the implied-row reduction) up to which `auto` solves the full
/// LP however many cells there are: a line of cells keeps only its 2 (n - 1) neighbour pairs, so
/// its full LP has about 2 |O| |S| rows and the simplex solves it in ~0.1 s, while the
/// decomposition's pricing, with DP factors e^{eps d} over the whole line, stalls (issue 28: the
/// DP LP of a 30 x 1 line at eps 1.5, full 0.08 s against 4-26 s by decomposition; at eps 3 on
/// 20 x 1 the decomposition ended with a gap of 2e-4 where the full LP is exact in 0.03 s).
constexpr long kLinePairsPerSecret = 2;
/// ... and whose full LP has at most this many variables x constraints (a 30 x 1 joint LP:
/// 930 x 2671 = 2.5e6), so that a map whose Appendix C threshold drops every pair keeps the
/// decomposition.
constexpr double kLineFullLpWork = 1e7;

/// Does the LP's DP part keep at most kLinePairsPerSecret pairs per secret (a line), with a
/// small full LP?
bool line_like(const GameInputs& in, const DesignOptions& opt) {
  if (!has_dp(opt.kind)) return false;
  const long limit = kLinePairsPerSecret * in.num_secrets();
  if (count_kept_pairs(in, opt, limit) > limit) return false;
  const LpSize full = estimate_lp_size(in, opt);
  return static_cast<double>(full.variables) * static_cast<double>(full.constraints) <= kLineFullLpWork;
}
}  // namespace

bool uses_decomposition(const GameInputs& in, const DesignOptions& opt) {
  using D = DesignOptions::Decomposition;
  if (opt.lazy_dp_rows || opt.decomposition == D::kOff) return false;
  if (opt.decomposition == D::kAuto && in.num_secrets() < kDecompositionMinSecrets) return false;
  if (opt.decomposition == D::kAuto && line_like(in, opt)) return false;
  return decomposition_unavailable(in, opt).empty();
}

MechanismKind mechanism_kind(const std::string& name) {
  if (name == "distortion") return MechanismKind::kDistortion;
  if (name == "dp") return MechanismKind::kDp;
  return MechanismKind::kJoint;
}

const char* mechanism_name(MechanismKind kind) {
  switch (kind) {
    case MechanismKind::kDistortion: return "distortion";
    case MechanismKind::kDp: return "dp";
    default: return "joint";
  }
}

LpSize estimate_lp_size(const GameInputs& in, const DesignOptions& opt) {
  const long m = in.num_observables(), n = in.num_secrets();
  const PairFilter pairs(in, opt);
  LpSize size{m * n, n, m * n};
  if (opt.worst_case) {
    size.variables += 1;
    size.constraints += n;
    for (long s = 0; s < n; ++s)
      for (long o = 0; o < m; ++o) size.nonzeros += in.loss(o, s) != 0;
    size.nonzeros += n;
  }
  if (has_distortion(opt.kind)) {
    size.variables += m;
    for (long g = 0; g < n; ++g) {
      const long nz = distortion_row_nonzeros(in, g);
      for (long o = 0; o < m; ++o)
        if (keep_distortion_row(in, opt, o, g)) {
          ++size.constraints;
          size.nonzeros += nz;
        }
    }
    size.constraints += 1;
    size.nonzeros += m;
  }
  if (has_dp(opt.kind))
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t)) {
          size.constraints += m;
          size.nonzeros += 2 * m;
        }
  return size;
}

namespace {
/// Solves the full LP `b` in one form (within b.prog.time_limit) and turns the solution into an
/// audited-ready mechanism with its certificate; nullopt when the simplex does not end optimal
/// (`status` says why), or ends at a point that is not a mechanism (lp_build::mechanism_of).
enum class Attempt { kPrimal, kDual, kDecomposition, kExact };

/// The full LP's size and row counts, as a design reports them.
void describe_lp(Designed& d, const Built& b) {
  d.size = {b.prog.num_vars(), static_cast<long>(b.prog.rows.size()), 0};
  for (const auto& row : b.prog.rows) d.size.nonzeros += static_cast<long>(row.coeffs.size());
  d.dp_rows = b.dp_rows;
  d.distortion_rows = b.distortion_rows;
}

std::optional<Designed> finish_full_lp(const GameInputs& in, const DesignOptions& o, const PairFilter& pairs,
                                       const Built& b, Attempt attempt, lp::Status& status) {
  const long m = in.num_observables(), n = in.num_secrets();
  const lp::Solution sol = attempt == Attempt::kDual     ? solve_via_dual(b.prog)
                           : attempt == Attempt::kPrimal ? lp::solve_lp(b.prog)
                                                         : lp::solve_lp_exact(b.prog);
  status = sol.status;
  if (sol.status != lp::Status::kOptimal) return std::nullopt;
  std::optional<Matrix> p = mechanism_of(sol.x, m, n);  // nullopt: "optimal" at a point off its rows
  if (!p) return std::nullopt;
  Designed d;
  d.p = std::move(*p);
  // Solver round-off (~1e-12 in DP rows, ~1e-8 relative in (21c)) is repaired by a uniform mix.
  // Any mix is applied (GLPK's scaled tolerances left a DP row of a 4x4 joint LP at eps 16
  // violated by 1e-7 with e^16 on the other side: a 1.8e-6 mix); what it costs shows in the gap.
  d.repair_mix = repair_with_uniform(d.p, in, o, pairs, 1.0);
  d.lower_bound = certified_lower_bound(b, sol.row_duals, in, o);
  cost_and_gap(d, in, o);
  d.lp_objective = sol.objective;
  describe_lp(d, b);
  d.shadow_price = b.budget_row >= 0 ? sol.row_duals(b.budget_row) : std::numeric_limits<double>::quiet_NaN();
  return d;
}
/// The design of a cutting-plane or decomposition solve: its audited-ready mechanism, its cost
/// and the certificate's gap.
Designed from_cut(const CutResult& cut, const GameInputs& in, const DesignOptions& o, const char* method) {
  Designed d;
  d.method = method;
  d.p = cut.p;
  d.repair_mix = cut.repair_mix;
  d.lower_bound = cut.lower_bound;
  cost_and_gap(d, in, o);
  d.lp_objective = cut.lp_objective;
  d.size = cut.size;
  d.dp_rows = cut.dp_rows;
  d.distortion_rows = cut.distortion_rows;
  d.rounds = cut.rounds;
  d.phase = cut.phase;
  d.observables = cut.observables;
  d.stopped_early = cut.stopped_early;
  d.shadow_price = has_distortion(o.kind) ? cut.shadow_price : std::numeric_limits<double>::quiet_NaN();
  return d;
}

/// Every kept DP pair at the cap e^kMaxLogFactor (eps d_eps >= 30 for all of them, e.g. 0.2 per
/// km on cells of 1e3 km): the DP rows p(o|s) <= e^30 p(o|t) only ask that columns share their
/// support, yet their coefficients of 1e13 beside 1 leave the float simplex lost (issue 28: on a
/// 3 x 3 joint LP of 1e3 km cells the primal form called a point with an all-zero column
/// "optimal", the dual form stopped at cost 0.994 for an optimum of 0.0018). The LP without
/// them, (21) at the same d_m (d_m = 0 for (22): no row at all), is a relaxation, so its
/// certified lower bound bounds the full LP; its mechanism mixed with the uniform one (weight
/// ~1e-12) satisfies every DP row. Kept when that leaves a gap <= kExactGap, else nullopt.
std::optional<Designed> dp_rows_at_cap(const GameInputs& in, const DesignOptions& o, const PairFilter& pairs) {
  if (!has_dp(o.kind) || o.lazy_dp_rows || o.decomposition == DesignOptions::Decomposition::kOn) return std::nullopt;
  const long n = in.num_secrets();
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (pairs.keep(s, t) && log_factor(in, o, s, t) < kMaxLogFactor) return std::nullopt;
  DesignOptions relaxed = o;
  relaxed.kind = MechanismKind::kDistortion;
  relaxed.epsilon = 0;
  relaxed.dp_threshold.reset();
  Designed d = design(in, relaxed);
  d.repair_mix = 1 - (1 - d.repair_mix) * (1 - repair_with_uniform(d.p, in, o, pairs, 1.0));
  cost_and_gap(d, in, o);
  if (d.gap > kExactGap) return std::nullopt;
  if (!has_distortion(o.kind)) d.shadow_price = std::numeric_limits<double>::quiet_NaN();
  d.dp_rows = 0;  // none was needed: the mix satisfies them all
  return d;
}

/// The answer of a full LP whose budget ran out before any attempt solved it: before_any_lp's
/// (lp_build.h), as the cutting planes answer when their first master does not finish.
Designed budget_spent_answer(const Built& b, const GameInputs& in, const DesignOptions& o) {
  Designed d;
  const BeforeAnyLp first = before_any_lp(b, in, o);
  d.p = first.p;
  d.repair_mix = first.repair_mix;
  d.lower_bound = first.lower_bound;
  cost_and_gap(d, in, o);
  d.lp_objective = std::numeric_limits<double>::quiet_NaN();
  describe_lp(d, b);
  d.shadow_price = std::numeric_limits<double>::quiet_NaN();
  d.stopped_early = true;
  return d;
}
}  // namespace

DesignOptions design_options(MechanismKind kind, double epsilon, double min_distortion) {
  DesignOptions o;
  o.kind = kind;
  o.epsilon = epsilon;
  o.min_distortion = min_distortion;
  return o;
}

double design_objective(const Matrix& p, const GameInputs& in, const DesignOptions& o) {
  return o.worst_case ? worst_utility_cost(p, in.loss) : utility_cost(p, in.prior, in.loss);
}

double cost_and_gap(Designed& d, const GameInputs& in, const DesignOptions& o) {
  d.cost = utility_cost(d.p, in.prior, in.loss);
  const double objective = o.worst_case ? worst_utility_cost(d.p, in.loss) : d.cost;
  d.gap = std::max(0.0, (objective - d.lower_bound) / std::max(1.0, std::abs(objective)));
  return objective;
}

Designed design(const GameInputs& in, const DesignOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  check_design_arguments(in, opt);
  DesignOptions o = opt;
  // A level the kind does not use may be NaN ("not given"); the LPs and bounds below read 0.
  if (o.kind == MechanismKind::kDistortion) o.epsilon = 0;
  if (o.kind == MechanismKind::kDp) o.min_distortion = 0;
  if (has_distortion(opt.kind)) {
    // ERRATUM (docs/errata.md): (21)/(24) are feasible iff d_m <= min_shat sum_s pi(s) d(shat,s).
    const double threshold = feasibility_threshold(in.prior, in.distance);
    if (opt.min_distortion > threshold + kThresholdSlack * std::max(1.0, threshold)) {
      std::ostringstream msg;
      msg << "min_distortion " << opt.min_distortion << " exceeds the feasibility threshold " << threshold
          << " (the error of the best guess without any observation); no mechanism "
          << "can guarantee more";
      bad_request("infeasible", "/min_distortion", msg.str());
    }
    o.min_distortion = std::min(opt.min_distortion, threshold);
  }
  const PairFilter pairs(in, o);
  if (o.decomposition == DesignOptions::Decomposition::kOn && !decomposition_unavailable(in, o).empty())
    bad_request("not_applicable", "/method", "the decomposition does not apply: " + decomposition_unavailable(in, o));
  if (auto capped = dp_rows_at_cap(in, o, pairs)) return *capped;
  const bool decomposed = uses_decomposition(in, o);
  // The budget covers the preparation too: implied_pairs and the triangle-inequality check are
  // O(n^3), about 9 s at 2,500 cells, before the solvers start their clocks.
  if (o.max_seconds > 0)
    o.max_seconds =
        std::max(1e-3, o.max_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  const auto solve_start = std::chrono::steady_clock::now();  // o.max_seconds counts from here
  if (decomposed) {
    if (auto cut = solve_by_decomposition(in, o, pairs)) return from_cut(*cut, in, o, "decomposition");
  } else if (o.lazy_dp_rows) {
    if (auto cut = solve_by_cuts(in, o, pairs)) return from_cut(*cut, in, o, "cutting_planes");
  }
  Built b = build(in, o, pairs);
  // The budget bounds the full LP too: each attempt gets what is left of it (without this an
  // 8 x 8 joint LP asked with "method":"full" and a 120 s budget ran for more than 25 minutes).
  // An attempt stopped by it, or one not started because nothing is left, marks the answer
  // stopped_early; with no answer at all, the uniform mechanism stands (below).
  bool out_of_time = false;
  const auto time_left = [&]() {  // sets the next attempt's limit; false when nothing is left
    if (o.max_seconds <= 0) return true;
    const double left =
        o.max_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - solve_start).count();
    if (left <= 0) return !(out_of_time = true);
    b.prog.time_limit = left;
    return true;
  };
  const auto full_lp = [&](Attempt attempt) -> std::optional<Designed> {
    if (!time_left()) return std::nullopt;
    lp::Status status = lp::Status::kFailed;
    auto d = finish_full_lp(in, o, pairs, b, attempt, status);
    if (status == lp::Status::kTimeLimit) out_of_time = true;
    return d;
  };
  const bool dual_first =
      o.form == DesignOptions::Form::kDual ||
      (o.form == DesignOptions::Form::kAuto && static_cast<long>(b.prog.rows.size()) > 2 * b.prog.objective.size());
  // A valid request never ends in lp_failed, and the certificate decides what is optimal: when
  // the asked form does not end optimal, or ends with a gap above kExactGap (GLPK's tolerances
  // on rows with coefficients up to e^30 let the dual form stop at a suboptimal vertex of a 4x4
  // joint LP at eps 4, 7e-5 above the optimum), the same LP is solved in the other form and
  // the better certificate is kept. Next comes the decomposition where it applies (its columns
  // are exact by construction: at eps 2 the float simplex stops 3e-3 above a 5x5 DP LP's
  // optimum, which the decomposition certifies in 0.1 s), and last GLPK's exact simplex.
  const Attempt first = dual_first ? Attempt::kDual : Attempt::kPrimal;
  const Attempt second = dual_first ? Attempt::kPrimal : Attempt::kDual;
  std::optional<Designed> best = full_lp(first);
  for (Attempt next : {second, Attempt::kDecomposition, Attempt::kExact}) {
    if (best && best->gap <= kExactGap) break;
    if (out_of_time || !time_left()) break;
    if (next == Attempt::kDecomposition &&
        (o.decomposition == DesignOptions::Decomposition::kOff || !decomposition_unavailable(in, o).empty()))
      continue;
    // GLPK's exact simplex (rational arithmetic) only where it is affordable.
    if (next == Attempt::kExact && static_cast<double>(b.prog.rows.size()) * b.prog.num_vars() > kExactWork) break;
    // Tightening an optimal float answer's certificate this way costs seconds (8 s on a 4x4 DP
    // LP at eps 1.68); requests that say "exact_simplex": false (the page's curves) keep the float
    // answer with its honest gap.
    if (next == Attempt::kExact && best && !o.exact_simplex) break;
    std::optional<Designed> other;
    if (next == Attempt::kDecomposition) {
      DesignOptions within = o;  // what is left of the budget
      if (o.max_seconds > 0) within.max_seconds = b.prog.time_limit;
      if (auto cut = solve_by_decomposition(in, within, pairs)) {
        other = from_cut(*cut, in, o, "decomposition");
        out_of_time = out_of_time || cut->stopped_early;
      }
    } else {
      other = full_lp(next);
    }
    if (other && best) {  // both bounds are valid: keep the larger, and the cheaper mechanism
      const double lower = std::max(other->lower_bound, best->lower_bound);
      if (design_objective(other->p, in, o) < design_objective(best->p, in, o)) best = std::move(other);
      best->lower_bound = lower;
      cost_and_gap(*best, in, o);
    } else if (other) {
      best = std::move(other);
    }
  }
  if (!best && out_of_time) return budget_spent_answer(b, in, o);
  if (!best)
    solver_failure("lp_failed",
                   std::string("the ") + mechanism_name(opt.kind) + " mechanism LP did not solve in either form");
  if (out_of_time && best->gap > kExactGap) best->stopped_early = true;
  return *best;
}

}  // namespace privlab::game
