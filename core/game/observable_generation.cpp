/**
 * @file observable_generation.cpp
 * @brief The restricted LP over a few observables, certified by pricing all of them
 *        (observable_generation.h).
 */
#include "game/observable_generation.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "game/dual_repair.h"
#include "game/flow_dual_bound.h"

namespace privlab::game::decomposition {

namespace {
/// Observables added per round (those of most negative pricing bound).
constexpr size_t kAddPerRound = 8;
/// The Laplace start's columns are dense (n - 1 of them with n entries each): up to 1,000 cells
/// (a million entries; the map's 300 take 0.2 s), not on the 50 x 50 grid.
constexpr long kMaxLaplaceStartCells = 1000;

/// The flow dual's share of the budget left (none without a budget): its LP over 300 cells took
/// 20-60 s on the map (2 cores, shared), and a larger restricted LP may follow it.
constexpr double kFlowDualShare = 0.6;
/// (24c)'s multiplier taken as 0 (the restricted LP's; binding ones on the map are 5e-3-2e-2).
constexpr double kSlackPrice = 1e-12;
double flow_dual_seconds(const Problem& pb) {
  const double left = pb.seconds_left();
  return left > 0 ? std::max(1e-3, kFlowDualShare * left) : 0.0;
}

/// The game restricted to the observables `chosen` (their loss rows and distances to guesses).
GameInputs restricted_to(const GameInputs& in, const std::vector<long>& chosen) {
  GameInputs sub = in;
  const long k = static_cast<long>(chosen.size());
  sub.loss.resize(k, in.num_secrets());
  for (long i = 0; i < k; ++i) sub.loss.row(i) = in.loss.row(chosen[static_cast<size_t>(i)]);
  if (in.obs_distance) {
    Matrix od(k, in.obs_distance->cols());
    for (long i = 0; i < k; ++i) od.row(i) = in.obs_distance->row(chosen[static_cast<size_t>(i)]);
    sub.obs_distance = std::move(od);
  }
  return sub;
}

/// The options of a restricted LP: the design's, without its progress callback and round cap,
/// within what is left of its budget.
DesignOptions restricted_options(const Problem& pb) {
  DesignOptions restricted = pb.opt;
  restricted.on_round = nullptr;
  restricted.max_rounds = 0;
  restricted.max_seconds = pb.seconds_left();
  return restricted;
}

/// The Laplace start (DP, observables that are the places): the restricted LP over the best
/// constant report `best` alone, with every other observable o offered its Laplace row
/// v(s) = e^{-eps d_eps(o,s)} (in C: eps d_eps is a metric; the least row of C that reports o at
/// o with weight 1) as a column of fixed shape (FixedColumn). It holds the packing bound's
/// mechanism (packing_bound.h) with the leftover mass on the row of `best`, costs under a second on
/// the map (1 row of cuts), and where a restricted LP over several rows does not finish within
/// the budget it is the answer (map instance 03, dp eps 0.9: 0.8468 in 0.2 s, against the
/// constant report's 0.8981; 9 chosen rows reach 0.8439 in 75 s). nullopt where it does not
/// apply or its LP does not solve; else the composed mechanism, repaired on the whole LP, and the
/// repair's weight.
std::optional<std::pair<Matrix, double>> laplace_start(const Problem& pb, const PairFilter& pairs, long best) {
  if (!pb.dp || pb.m != pb.n || pb.n > kMaxLaplaceStartCells) return std::nullopt;
  std::vector<FixedColumn> fixed;
  std::vector<long> owners;
  for (long o = 0; o < pb.m; ++o) {
    if (o == best) continue;
    const Shape sh = pb.cone_shape(pb.inverse_factor.row(o).transpose());
    fixed.push_back({sh.r, sh.x, pb.cost.row(o).dot(sh.r)});
    owners.push_back(o);
  }
  const auto cut = solve_by_cuts(restricted_to(pb.in, {best}), restricted_options(pb), pairs, nullptr, &fixed);
  if (!cut || cut->fixed_weights.size() != static_cast<long>(fixed.size())) return std::nullopt;
  Matrix p = Matrix::Zero(pb.m, pb.n);
  p.row(best) = cut->p.row(0);
  for (size_t j = 0; j < fixed.size(); ++j)
    p.row(owners[j]) += cut->fixed_weights(static_cast<long>(j)) * fixed[j].r.transpose();
  for (long s = 0; s < pb.n; ++s) p.col(s) /= p.col(s).sum();
  const double mix = repair_with_uniform(p, pb.in, pb.opt, pairs, 1.0);
  return std::make_pair(std::move(p), mix);
}
}  // namespace

std::optional<GeneratedObservables> generate_observables(const Problem& pb, const PairFilter& pairs,
                                                         PricingGroups& pricing, long max_observables) {
  const DesignOptions& opt = pb.opt;
  const long m = pb.m, n = pb.n;
  std::vector<long> chosen, all(m);
  std::vector<char> is_chosen(m, 0);
  for (long o = 0; o < m; ++o) all[o] = o;
  const long best = pb.best_constant_report();
  chosen.push_back(best);
  is_chosen[best] = 1;
  // The observables the packing bound's relaxation uses (packing_bound.h), most valuable first,
  // as many as a round adds: at large eps the support has 30-40 cells, and a first restricted LP
  // over all of them did not finish within 120 s on the map (the answer was then the constant
  // report: dp eps 1.5, gap 0.44); over the best 8 it ends with gap 0.023 in 60 s.
  if (pb.packing)
    for (long o : pb.packing->support)
      if (!is_chosen[o] && static_cast<long>(chosen.size()) < std::min<long>(max_observables, 1 + kAddPerRound)) {
        chosen.push_back(o);
        is_chosen[o] = 1;
      }

  GeneratedObservables out;
  CutResult& res = out.result;
  // The best constant report is feasible for (21), (22) and (24) (DP-perfect; its adversary error
  // is the threshold >= d_m) and starts as the answer: a restricted LP stopped by the budget in
  // its first rounds ends at a candidate repaired towards the uniform mechanism, which can cost
  // more (map joint instance 09, eps 1.5: 0.938 against the constant's 0.849; issue 27).
  res.p = Matrix::Zero(m, n);
  res.p.row(best).setOnes();
  res.lp_objective = utility_cost(res.p, pb.in.prior, pb.in.loss);
  if (auto start = laplace_start(pb, pairs, best)) {
    const double cost = utility_cost(start->first, pb.in.prior, pb.in.loss);
    if (cost < res.lp_objective)
      res.p = std::move(start->first), res.repair_mix = start->second, res.lp_objective = cost;
  }
  CutRows warm;
  // Before any pricing: costs are non-negative (losses are), so 0 bounds the optimum; the
  // packing bound may be better.
  res.lower_bound = pb.in.loss.minCoeff() >= 0 ? 0.0 : -lp::kInf;
  if (pb.packing) res.lower_bound = std::max(res.lower_bound, pb.packing->lower_bound);
  while (true) {
    const DesignOptions restricted = restricted_options(pb);
    // The previous master's rows start this one (chosen only grows, so its indices stand).
    const auto cut = solve_by_cuts(restricted_to(pb.in, chosen), restricted, pairs, res.rounds ? &warm : nullptr);
    if (!cut) return std::nullopt;
    ++res.rounds;
    warm = cut->rows;
    Matrix p = Matrix::Zero(m, n);
    for (size_t i = 0; i < chosen.size(); ++i) p.row(chosen[i]) = cut->p.row(static_cast<long>(i));
    // Keep the best mechanism found (the constant report first): a restricted LP stopped by the
    // budget can end above the previous round's optimum (over fewer observables, still feasible
    // for the whole LP).
    const double cost = utility_cost(p, pb.in.prior, pb.in.loss);
    if (cost < res.lp_objective) {
      res.p = std::move(p);
      res.repair_mix = cut->repair_mix;
      res.lp_objective = cost;
      res.shadow_price = cut->shadow_price;
    } else if (res.rounds == 1) {
      res.shadow_price = cut->shadow_price;  // the constant stays; (24c)'s multiplier is the LP's
    }
    res.dp_rows = cut->dp_rows + pricing.dp_rows();
    res.distortion_rows = cut->distortion_rows + pricing.distortion_rows();
    res.size = {cut->size.variables, cut->size.constraints + pricing.rows(), cut->size.nonzeros + pricing.nonzeros()};
    if (cut->stopped_early) break;
    if (res.relative_gap() <= kTargetGap) {
      if (opt.on_round) opt.on_round(res.rounds, res.size.constraints, 0.0);
      break;  // proven by the packing bound: no pricing needed
    }
    // Every observable priced at the restricted LP's duals (the chosen ones too: their bound
    // is ~0 by the restricted LP's optimality, and pricing them keeps the bound proven).
    const double mu = pb.distortion ? std::max(0.0, cut->shadow_price) : 0.0;
    std::vector<Priced> priced;
    if (!pricing.price(all, cut->simplex_duals, mu, priced)) return std::nullopt;
    double min_bound = lp::kInf;
    bool complete = true;
    std::vector<std::pair<double, long>> negative;
    std::vector<Violation> violations;
    std::vector<double> betas;
    for (long o = 0; o < m; ++o) {
      if (!priced[o].priced) {
        complete = false;
        continue;
      }
      min_bound = std::min(min_bound, priced[o].bound);
      betas.push_back(priced[o].box_bound);
      if (!is_chosen[o] && priced[o].bound < -kEnter) negative.emplace_back(priced[o].bound, o);
      if (priced[o].bound < 0) violations.push_back(violation_at_peak(o, priced[o].shape));
    }
    if (complete) {
      res.lower_bound =
          std::max(res.lower_bound, master_bound(cut->simplex_duals, mu, opt.min_distortion, n, min_bound));
      res.lower_bound = std::max(res.lower_bound, box_master_bound(cut->simplex_duals, mu, opt.min_distortion, betas));
      if (res.relative_gap() > kTargetGap)
        if (const auto repaired = repaired_dual_bound(pb, cut->simplex_duals, mu, violations))
          res.lower_bound = std::max(res.lower_bound, *repaired);
    }
    // Where pricing left a gap: the flow form of the dual on the cells this mechanism names,
    // exact when it is optimal and names them all (flow_dual_bound.h). After pricing, not before:
    // where pricing closes the gap it is the faster proof (map instances at eps 0.15-0.3: 1-4 s,
    // against 9-31 s with the flow dual first). For (24) it bounds the relaxation (22), so it is
    // tried only where the restricted LP's (24c) is slack (multiplier 0): elsewhere it cannot
    // reach the optimum and would only spend the budget.
    const bool relaxation_may_be_tight = !pb.distortion || std::abs(cut->shadow_price) <= kSlackPrice;
    if (complete && relaxation_may_be_tight && res.relative_gap() > kTargetGap && !pb.over_budget())
      if (const auto flow = flow_dual_bound(pb, res.p, flow_dual_seconds(pb)))
        res.lower_bound = std::max(res.lower_bound, flow->lower_bound);
    const double gap = res.relative_gap();
    if (opt.on_round) opt.on_round(res.rounds, res.size.constraints, std::max(0.0, gap));
    if (gap <= kTargetGap || pb.over_budget() || (opt.max_rounds > 0 && res.rounds >= opt.max_rounds)) break;
    if (negative.empty()) return out;  // the chosen observables' own rounding: columns go on
    // Many observables pricing out negative at once foretell a large restricted LP.
    if (static_cast<long>(chosen.size() + negative.size()) > max_observables) return out;
    std::sort(negative.begin(), negative.end());
    for (size_t i = 0; i < negative.size() && i < kAddPerRound; ++i) {
      chosen.push_back(negative[i].second);
      is_chosen[negative[i].second] = 1;
    }
  }
  res.stopped_early = res.relative_gap() > kExactGap;
  res.phase = "observables";
  res.observables = static_cast<long>(chosen.size());
  out.final = true;
  return out;
}

}  // namespace privlab::game::decomposition
