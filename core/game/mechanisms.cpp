/**
 * @file mechanisms.cpp
 * @brief LPs (21), (22), (23), (24) of [game] and their Appendix C approximation.
 */
#include "game/mechanisms.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "common/error.h"
#include "game/attack.h"
#include "game/dual_lp.h"
#include "solvers/lp.h"

namespace privlab::game {

namespace {
/// DP factors e^{eps d} are capped at e^30: p(o|s) <= e^30 p(o|s') is stricter than the target
/// when eps d > 30, so the guarantee still holds, and the LP stays numerically sane.
constexpr double kMaxLogFactor = 30;
/// d_m may exceed the threshold by this much (round-off in the caller's arithmetic).
constexpr double kThresholdSlack = 1e-12;
/// Largest uniform mix applied to repair solver round-off (anything larger is a real failure).
constexpr double kMaxRepair = 1e-6;
/// Cutting-plane rounds before falling back to the full LP.
constexpr long kMaxRounds = 40;

bool has_distortion(MechanismKind k) { return k != MechanismKind::kDp; }
bool has_dp(MechanismKind k) { return k != MechanismKind::kDistortion; }

/// Which ordered pairs carry DP rows (s * n + t), decided once per design.
struct PairFilter {
  const GameInputs& in;
  const DesignOptions& opt;
  std::vector<char> implied;
  PairFilter(const GameInputs& i, const DesignOptions& o) : in(i), opt(o) {
    if (has_dp(o.kind) && o.drop_implied_dp_rows && !o.dp_threshold) implied = implied_pairs(i.dp_distance);
  }
  bool keep(long s, long t) const;
};

/// Does the LP carry the DP rows of the ordered pair (s, t)?
bool PairFilter::keep(long s, long t) const {
  if (s == t) return false;
  if (!implied.empty() && implied[s * in.num_secrets() + t]) return false;
  const double d = in.dp_distance(s, t);
  if (opt.dp_threshold && !(d <= *opt.dp_threshold)) return false;   // (23b): d <= d_m^eps
  if (opt.approx_threshold && !(d <= *opt.approx_threshold)) return false;  // Appendix C
  return true;
}

/// ln of the DP factor of pair (s, t): eps d_eps(s,t) for (22b), eps for (23b).
double log_factor(const GameInputs& in, const DesignOptions& opt, long s, long t) {
  const double f = opt.dp_threshold ? opt.epsilon : opt.epsilon * in.dp_distance(s, t);
  return std::min(f, kMaxLogFactor);
}

/// Does the LP carry row (21b)/(24b) for (o, shat)? Appendix C also drops far guesses.
bool keep_distortion_row(const GameInputs& in, const DesignOptions& opt, long o, long g) {
  if (!opt.approx_threshold || !opt.approx_distortion_rows || !in.obs_distance) return true;
  return (*in.obs_distance)(o, g) <= *opt.approx_threshold;
}

int pvar(long o, long s, long m) { return static_cast<int>(s * m + o); }
int xvar(long o, long m, long n) { return static_cast<int>(m * n + o); }

/// Nonzeros of row (21b) for guess g: the secrets with pi(s) d(g,s) != 0, plus x(o).
long distortion_row_nonzeros(const GameInputs& in, long g) {
  long k = 1;
  for (long s = 0; s < in.num_secrets(); ++s) k += in.prior(s) * in.distance(g, s) != 0;
  return k;
}

struct Built {
  lp::LinearProgram prog;
  int budget_row = -1;  ///< index of (21c)/(24c)
  long dp_rows = 0, distortion_rows = 0;
};

/// One DP row p(o|s) <= f p(o|t) (cutting-plane mode keeps an explicit list).
struct DpRow {
  long o, s, t;
};

/// Builds the LP; with `lazy`, only the listed DP rows are added instead of every kept pair's.
Built build(const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs,
            const std::vector<DpRow>* lazy = nullptr) {
  const long m = in.num_observables(), n = in.num_secrets();
  Built b;
  lp::LinearProgram& prog = b.prog;
  const long nx = has_distortion(opt.kind) ? m : 0;
  const long nvars = m * n + nx + (opt.worst_case ? 1 : 0);
  prog.objective = Vector::Zero(nvars);
  prog.lower = Vector::Zero(nvars);
  prog.upper = Vector::Constant(nvars, lp::kInf);
  if (opt.worst_case) {
    // (12): min z s.t. sum_o p(o|s) c(o,s) <= z for every s (z >= 0 since c >= 0).
    const int z = static_cast<int>(m * n + nx);
    prog.objective(z) = 1.0;
    for (long s = 0; s < n; ++s) {
      lp::Row row;
      for (long o = 0; o < m; ++o)
        if (in.loss(o, s) != 0) row.coeffs.emplace_back(pvar(o, s, m), in.loss(o, s));
      row.coeffs.emplace_back(z, -1.0);
      row.upper = 0.0;
      prog.add_row(std::move(row));
    }
  } else {
    for (long s = 0; s < n; ++s)
      for (long o = 0; o < m; ++o) prog.objective(pvar(o, s, m)) = in.prior(s) * in.loss(o, s);  // (11)
  }
  for (long s = 0; s < n; ++s) {  // (16): p(.|s) is a distribution
    lp::Row row;
    for (long o = 0; o < m; ++o) row.coeffs.emplace_back(pvar(o, s, m), 1.0);
    row.lower = row.upper = 1.0;
    prog.add_row(std::move(row));
  }
  if (has_distortion(opt.kind)) {
    for (long o = 0; o < m; ++o) prog.lower(xvar(o, m, n)) = -lp::kInf;  // x(o) is a free dual
    for (long o = 0; o < m; ++o)
      for (long g = 0; g < n; ++g) {
        if (!keep_distortion_row(in, opt, o, g)) continue;
        lp::Row row;  // (21b)/(24b): sum_s pi(s) p(o|s) d(g,s) >= x(o)
        for (long s = 0; s < n; ++s)
          if (in.prior(s) * in.distance(g, s) != 0)
            row.coeffs.emplace_back(pvar(o, s, m), in.prior(s) * in.distance(g, s));
        row.coeffs.emplace_back(xvar(o, m, n), -1.0);
        row.lower = 0.0;
        prog.add_row(std::move(row));
        ++b.distortion_rows;
      }
    lp::Row budget;  // (21c)/(24c): sum_o x(o) >= d_m
    for (long o = 0; o < m; ++o) budget.coeffs.emplace_back(xvar(o, m, n), 1.0);
    budget.lower = opt.min_distortion;
    b.budget_row = prog.add_row(std::move(budget));
  }
  if (has_dp(opt.kind) && lazy) {
    for (const DpRow& r : *lazy) {
      const double factor = std::exp(log_factor(in, opt, r.s, r.t));
      prog.add_row({{{pvar(r.o, r.s, m), 1.0}, {pvar(r.o, r.t, m), -factor}}, -lp::kInf, 0.0});
      ++b.dp_rows;
    }
  } else if (has_dp(opt.kind)) {
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t) {
        if (!pairs.keep(s, t)) continue;
        const double factor = std::exp(log_factor(in, opt, s, t));
        for (long o = 0; o < m; ++o) {  // (22b)/(23b)/(24d) multiplied: p(o|s) <= f p(o|t)
          prog.add_row({{{pvar(o, s, m), 1.0}, {pvar(o, t, m), -factor}}, -lp::kInf, 0.0});
          ++b.dp_rows;
        }
      }
  }
  return b;
}

/// The smallest weight t of the uniform mechanism such that (1-t) p + t u satisfies every DP
/// row the LP carried (solver round-off can leave violations of ~1e-12).
double repair_weight(const Matrix& p, const GameInputs& in, const DesignOptions& opt,
                     const PairFilter& pairs) {
  const long m = p.rows(), n = p.cols();
  const double u = 1.0 / static_cast<double>(m);
  double t = 0;
  for (long s = 0; s < n; ++s)
    for (long r = 0; r < n; ++r) {
      if (!pairs.keep(s, r)) continue;
      const double factor = std::exp(log_factor(in, opt, s, r));
      for (long o = 0; o < m; ++o) {
        const double viol = p(o, s) - factor * p(o, r);
        if (viol <= 0) continue;
        const double slack = u * (factor - 1);
        t = std::max(t, slack > 0 ? viol / (viol + slack) : 1.0);
      }
    }
  return t == 0 ? 0.0 : std::min(1.0, t * (1 + 1e-6) + 1e-15);
}
}  // namespace

