/**
 * @file dual_lp.cpp
 * @brief LP duality: build the dual of a min LP, solve it, read the primal back.
 */
#include "game/dual_lp.h"

#include "common/error.h"

namespace privlab::game {

DualColumn dual_column(const lp::Row& r) {
  const bool lo = r.lower > -lp::kInf, hi = r.upper < lp::kInf;
  if (lo && hi && r.lower != r.upper) solver_failure("lp_form", "ranged rows are not supported");
  if (!lo && !hi) solver_failure("lp_form", "free rows are not supported");
  DualColumn c;
  if (lo && hi) {
    c.objective = r.lower;
    c.lower = -lp::kInf;
    c.upper = lp::kInf;
  } else if (lo) {
    c.objective = r.lower;
    c.lower = 0;
    c.upper = lp::kInf;
  } else {
    c.objective = r.upper;
    c.lower = -lp::kInf;
    c.upper = 0;
  }
  c.coeffs = r.coeffs;
  return c;
}

lp::LinearProgram dual_of(const lp::LinearProgram& primal) {
  if (primal.maximize) solver_failure("lp_form", "solve_via_dual expects a minimisation");
  const int n = primal.num_vars();
  const int m = static_cast<int>(primal.rows.size());
  lp::LinearProgram dual;
  dual.maximize = true;
  dual.time_limit = primal.time_limit;  // the budget's share (mechanisms.cpp)
  dual.objective.resize(m);
  dual.lower.resize(m);
  dual.upper.resize(m);
  for (int i = 0; i < m; ++i) {
    const DualColumn c = dual_column(primal.rows[i]);
    dual.objective(i) = c.objective;
    dual.lower(i) = c.lower;
    dual.upper(i) = c.upper;
  }
  // Transpose A: dual row j collects the coefficients of primal column j.
  dual.rows.resize(n);
  for (int i = 0; i < m; ++i)
    for (const auto& [j, a] : primal.rows[i].coeffs) dual.rows[j].coeffs.emplace_back(i, a);
  for (int j = 0; j < n; ++j) {
    const double lo = primal.lower.size() ? primal.lower(j) : 0.0;
    const double hi = primal.upper.size() ? primal.upper(j) : lp::kInf;
    if (hi < lp::kInf || (lo != 0 && lo > -lp::kInf)) solver_failure("lp_form", "variables must be >= 0 or free");
    dual.rows[j].upper = primal.objective(j);
    dual.rows[j].lower = lo == 0 ? -lp::kInf : primal.objective(j);
  }
  return dual;
}

lp::Solution solve_via_dual(const lp::LinearProgram& primal) {
  const lp::Solution d = lp::solve_lp(dual_of(primal));
  lp::Solution sol;
  // Primal infeasible <=> dual unbounded (the game LPs are never primal unbounded: cost >= 0).
  if (d.status == lp::Status::kUnbounded) {
    sol.status = lp::Status::kInfeasible;
    return sol;
  }
  if (d.status == lp::Status::kInfeasible) {
    sol.status = lp::Status::kUnbounded;
    return sol;
  }
  if (d.status != lp::Status::kOptimal) {
    sol.status = d.status;  // failed, or stopped by its time limit
    return sol;
  }
  sol.status = lp::Status::kOptimal;
  sol.objective = d.objective;
  sol.x = d.row_duals;  // d (dual optimum) / d c_j = x_j
  sol.row_duals = d.x;  // y_i = d (primal optimum) / d b_i
  return sol;
}

}  // namespace privlab::game
