/**
 * @file lp_build.cpp
 * @brief Rows of LPs (21)-(24) [game], their certificate and the round-off repair.
 */
#include "game/lp_build.h"

#include <algorithm>
#include <cmath>

#include "common/arguments.h"
#include "solvers/lp_bound.h"

namespace privlab::game::lp_build {

namespace {
/// Does PairFilter drop the rows of implied pairs (implied_pairs)?
bool drops_implied(const DesignOptions& o) { return has_dp(o.kind) && o.drop_implied_dp_rows && !o.dp_threshold; }

/// Does (s, t) pass the thresholds, implication aside?
bool within_thresholds(const GameInputs& in, const DesignOptions& opt, long s, long t) {
  const double d = in.dp_distance(s, t);
  if (opt.dp_threshold && !(d <= *opt.dp_threshold)) return false;          // (23b): d <= d_m^eps
  if (opt.approx_threshold && !(d <= *opt.approx_threshold)) return false;  // Appendix C
  return true;
}
}  // namespace

PairFilter::PairFilter(const GameInputs& i, const DesignOptions& o) : in(i), opt(o) {
  if (drops_implied(o)) implied = implied_pairs(i.dp_distance);
}

bool PairFilter::keep(long s, long t) const {
  if (s == t) return false;
  if (!implied.empty() && implied[s * in.num_secrets() + t]) return false;
  return within_thresholds(in, opt, s, t);
}

long count_kept_pairs(const GameInputs& in, const DesignOptions& opt, long limit) {
  const long n = in.num_secrets();
  long kept = 0;
  for (long s = 0; s < n; ++s) {
    const std::vector<char> implied = drops_implied(opt) ? implied_pairs_from(in.dp_distance, s) : std::vector<char>{};
    for (long t = 0; t < n; ++t)
      if (t != s && (implied.empty() || !implied[t]) && within_thresholds(in, opt, s, t) && ++kept > limit) return kept;
  }
  return kept;
}

double log_factor(const GameInputs& in, const DesignOptions& opt, long s, long t) {
  const double f = opt.dp_threshold ? opt.epsilon : opt.epsilon * in.dp_distance(s, t);
  return std::min(f, kMaxLogFactor);
}

Matrix log_factors(const GameInputs& in, const DesignOptions& opt) {
  const long n = in.num_secrets();
  Matrix lf = Matrix::Zero(n, n);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (s != t) lf(s, t) = log_factor(in, opt, s, t);
  return lf;
}

bool keep_distortion_row(const GameInputs& in, const DesignOptions& opt, long o, long g) {
  if (!opt.approx_threshold || !opt.approx_distortion_rows || !in.obs_distance) return true;
  return (*in.obs_distance)(o, g) <= *opt.approx_threshold;
}

long distortion_row_nonzeros(const GameInputs& in, long g) {
  long k = 1;
  for (long s = 0; s < in.num_secrets(); ++s) k += in.prior(s) * in.distance(g, s) != 0;
  return k;
}

lp::Row dp_row(const GameInputs& in, const DesignOptions& opt, const DpRow& r) {
  const long m = in.num_observables();
  const double factor = std::exp(log_factor(in, opt, r.s, r.t));
  return {{{pvar(r.o, r.s, m), 1.0}, {pvar(r.o, r.t, m), -factor}}, -lp::kInf, 0.0};
}

lp::Row distortion_row(const GameInputs& in, long o, long g) {
  const long m = in.num_observables(), n = in.num_secrets();
  lp::Row row;
  for (long s = 0; s < n; ++s)
    if (in.prior(s) * in.distance(g, s) != 0) row.coeffs.emplace_back(pvar(o, s, m), in.prior(s) * in.distance(g, s));
  row.coeffs.emplace_back(xvar(o, m, n), -1.0);
  row.lower = 0.0;
  return row;
}

Built build(const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs, const std::vector<DpRow>* dp,
            const std::vector<DistortionRow>* distortion) {
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
    b.simplex_rows.push_back(prog.add_row(std::move(row)));
  }
  if (has_distortion(opt.kind)) {
    for (long o = 0; o < m; ++o) prog.lower(xvar(o, m, n)) = -lp::kInf;  // x(o) is a free dual
    if (distortion) {
      for (const DistortionRow& r : *distortion) prog.add_row(distortion_row(in, r.o, r.g));
      b.distortion_rows = static_cast<long>(distortion->size());
    } else {
      for (long o = 0; o < m; ++o)
        for (long g = 0; g < n; ++g)
          if (keep_distortion_row(in, opt, o, g)) {
            prog.add_row(distortion_row(in, o, g));
            ++b.distortion_rows;
          }
    }
    lp::Row budget;  // (21c)/(24c): sum_o x(o) >= d_m
    for (long o = 0; o < m; ++o) budget.coeffs.emplace_back(xvar(o, m, n), 1.0);
    budget.lower = opt.min_distortion;
    b.budget_row = prog.add_row(std::move(budget));
  }
  if (has_dp(opt.kind) && dp) {
    for (const DpRow& r : *dp) prog.add_row(dp_row(in, opt, r));
    b.dp_rows = static_cast<long>(dp->size());
  } else if (has_dp(opt.kind)) {
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t))
          for (long o = 0; o < m; ++o) {
            prog.add_row(dp_row(in, opt, {o, s, t}));
            ++b.dp_rows;
          }
  }
  return b;
}