std::vector<char> implied_pairs(const Matrix& dp_distance) {
  const long n = dp_distance.rows();
  std::vector<char> implied(n * n, 0);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t) {
      const double dst = dp_distance(s, t);
      if (s == t || !(dst > 0)) continue;
      for (long r = 0; r < n && !implied[s * n + t]; ++r) {
        const double a = dp_distance(s, r), b = dp_distance(r, t);
        if (r == s || r == t || !(a > 0) || !(b > 0)) continue;
        if (std::abs(a + b - dst) <= 1e-12 * dst) implied[s * n + t] = 1;
      }
    }
  return implied;
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
        if (keep_distortion_row(in, opt, o, g)) { ++size.constraints; size.nonzeros += nz; }
    }
    size.constraints += 1;
    size.nonzeros += m;
  }
  if (has_dp(opt.kind))
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t)) { size.constraints += m; size.nonzeros += 2 * m; }
  return size;
}

Designed design(const GameInputs& in, const DesignOptions& opt) {
  const long m = in.num_observables(), n = in.num_secrets();
  DesignOptions o = opt;
  if (has_distortion(opt.kind)) {
    // ERRATUM (paper-notes.md): (21)/(24) are feasible iff d_m <= min_shat sum_s pi(s) d(shat,s).
    const double threshold = feasibility_threshold(in.prior, in.distance);
    if (opt.min_distortion > threshold + kThresholdSlack * std::max(1.0, threshold)) {
      std::ostringstream msg;
      msg << "min_distortion " << opt.min_distortion << " exceeds the feasibility threshold "
          << threshold << " (the error of the best guess without any observation); no mechanism "
          << "can guarantee more";
      bad_request("infeasible", "/min_distortion", msg.str());
    }
    o.min_distortion = std::min(opt.min_distortion, threshold);
  }
  const PairFilter pairs(in, o);
  const auto solve = [&](const Built& built) {
    const bool use_dual = o.form == DesignOptions::Form::kDual ||
                          (o.form == DesignOptions::Form::kAuto &&
                           static_cast<long>(built.prog.rows.size()) > 2 * built.prog.objective.size());
    lp::Solution sol = use_dual ? solve_via_dual(built.prog) : lp::solve_lp(built.prog);
    if (sol.status != lp::Status::kOptimal)
      solver_failure("lp_failed", std::string("the ") + mechanism_name(opt.kind) +
                                      " mechanism LP returned " + lp::status_name(sol.status));
    return sol;
  };
  Built b;
  lp::Solution sol;
  long rounds = 0;
  if (has_dp(o.kind) && o.lazy_dp_rows) {
    // Cutting planes: start from the DP rows of near pairs, add every violated row, re-solve.
    // Each LP is a relaxation of the full one, so the first solution that violates no row of the
    // full LP is optimal for it.
    double nearest = lp::kInf;
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t) && in.dp_distance(s, t) > 0) nearest = std::min(nearest, in.dp_distance(s, t));
    std::vector<DpRow> rows;
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t) && !(in.dp_distance(s, t) > 1.5 * nearest))
          for (long k = 0; k < m; ++k) rows.push_back({k, s, t});
    while (true) {
      ++rounds;
      b = build(in, o, pairs, &rows);
      sol = solve(b);
      std::vector<DpRow> violated;
      for (long s = 0; s < n; ++s)
        for (long t = 0; t < n; ++t) {
          if (!pairs.keep(s, t)) continue;
          const double factor = std::exp(log_factor(in, o, s, t));
          for (long k = 0; k < m; ++k)
            if (sol.x(pvar(k, s, m)) - factor * sol.x(pvar(k, t, m)) > 1e-13) violated.push_back({k, s, t});
        }
      if (violated.empty()) break;
      if (rounds >= kMaxRounds) {  // give up on cutting planes: the full LP
        b = build(in, o, pairs);
        sol = solve(b);
        break;
      }
      rows.insert(rows.end(), violated.begin(), violated.end());
    }
  } else {
    b = build(in, o, pairs);
    sol = solve(b);
  }
  Designed d;
  d.rounds = rounds;
  d.p.resize(m, n);
  for (long s = 0; s < n; ++s)
    for (long k = 0; k < m; ++k) d.p(k, s) = std::max(0.0, sol.x(pvar(k, s, m)));
  for (long s = 0; s < n; ++s) d.p.col(s) /= d.p.col(s).sum();
  if (has_dp(opt.kind)) {
    d.repair_mix = repair_weight(d.p, in, o, pairs);
    if (d.repair_mix > kMaxRepair) d.repair_mix = 0;  // not round-off: leave it to the audit
    if (d.repair_mix > 0)
      d.p = (1 - d.repair_mix) * d.p + d.repair_mix * Matrix::Constant(m, n, 1.0 / m);
  }
  if (has_distortion(opt.kind)) {
    // The LP meets (21c) to GLPK's tolerance (~1e-8 relative); mixing in the uniform mechanism
    // (error = threshold, DP-perfect) closes the gap exactly: error is concave in p. Only a
    // small mix is applied (a shortfall that needs more is left for the audit to report), and a
    // shortfall below 1e-12 d_m is round-off, not worth a mix (d_m at the threshold would need
    // t = 1).
    const double err = optimal_attack(d.p, in.prior, in.distance).error;
    const double threshold = feasibility_threshold(in.prior, in.distance);
    const double shortfall = o.min_distortion - err;
    if (shortfall > 1e-12 * std::max(1.0, o.min_distortion) && threshold > err) {
      const double t = shortfall / (threshold - err) * (1 + 1e-6) + 1e-15;
      if (t <= kMaxRepair) {
        d.p = (1 - t) * d.p + t * Matrix::Constant(m, n, 1.0 / m);
        d.repair_mix = 1 - (1 - d.repair_mix) * (1 - t);
      }
    }
  }
  d.cost = utility_cost(d.p, in.prior, in.loss);
  d.lp_objective = sol.objective;
  d.size = {b.prog.num_vars(), static_cast<long>(b.prog.rows.size()), 0};
  for (const auto& row : b.prog.rows) d.size.nonzeros += static_cast<long>(row.coeffs.size());
  d.dp_rows = b.dp_rows;
  d.distortion_rows = b.distortion_rows;
  d.shadow_price = b.budget_row >= 0 ? sol.row_duals(b.budget_row)
                                     : std::numeric_limits<double>::quiet_NaN();
  return d;
}

}  // namespace privlab::game
