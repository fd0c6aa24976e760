// Tests of core/game/cutting_planes.cpp's fixed columns (FixedColumn): the master that carries
// them against the same LP written out with every DP row (a second method), and the mechanism
// composed from them against the audit and the full LP (plain_lp.h).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "game/attack.h"
#include "game/cutting_planes.h"
#include "game/dp_measure.h"
#include "game/dual_lp.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::testing;

namespace {
/// Every observable but `kept` offered its Laplace row e^{-eps d(o,.)}, as the decomposition's
/// Laplace start does (observable_generation.cpp).
std::vector<FixedColumn> laplace_rows(const GameInputs& in, double eps, long kept) {
  std::vector<FixedColumn> out;
  const long n = in.num_secrets();
  for (long o = 0; o < n; ++o) {
    if (o == kept) continue;
    FixedColumn col;
    col.r = (-eps * in.dp_distance.row(o).transpose()).array().exp();
    col.x = (in.distance * col.r.cwiseProduct(in.prior)).minCoeff();
    col.cost = in.prior.dot(in.loss.row(o).transpose().cwiseProduct(col.r));
    out.push_back(col);
  }
  return out;
}

/// min over the row v of `kept` and the weights theta of the fixed columns: every DP row of v
/// written out, (16) over v + sum theta r, and with `dm` the (21b) rows of v and the budget
/// x + sum theta x_j >= dm. Written here from the definitions, without cuts.
double plain_fixed_optimum(const GameInputs& in, double eps, long kept, const std::vector<FixedColumn>& fixed,
                           bool joint, double dm) {
  const long n = in.num_secrets(), k = static_cast<long>(fixed.size());
  const long nv = n + k + (joint ? 1 : 0);
  const int xv = static_cast<int>(n + k);
  lp::LinearProgram prog;
  prog.objective = Vector::Zero(nv);
  prog.lower = Vector::Zero(nv);
  prog.upper = Vector::Constant(nv, lp::kInf);
  for (long s = 0; s < n; ++s) prog.objective(s) = in.prior(s) * in.loss(kept, s);
  for (long j = 0; j < k; ++j) prog.objective(n + j) = fixed[static_cast<size_t>(j)].cost;
  for (long s = 0; s < n; ++s) {
    lp::Row r{{{static_cast<int>(s), 1.0}}, 1.0, 1.0};
    for (long j = 0; j < k; ++j) r.coeffs.emplace_back(static_cast<int>(n + j), fixed[static_cast<size_t>(j)].r(s));
    prog.add_row(r);
  }
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (s != t)
        prog.add_row({{{static_cast<int>(s), 1.0}, {static_cast<int>(t), -std::exp(eps * in.dp_distance(s, t))}},
                      -lp::kInf,
                      0.0});
  if (joint) {
    prog.lower(xv) = -lp::kInf;
    for (long g = 0; g < n; ++g) {
      lp::Row r;
      for (long s = 0; s < n; ++s) r.coeffs.emplace_back(static_cast<int>(s), in.prior(s) * in.distance(g, s));
      r.coeffs.emplace_back(xv, -1.0);
      r.lower = 0;
      prog.add_row(r);
    }
    lp::Row budget{{{xv, 1.0}}, dm, lp::kInf};
    for (long j = 0; j < k; ++j) budget.coeffs.emplace_back(static_cast<int>(n + j), fixed[static_cast<size_t>(j)].x);
    prog.add_row(budget);
  }
  const lp::Solution sol = solve_via_dual(prog);
  REQUIRE(sol.status == lp::Status::kOptimal);
  return sol.objective;
}
}  // namespace

TEST_CASE(
    "game/cutting planes: fixed columns: the master equals the LP written out, and composes a feasible mechanism") {
  for (std::uint64_t seed : {61u, 62u})
    for (const auto kind : {MechanismKind::kDp, MechanismKind::kJoint})
      for (double eps : {0.6, 1.5}) {
        CAPTURE(seed);
        CAPTURE(static_cast<int>(kind));
        CAPTURE(eps);
        const GameInputs in = spread_grid_game({3, 4, 0.75, 0.5333}, seed);
        const long n = in.num_secrets();
        const bool joint = kind == MechanismKind::kJoint;
        const double dm = joint ? 0.7 * feasibility_threshold(in.prior, in.distance) : 0.0;
        long best = 0;
        in.prior.maxCoeff(&best);  // Hamming loss: the best constant report
        const std::vector<FixedColumn> fixed = laplace_rows(in, eps, best);
        GameInputs one = in;
        one.loss = in.loss.row(best);
        one.obs_distance = in.obs_distance->row(best);
        const DesignOptions o = design_options(kind, eps, dm);
        const lp_build::PairFilter pairs(one, o);
        const auto cut = solve_by_cuts(one, o, pairs, nullptr, &fixed);
        REQUIRE(cut);
        CHECK_FALSE(cut->stopped_early);
        const double plain = plain_fixed_optimum(in, eps, best, fixed, joint, dm);
        CHECK(cut->lp_objective == doctest::Approx(plain).epsilon(1e-8));
        CHECK(cut->fixed_weights.maxCoeff() > 1e-3);  // the Laplace rows are used, not just carried
        // The composed mechanism: columns are distributions, DP holds at eps, d_m is met, its cost
        // is the master's, between the full LP's optimum and the constant report's.
        Matrix p = Matrix::Zero(n, n);
        p.row(best) = cut->p.row(0);
        for (size_t j = 0, o2 = 0; o2 < static_cast<size_t>(n); ++o2) {
          if (static_cast<long>(o2) == best) continue;
          p.row(static_cast<long>(o2)) += cut->fixed_weights(static_cast<long>(j)) * fixed[j].r.transpose();
          ++j;
        }
        CHECK((p.colwise().sum().array() - 1).abs().maxCoeff() < 1e-8);
        CHECK(metric_dp_epsilon(p, in.dp_distance) <= eps * (1 + 1e-6));
        if (joint) CHECK(optimal_attack(p, in.prior, in.distance).error >= dm - 1e-7);
        const double cost = utility_cost(p, in.prior, in.loss);
        CHECK(cost == doctest::Approx(plain).epsilon(1e-8));
        CHECK(cost >= plain_lp_optimum(in, kind, eps, dm, false) - 1e-9);
        CHECK(cost <= 1 - in.prior(best) + 1e-12);
      }
}