/// The Lagrangian of the duals with the rows (16) kept as simplices. Boxes that contain an
/// optimal solution of the full LP: x(o) in [0, U] (raising x(o) to min_shat of its (21b) rows
/// keeps feasibility and cost, and that minimum lies in [0, sum_s pi(s) d(shat,s)]), the
/// worst-case z in [0, max c]. Rows left out of a relaxation have multiplier 0.
double certified_lower_bound(const Built& b, const Vector& row_duals, const GameInputs& in, const DesignOptions& opt) {
  const long m = in.num_observables(), n = in.num_secrets();
  lp::BoundDomain dom;
  dom.simplex_rows = b.simplex_rows;
  const long nvars = b.prog.num_vars();
  dom.box_lower = Vector::Zero(nvars);
  dom.box_upper = Vector::Constant(nvars, lp::kInf);
  if (has_distortion(opt.kind)) {
    const double u = (in.distance * in.prior).maxCoeff();
    for (long o = 0; o < m; ++o) {
      bool any_row = false;
      for (long g = 0; g < n && !any_row; ++g) any_row = keep_distortion_row(in, opt, o, g);
      dom.box_upper(xvar(o, m, n)) = any_row ? u : lp::kInf;
    }
  }
  if (opt.worst_case) dom.box_upper(nvars - 1) = in.loss.maxCoeff();
  return lp::lagrangian_bound(b.prog, row_duals, dom);
}

BeforeAnyLp before_any_lp(const Built& b, const GameInputs& in, const DesignOptions& opt) {
  const long m = in.num_observables(), n = in.num_secrets();
  return {Matrix::Constant(m, n, 1.0 / static_cast<double>(m)),
          certified_lower_bound(b, Vector::Zero(static_cast<long>(b.prog.rows.size())), in, opt)};
}

Matrix clipped_rows(const Vector& x, long m, long n) {
  Matrix p(m, n);
  for (long s = 0; s < n; ++s)
    for (long o = 0; o < m; ++o) p(o, s) = std::max(0.0, x(pvar(o, s, m)));
  return p;
}

bool columns_sum_to_one(const Vector& sums) {
  return ((sums.array() - 1.0).abs() <= arguments::kSumTolerance).all();  // false on NaN too
}

std::optional<Matrix> mechanism_of(const Vector& x, long m, long n) {
  Matrix p = clipped_rows(x, m, n);
  const Vector sums = p.colwise().sum().transpose();
  if (!columns_sum_to_one(sums)) return std::nullopt;
  for (long s = 0; s < n; ++s) p.col(s) /= sums(s);
  return p;
}

double repair_weight(const Matrix& p, const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs) {
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

}  // namespace privlab::game::lp_build
