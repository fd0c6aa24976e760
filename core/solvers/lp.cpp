/**
 * @file lp.cpp
 * @brief LinearProgram -> GLPK (glp_simplex) -> Solution; and the warm-started IncrementalLp.
 *        The only file that sees GLPK.
 */
#include "solvers/lp.h"
#include "solvers/lp_columns.h"
#include "solvers/lp_exact.h"

#include <glpk.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <memory>
#include <vector>

#include "common/error.h"

namespace privlab::lp {

namespace {
std::atomic<double> time_limit_scale{1.0};  ///< testing::scale_time_limits

/// GLPK's tm_lim (ms) for a limit in seconds (0: none): one millisecond over, so that a solve
/// does not stop before a caller's deadline by rounding (it may still by its clock: lp.h).
int limit_ms(double seconds) {
  if (!(seconds > 0)) return 0;
  return static_cast<int>(std::min(seconds * time_limit_scale.load() * 1000, 2e9)) + 1;
}

struct ProblemDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

int bound_type(double lo, double hi) {
  const bool has_lo = lo > -kInf, has_hi = hi < kInf;
  if (has_lo && has_hi) return lo == hi ? GLP_FX : GLP_DB;
  if (has_lo) return GLP_LO;
  if (has_hi) return GLP_UP;
  return GLP_FR;
}

double finite_or_zero(double v) { return (v > -kInf && v < kInf) ? v : 0.0; }
}  // namespace

const char* status_name(Status status) {
  switch (status) {
    case Status::kOptimal: return "optimal";
    case Status::kInfeasible: return "infeasible";
    case Status::kUnbounded: return "unbounded";
    case Status::kTimeLimit: return "stopped by its time limit";
    default: return "failed";
  }
}

namespace {
/// A GLPK problem with the program's columns (objective, bounds) and no rows.
glp_prob* create_with_columns(const LinearProgram& program) {
  glp_term_out(GLP_OFF);
  glp_prob* p = glp_create_prob();
  const int n = program.num_vars();
  glp_set_obj_dir(p, program.maximize ? GLP_MAX : GLP_MIN);
  if (n > 0) glp_add_cols(p, n);
  for (int j = 0; j < n; ++j) {
    const double lo = program.lower.size() ? program.lower(j) : 0.0;
    const double hi = program.upper.size() ? program.upper(j) : kInf;
    glp_set_col_bnds(p, j + 1, bound_type(lo, hi), finite_or_zero(lo), finite_or_zero(hi));
    glp_set_obj_coef(p, j + 1, program.objective(j));
  }
  return p;
}

/// The simplex iteration limit: the program's, or 50 (rows + columns) + 10000.
int iteration_limit(long requested, int rows, int cols) {
  const long automatic = 50L * (rows + cols) + 10000;
  const long limit = requested > 0 ? requested : automatic;
  return static_cast<int>(std::min<long>(limit, 2'000'000'000L));
}

/// What a glp_simplex run ended with: its return code and the solution status it left.
struct SimplexOutcome {
  int rc;
  int status;
};

bool optimal(const SimplexOutcome& o) { return o.rc == 0 && o.status == GLP_OPT; }

/// After a scaled solve: GLPK's tolerances apply to the scaled problem, which on rows with
/// coefficients 1 and e^30 lets the unscaled solution violate rows by far more than 1e-7.
/// Re-solving the unscaled problem from the optimal basis (a few pivots at most) recomputes the
/// solution in the original units; when that does not end optimal, the scaled solution stands.
/// `time_left` sets params.tm_lim to what is left of the solve's limit (false: nothing is left,
/// and the scaled solution stands).
template <class TimeLeft>
SimplexOutcome polish_unscaled(glp_prob* p, glp_smcp& params, SimplexOutcome scaled, const TimeLeft& time_left) {
  if (!time_left()) return scaled;
  glp_unscale_prob(p);
  params.meth = GLP_PRIMAL;
  params.presolve = GLP_OFF;
  const SimplexOutcome polished{glp_simplex(p, &params), glp_get_status(p)};
  if (optimal(polished)) return polished;
  if (!time_left()) return scaled;
  glp_scale_prob(p, GLP_SF_AUTO);
  const SimplexOutcome again{glp_simplex(p, &params), glp_get_status(p)};
  return optimal(again) ? again : scaled;
}

/// glp_simplex, and again when it does not end optimal: when it fails for a numerical reason,
/// runs into the iteration limit (a primal simplex can cycle on degenerate cutting-plane LPs; a
/// warm basis can be singular), or reports the LP infeasible or unbounded (it wrongly called
/// feasible rldp-mse cut LPs infeasible). Restarts, in order: the dual simplex from the standard
/// basis with the textbook ratio test; the same on the problem scaled by GLPK's automatic
/// scaling, then polished unscaled (the game family's DP rows carry coefficients 1 and e^{eps d}
/// up to e^30 in one row: the joint LP of a 4x4 grid at eps 4 failed the first two); the primal
/// simplex from GLPK's crash basis, scaled; and last GLPK's exact (rational-arithmetic) simplex,
/// which cannot fail numerically. When none ends optimal, a definite answer of the first run
/// (infeasible, unbounded) stands. LPs that the first two runs solve are solved exactly as
/// before the scaled restarts existed.
SimplexOutcome simplex_with_restart(glp_prob* p, glp_smcp& params) {
  // params.tm_lim is the whole solve's: each restart gets what is left of it. Each glp_simplex
  // call counts its own time, so with the full limit per restart a solve could run to five times
  // its budget (a suspect, not proven, for a 17-observable restricted LP of the game that ran
  // more than 100 s past a 900 s budget).
  const auto start = std::chrono::steady_clock::now();
  const int budget_ms = params.tm_lim;
  const auto time_left = [&]() {
    if (budget_ms == INT_MAX) return true;
    const auto spent =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (spent >= budget_ms) return false;
    params.tm_lim = budget_ms - static_cast<int>(spent);
    return true;
  };
  const SimplexOutcome out_of_time{GLP_ETMLIM, GLP_UNDEF};
  const int rc = glp_simplex(p, &params);
  const SimplexOutcome first{rc, glp_get_status(p)};
  if (rc == GLP_ENOPFS || rc == GLP_ENODFS || rc == GLP_ETMLIM || optimal(first))
    return first;  // a time limit is final
  if (!time_left()) return out_of_time;
  glp_std_basis(p);
  params.meth = GLP_DUALP;
  params.r_test = GLP_RT_STD;
  SimplexOutcome last{glp_simplex(p, &params), glp_get_status(p)};
  if (optimal(last)) return last;
  if (!time_left()) return out_of_time;
  glp_scale_prob(p, GLP_SF_AUTO);
  glp_std_basis(p);
  last = {glp_simplex(p, &params), glp_get_status(p)};
  if (optimal(last)) return polish_unscaled(p, params, last, time_left);
  if (!time_left()) return out_of_time;
  glp_adv_basis(p, 0);
  params.meth = GLP_PRIMAL;
  params.r_test = GLP_RT_HAR;
  last = {glp_simplex(p, &params), glp_get_status(p)};
  if (optimal(last)) return polish_unscaled(p, params, last, time_left);
  if (!time_left()) return out_of_time;
  glp_unscale_prob(p);
  if (last.rc == GLP_EBADB || last.rc == GLP_ESING || last.rc == GLP_ECOND) glp_std_basis(p);
  last = {glp_exact(p, &params), glp_get_status(p)};
  if (optimal(last)) return last;
  return first.rc == 0 ? first : last;
}

/// Appends one row; returns its GLPK index.
int append_row(glp_prob* p, const Row& row, int n) {
  const int i = glp_add_rows(p, 1);
  glp_set_row_bnds(p, i, bound_type(row.lower, row.upper), finite_or_zero(row.lower), finite_or_zero(row.upper));
  std::vector<int> idx{0};
  std::vector<double> val{0.0};
  for (const auto& [j, a] : row.coeffs) {
    if (j < 0 || j >= n) solver_failure("lp_bad_index", "LP row refers to a missing column");
    idx.push_back(j + 1);
    val.push_back(a);
  }
  glp_set_mat_row(p, i, static_cast<int>(idx.size()) - 1, idx.data(), val.data());
  return i;
}

/// Status, objective and primal values after the simplex ended with `outcome`.
Solution read_solution(glp_prob* p, SimplexOutcome outcome, int n) {
  Solution sol;
  if (outcome.rc == GLP_ENOPFS) {
    sol.status = Status::kInfeasible;
    return sol;
  }
  if (outcome.rc == GLP_ENODFS) {
    sol.status = Status::kUnbounded;
    return sol;
  }
  if (outcome.rc == GLP_ETMLIM) {
    sol.status = Status::kTimeLimit;
    return sol;
  }
  if (outcome.rc != 0) return sol;
  switch (outcome.status) {
    case GLP_OPT: sol.status = Status::kOptimal; break;
    case GLP_NOFEAS: sol.status = Status::kInfeasible; return sol;
    case GLP_UNBND: sol.status = Status::kUnbounded; return sol;
    default: return sol;
  }
  sol.objective = glp_get_obj_val(p);
  sol.x.resize(n);
  for (int j = 0; j < n; ++j) sol.x(j) = glp_get_col_prim(p, j + 1);
  return sol;
}
}  // namespace

namespace {
Solution solve(const LinearProgram& program, bool exact) {
  const int n = program.num_vars();
  const int m = static_cast<int>(program.rows.size());
  std::unique_ptr<glp_prob, ProblemDeleter> prob(create_with_columns(program));
  glp_prob* p = prob.get();
  for (const Row& row : program.rows) append_row(p, row, n);

  glp_smcp params;
  glp_init_smcp(&params);
  params.presolve = program.presolve && !exact ? GLP_ON : GLP_OFF;
  params.msg_lev = GLP_MSG_OFF;
  params.it_lim = iteration_limit(program.iteration_limit, m, n);
  if (program.time_limit > 0) params.tm_lim = limit_ms(program.time_limit);
  if (program.tolerance > 0) params.tol_bnd = params.tol_dj = program.tolerance;
  SimplexOutcome outcome = simplex_with_restart(p, params);
  if (exact && outcome.rc != GLP_ETMLIM) {  // a time limit is final here too
    glp_unscale_prob(p);
    if (outcome.rc == GLP_EBADB || outcome.rc == GLP_ESING || outcome.rc == GLP_ECOND) glp_std_basis(p);
    outcome = {glp_exact(p, &params), glp_get_status(p)};
  }
  Solution sol = read_solution(p, outcome, n);
  if (sol.status != Status::kOptimal) return sol;
  sol.row_duals.resize(m);
  for (int i = 0; i < m; ++i) sol.row_duals(i) = glp_get_row_dual(p, i + 1);
  return sol;
}
}  // namespace

Solution solve_lp(const LinearProgram& program) { return solve(program, false); }

Solution solve_lp_exact(const LinearProgram& program) { return solve(program, true); }

struct IncrementalLp::Impl {
  std::unique_ptr<glp_prob, ProblemDeleter> p;
  int n = 0;
  long iteration_limit = 0;
  bool objective_changed = false;  ///< the next solve starts with the primal simplex
  double tolerance = 0;            ///< 0: GLPK's defaults
  int time_limit_ms = 0;           ///< 0: none
};

namespace {
void apply_tolerance(glp_smcp& params, double tolerance) {
  if (tolerance > 0) params.tol_bnd = params.tol_dj = tolerance;
}
}  // namespace

void IncrementalLp::set_tolerance(double tolerance) { impl_->tolerance = tolerance; }

void IncrementalLp::set_time_limit(double seconds) { impl_->time_limit_ms = limit_ms(seconds); }

IncrementalLp::IncrementalLp(const LinearProgram& program) : impl_(std::make_unique<Impl>()) {
  impl_->p.reset(create_with_columns(program));
  impl_->n = program.num_vars();
  impl_->iteration_limit = program.iteration_limit;
  for (const auto& row : program.rows) add_row(row);
}

IncrementalLp::~IncrementalLp() = default;

int IncrementalLp::num_rows() const { return glp_get_num_rows(impl_->p.get()); }

Basis IncrementalLp::basis() const {
  glp_prob* p = impl_->p.get();
  Basis b;
  b.columns.resize(impl_->n);
  for (int j = 0; j < impl_->n; ++j) b.columns[j] = glp_get_col_stat(p, j + 1);
  const int m = glp_get_num_rows(p);
  for (int i = 0; i < m; ++i)
    if (const int st = glp_get_row_stat(p, i + 1); st != GLP_BS) b.nonbasic_rows.emplace_back(i, st);
  return b;
}

void IncrementalLp::set_basis(const Basis& b) {
  glp_prob* p = impl_->p.get();
  const int m = glp_get_num_rows(p);
  for (int i = 0; i < m; ++i) glp_set_row_stat(p, i + 1, GLP_BS);
  for (const auto& [i, st] : b.nonbasic_rows)
    if (i < m) glp_set_row_stat(p, i + 1, st);
  for (int j = 0; j < impl_->n && j < static_cast<int>(b.columns.size()); ++j) glp_set_col_stat(p, j + 1, b.columns[j]);
}

void IncrementalLp::add_row(const Row& row) {
  const int i = append_row(impl_->p.get(), row, impl_->n);
  glp_set_row_stat(impl_->p.get(), i, GLP_BS);  // the new slack is basic: the old basis stays valid
}

void IncrementalLp::set_objective(const Vector& objective) {
  for (int j = 0; j < impl_->n; ++j) glp_set_obj_coef(impl_->p.get(), j + 1, objective(j));
  impl_->objective_changed = true;
}

// Fills the row duals as well (lp.h's note predates it): the game family's cutting planes
// certify every round with them.
Solution IncrementalLp::solve() {
  glp_prob* p = impl_->p.get();
  glp_smcp params;
  glp_init_smcp(&params);
  params.presolve = GLP_OFF;
  params.msg_lev = GLP_MSG_OFF;
  // After a cut the old basis is dual feasible; after a new objective it is primal feasible.
  params.meth = impl_->objective_changed ? GLP_PRIMAL : GLP_DUALP;
  impl_->objective_changed = false;
  apply_tolerance(params, impl_->tolerance);
  params.it_lim = iteration_limit(impl_->iteration_limit, glp_get_num_rows(p), impl_->n);
  if (impl_->time_limit_ms > 0) params.tm_lim = impl_->time_limit_ms;
  Solution sol = read_solution(p, simplex_with_restart(p, params), impl_->n);
  if (sol.status != Status::kOptimal) return sol;
  const int m = glp_get_num_rows(p);
  sol.row_duals.resize(m);
  for (int i = 0; i < m; ++i) sol.row_duals(i) = glp_get_row_dual(p, i + 1);
  return sol;
}

}  // namespace privlab::lp

namespace privlab::lp {

struct ColumnLp::Impl {
  std::unique_ptr<glp_prob, ProblemDeleter> p;
  long iteration_limit = 0;
  int time_limit_ms = 0;
  double tolerance = 0;
};

void ColumnLp::set_tolerance(double tolerance) { impl_->tolerance = tolerance; }

void ColumnLp::set_time_limit(double seconds) { impl_->time_limit_ms = limit_ms(seconds); }

ColumnLp::ColumnLp(const LinearProgram& program) : impl_(std::make_unique<Impl>()) {
  impl_->p.reset(create_with_columns(program));
  impl_->iteration_limit = program.iteration_limit;
  for (const auto& row : program.rows) append_row(impl_->p.get(), row, program.num_vars());
}

ColumnLp::~ColumnLp() = default;

int ColumnLp::num_cols() const { return glp_get_num_cols(impl_->p.get()); }

std::vector<char> ColumnLp::basic_columns() const {
  const int n = glp_get_num_cols(impl_->p.get());
  std::vector<char> basic(n);
  for (int j = 0; j < n; ++j) basic[j] = glp_get_col_stat(impl_->p.get(), j + 1) == GLP_BS;
  return basic;
}

void ColumnLp::remove_columns(const std::vector<int>& columns) {
  if (columns.empty()) return;
  std::vector<int> idx{0};
  for (int j : columns) {
    if (glp_get_col_stat(impl_->p.get(), j + 1) == GLP_BS)
      solver_failure("lp_basic_column", "a basic column cannot be removed");
    idx.push_back(j + 1);
  }
  glp_del_cols(impl_->p.get(), static_cast<int>(columns.size()), idx.data());
}

void ColumnLp::add_column(double c, double lower, double upper, const std::vector<std::pair<int, double>>& coeffs) {
  glp_prob* p = impl_->p.get();
  const int j = glp_add_cols(p, 1);
  const int type = bound_type(lower, upper);
  glp_set_col_bnds(p, j, type, finite_or_zero(lower), finite_or_zero(upper));
  glp_set_obj_coef(p, j, c);
  std::vector<int> idx{0};
  std::vector<double> val{0.0};
  const int rows = glp_get_num_rows(p);
  for (const auto& [i, a] : coeffs) {
    if (i < 0 || i >= rows) solver_failure("lp_bad_index", "LP column refers to a missing row");
    idx.push_back(i + 1);
    val.push_back(a);
  }
  glp_set_mat_col(p, j, static_cast<int>(idx.size()) - 1, idx.data(), val.data());
  // Nonbasic at 0: the old basis stays primal feasible.
  glp_set_col_stat(p, j, type == GLP_FR ? GLP_NF : (type == GLP_UP ? GLP_NU : (type == GLP_FX ? GLP_NS : GLP_NL)));
}

int ColumnLp::add_row(const Row& row) {
  glp_prob* p = impl_->p.get();
  const int i = append_row(p, row, glp_get_num_cols(p));
  glp_set_row_stat(p, i, GLP_BS);
  return i - 1;
}

Solution ColumnLp::solve() {
  glp_prob* p = impl_->p.get();
  const int n = glp_get_num_cols(p), m = glp_get_num_rows(p);
  glp_smcp params;
  glp_init_smcp(&params);
  params.presolve = GLP_OFF;
  params.msg_lev = GLP_MSG_OFF;
  params.meth = GLP_PRIMAL;  // after a new column the old basis is primal feasible
  params.it_lim = iteration_limit(impl_->iteration_limit, m, n);
  if (impl_->time_limit_ms > 0) params.tm_lim = impl_->time_limit_ms;
  apply_tolerance(params, impl_->tolerance);
  Solution sol = read_solution(p, simplex_with_restart(p, params), n);
  if (sol.status != Status::kOptimal) return sol;
  sol.row_duals.resize(m);
  for (int i = 0; i < m; ++i) sol.row_duals(i) = glp_get_row_dual(p, i + 1);
  return sol;
}

void release_thread_state() { glp_free_env(); }

namespace testing {
void scale_time_limits(double factor) { time_limit_scale = factor; }
}  // namespace testing

}  // namespace privlab::lp
