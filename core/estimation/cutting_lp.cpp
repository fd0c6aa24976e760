/**
 * @file cutting_lp.cpp
 * @brief GLPK problem kept alive across cuts; simplex without presolve, warm-started.
 */
#include "estimation/cutting_lp.h"

#include <glpk.h>

#include <vector>

#include "common/error.h"

namespace privlab::estimation {

namespace {
int bound_type(double lo, double hi) {
  const bool has_lo = lo > -lp::kInf, has_hi = hi < lp::kInf;
  if (has_lo && has_hi) return lo == hi ? GLP_FX : GLP_DB;
  if (has_lo) return GLP_LO;
  if (has_hi) return GLP_UP;
  return GLP_FR;
}
double finite_or_zero(double v) { return (v > -lp::kInf && v < lp::kInf) ? v : 0.0; }
}  // namespace

struct CuttingLp::Impl {
  glp_prob* p = nullptr;
  int n = 0;
};

CuttingLp::CuttingLp(const lp::LinearProgram& program) : impl_(std::make_unique<Impl>()) {
  glp_term_out(GLP_OFF);
  impl_->p = glp_create_prob();
  impl_->n = program.num_vars();
  glp_prob* p = impl_->p;
  glp_set_obj_dir(p, program.maximize ? GLP_MAX : GLP_MIN);
  if (impl_->n > 0) glp_add_cols(p, impl_->n);
  for (int j = 0; j < impl_->n; ++j) {
    const double lo = program.lower.size() ? program.lower(j) : 0.0;
    const double hi = program.upper.size() ? program.upper(j) : lp::kInf;
    glp_set_col_bnds(p, j + 1, bound_type(lo, hi), finite_or_zero(lo), finite_or_zero(hi));
    glp_set_obj_coef(p, j + 1, program.objective(j));
  }
  for (const auto& row : program.rows) add_row(row);
}

CuttingLp::~CuttingLp() {
  if (impl_ && impl_->p) glp_delete_prob(impl_->p);
}

int CuttingLp::num_rows() const { return glp_get_num_rows(impl_->p); }

void CuttingLp::add_row(const lp::Row& row) {
  glp_prob* p = impl_->p;
  const int i = glp_add_rows(p, 1);
  glp_set_row_bnds(p, i, bound_type(row.lower, row.upper), finite_or_zero(row.lower),
                   finite_or_zero(row.upper));
  std::vector<int> idx{0};
  std::vector<double> val{0.0};
  for (const auto& [j, a] : row.coeffs) {
    if (j < 0 || j >= impl_->n) solver_failure("lp_bad_index", "LP row refers to a missing column");
    idx.push_back(j + 1);
    val.push_back(a);
  }
  glp_set_mat_row(p, i, static_cast<int>(idx.size()) - 1, idx.data(), val.data());
  glp_set_row_stat(p, i, GLP_BS);  // the new row's slack is basic: the old basis stays valid
}

lp::Solution CuttingLp::solve() {
  glp_prob* p = impl_->p;
  glp_smcp params;
  glp_init_smcp(&params);
  params.presolve = GLP_OFF;
  params.msg_lev = GLP_MSG_OFF;
  params.meth = GLP_DUALP;  // after a cut the old basis is dual feasible
  int rc = glp_simplex(p, &params);
  if (rc != 0) {  // e.g. a singular warm basis: rebuild a standard basis and try once more
    glp_std_basis(p);
    rc = glp_simplex(p, &params);
  }
  lp::Solution sol;
  if (rc != 0) return sol;
  switch (glp_get_status(p)) {
    case GLP_OPT: sol.status = lp::Status::kOptimal; break;
    case GLP_NOFEAS: sol.status = lp::Status::kInfeasible; return sol;
    case GLP_UNBND: sol.status = lp::Status::kUnbounded; return sol;
    default: return sol;
  }
  sol.objective = glp_get_obj_val(p);
  sol.x.resize(impl_->n);
  for (int j = 0; j < impl_->n; ++j) sol.x(j) = glp_get_col_prim(p, j + 1);
  return sol;
}

}  // namespace privlab::estimation
