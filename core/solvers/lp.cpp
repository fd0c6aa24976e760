/**
 * @file lp.cpp
 * @brief LinearProgram -> GLPK (glp_simplex) -> Solution.
 */
#include "solvers/lp.h"

#include <glpk.h>

#include <memory>

#include "common/error.h"

namespace privlab::lp {

namespace {
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
    default: return "failed";
  }
}

Solution solve_lp(const LinearProgram& program) {
  const int n = program.num_vars();
  const int m = static_cast<int>(program.rows.size());
  glp_term_out(GLP_OFF);
  std::unique_ptr<glp_prob, ProblemDeleter> prob(glp_create_prob());
  glp_prob* p = prob.get();
  glp_set_obj_dir(p, program.maximize ? GLP_MAX : GLP_MIN);
  if (n > 0) glp_add_cols(p, n);
  for (int j = 0; j < n; ++j) {
    const double lo = program.lower.size() ? program.lower(j) : 0.0;
    const double hi = program.upper.size() ? program.upper(j) : kInf;
    glp_set_col_bnds(p, j + 1, bound_type(lo, hi), finite_or_zero(lo), finite_or_zero(hi));
    glp_set_obj_coef(p, j + 1, program.objective(j));
  }
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0.0};
  if (m > 0) glp_add_rows(p, m);
  for (int i = 0; i < m; ++i) {
    const Row& row = program.rows[i];
    glp_set_row_bnds(p, i + 1, bound_type(row.lower, row.upper), finite_or_zero(row.lower),
                     finite_or_zero(row.upper));
    for (const auto& [j, a] : row.coeffs) {
      if (j < 0 || j >= n) solver_failure("lp_bad_index", "LP row refers to a missing column");
      ia.push_back(i + 1);
      ja.push_back(j + 1);
      ar.push_back(a);
    }
  }
  glp_load_matrix(p, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());

  glp_smcp params;
  glp_init_smcp(&params);
  params.presolve = program.presolve ? GLP_ON : GLP_OFF;
  params.msg_lev = GLP_MSG_OFF;
  const int rc = glp_simplex(p, &params);

  Solution sol;
  if (rc == GLP_ENOPFS) { sol.status = Status::kInfeasible; return sol; }
  if (rc == GLP_ENODFS) { sol.status = Status::kUnbounded; return sol; }
  if (rc != 0) return sol;
  switch (glp_get_status(p)) {
    case GLP_OPT: sol.status = Status::kOptimal; break;
    case GLP_NOFEAS: sol.status = Status::kInfeasible; return sol;
    case GLP_UNBND: sol.status = Status::kUnbounded; return sol;
    default: return sol;
  }
  sol.objective = glp_get_obj_val(p);
  sol.x.resize(n);
  for (int j = 0; j < n; ++j) sol.x(j) = glp_get_col_prim(p, j + 1);
  sol.row_duals.resize(m);
  for (int i = 0; i < m; ++i) sol.row_duals(i) = glp_get_row_dual(p, i + 1);
  return sol;
}

}  // namespace privlab::lp
