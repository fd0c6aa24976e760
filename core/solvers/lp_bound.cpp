/**
 * @file lp_bound.cpp
 * @brief Weak Lagrangian duality with a rounding-error bound: a lower bound on a min LP's optimum
 *        that holds whatever the multipliers are.
 */
#include "solvers/lp_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.h"

namespace privlab::lp {

namespace {
constexpr double kUnitRoundoff = 0x1.0p-53;

/// A row kept as a simplex constraint: an equality row with every coefficient 1 and rhs >= 0.
bool is_simplex_row(const Row& row) {
  if (!(row.lower == row.upper) || !(row.lower >= 0) || !(row.lower < kInf)) return false;
  return std::all_of(row.coeffs.begin(), row.coeffs.end(), [](const auto& c) { return c.second == 1.0; });
}

/// min r x over r in [rl, rh], x in [lo, hi] (infinite ends allowed; -inf when unbounded below).
double min_product(double rl, double rh, double lo, double hi) {
  if ((hi == kInf && rl < 0) || (lo == -kInf && rh > 0)) return -kInf;
  double best = kInf;
  for (double r : {rl, rh})
    for (double x : {lo, hi})
      if (std::isfinite(x)) best = std::min(best, r * x);
  return std::isfinite(best) ? best : 0.0;  // both ends infinite and r = 0: the term is 0
}
}  // namespace

double lagrangian_bound(const LinearProgram& program, const Vector& row_duals, const BoundDomain& domain) {
  if (program.maximize) solver_failure("lp_bound", "lagrangian_bound expects a minimisation");
  const int n = program.num_vars();
  const int m = static_cast<int>(program.rows.size());
  if (row_duals.size() != m) solver_failure("lp_bound", "one multiplier per row expected");
  std::vector<int> group(n, -1);
  std::vector<char> kept(m, 0);
  for (int k : domain.simplex_rows) {
    const Row& row = program.rows.at(k);
    if (!is_simplex_row(row)) continue;  // not a simplex: relaxed like any other row
    bool disjoint = true;
    for (const auto& [j, a] : row.coeffs) {
      const double lo = program.lower.size() ? program.lower(j) : 0.0;
      disjoint = disjoint && group[j] < 0 && lo == 0;
    }
    if (!disjoint) continue;
    for (const auto& [j, a] : row.coeffs) group[j] = k;
    kept[k] = 1;
  }
  // Sums in double: the error bounds below are those of double recursive summation (long double
  // would be software arithmetic in WebAssembly, 3 % of a 7x7 game request there).
  std::vector<double> reduced(n);
  std::vector<double> magnitude(n), terms_in(n, 1);
  for (int j = 0; j < n; ++j) reduced[j] = program.objective(j), magnitude[j] = std::abs(program.objective(j));
  double total = 0;
  double total_abs = 0;
  long terms = 0;
  for (int i = 0; i < m; ++i) {
    if (kept[i]) continue;
    const Row& row = program.rows[i];
    double y = row_duals(i), b = 0;
    if (y > 0 && row.lower > -kInf)
      b = row.lower;  // >= side
    else if (y < 0 && row.upper < kInf)
      b = row.upper;  // <= side
    else
      continue;  // wrong sign: y_i = 0
    total += y * b;
    total_abs += std::abs(y * b);
    ++terms;
    for (const auto& [j, a] : row.coeffs) {
      reduced[j] -= a * y;
      magnitude[j] += std::abs(a * y);
      terms_in[j] += 1;
    }
  }
  // Error of each reduced cost: (terms + 2) u sum |a_ij y_i| (recursive summation, generous).
  std::vector<double> group_min(m, kInf);
  for (int j = 0; j < n; ++j) {
    const double err = (terms_in[j] + 2) * kUnitRoundoff * magnitude[j] * 1.01;
    const double r = reduced[j];
    const double rl = r - err - std::abs(r) * kUnitRoundoff, rh = r + err + std::abs(r) * kUnitRoundoff;
    if (group[j] >= 0) {
      group_min[group[j]] = std::min(group_min[group[j]], rl);
      continue;
    }
    const double lo = domain.box_lower.size() ? domain.box_lower(j) : (program.lower.size() ? program.lower(j) : 0.0);
    const double hi = domain.box_upper.size() ? domain.box_upper(j) : (program.upper.size() ? program.upper(j) : kInf);
    const double t = min_product(rl, rh, lo, hi);
    if (t == -kInf) return -kInf;
    total += t;
    total_abs += std::abs(t);
    ++terms;
  }
  for (int k = 0; k < m; ++k) {
    if (!kept[k] || program.rows[k].coeffs.empty()) continue;
    const double t = group_min[k] * program.rows[k].lower;  // min of r.x over {x >= 0, sum x = b}
    total += t;
    total_abs += std::abs(t);
    ++terms;
  }
  const double bound = total;
  return bound - (terms + 2) * kUnitRoundoff * total_abs * 1.01 - std::abs(bound) * kUnitRoundoff;
}

}  // namespace privlab::lp
