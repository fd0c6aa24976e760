/**
 * @file formulation1.cpp
 * @brief Projection, QR basis and the cutting-plane solution of Formulation 1 (Section 4).
 */
#include "estimation/formulation1.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.h"
#include "estimation/pics.h"
#include "solvers/lp.h"
#include "solvers/lp.h"

namespace privlab::estimation {

namespace {
constexpr double kDependent = 1e-8;  // residual norm below which a function is in the span

/// Modified Gram-Schmidt (twice) in the P_X inner product: the QR factorisation of
/// D_X^{1/2} [1, u_order..., e_1..e_n] in that column order; returns the kept columns.
Matrix qr_basis(const Vector& px, const std::vector<Vector>& candidates, std::vector<bool>& kept) {
  const long n = px.size();
  Matrix basis(n, n);
  long count = 0;
  kept.assign(candidates.size(), false);
  auto inner = [&](const Vector& a, const Vector& b) { return px.dot(a.cwiseProduct(b)); };
  for (std::size_t c = 0; c < candidates.size() && count < n; ++c) {
    Vector v = candidates[c];
    const double original = std::sqrt(inner(v, v));
    if (original <= 0) continue;
    for (int pass = 0; pass < 2; ++pass)
      for (long k = 0; k < count; ++k) v -= inner(v, basis.col(k)) * basis.col(k);
    const double norm = std::sqrt(inner(v, v));
    if (norm <= kDependent * original) continue;
    basis.col(count++) = v / norm;
    kept[c] = true;
  }
  if (count != n) solver_failure("basis_failed", "the QR completion did not reach full rank");
  return basis;
}

/// Adds a row divided by its largest |coefficient| (GLPK's presolve misjudges badly scaled
/// rows: with probabilities near 1e-4 the coefficients of (25) reach 1e4).
void add_scaled(lp::IncrementalLp& lp, lp::Row row) {
  double top = 0;
  for (const auto& [j, c] : row.coeffs) top = std::max(top, std::abs(c));
  if (top == 0) return;  // 0 >= -1 or 0 <= cap: always true
  for (auto& [j, c] : row.coeffs) c /= top;
  if (row.lower > -lp::kInf) row.lower /= top;
  if (row.upper < lp::kInf) row.upper /= top;
  lp.add_row(row);
}

/// 1 + sum_k sigma_k f_k(x) f_k(y): P_{X,Y}(x,y) / (p_x p_y) of (24).
double ratio(const Matrix& f, const Vector& sigma, long x, long y) {
  double v = 1.0;
  for (long k = 1; k < f.cols(); ++k) v += sigma(k - 1) * f(x, k) * f(y, k);
  return v;
}
}  // namespace

Vector normalise_function(const Vector& h, const Vector& p, const std::string& path) {
  const double mean = p.dot(h);
  Vector c(h.size());
  for (long i = 0; i < h.size(); ++i) c(i) = h(i) - mean;
  const double var = p.dot(c.cwiseProduct(c));
  if (!(var > 1e-14))
    bad_request("constant_function", path, "the function is constant on the support: it has nothing to hide or reveal");
  c /= std::sqrt(var);
  return c;
}

double objective_value(const Vector& sigma, long n_prime, Objective objective, const std::vector<double>& weights) {
  if (n_prime == 0) return 0;
  if (objective == Objective::kMin) return sigma.head(n_prime).minCoeff();
  double v = 0;
  for (long k = 0; k < n_prime; ++k) v += (weights.empty() ? 1.0 : weights[k]) * sigma(k);
  return v;
}

bool formulation1_feasible(const Matrix& basis, const Vector& px, const Matrix& alpha, const std::vector<double>& theta,
                           const Vector& sigma, double slack) {
  if ((sigma.array() < -slack).any() || (sigma.array() > 1 + slack).any()) return false;  // (22)
  for (long i = 0; i < alpha.rows(); ++i) {                                               // (21)
    double g = 0;
    for (long k = 1; k < alpha.cols(); ++k) g += alpha(i, k) * alpha(i, k) * sigma(k - 1) * sigma(k - 1);
    if (g > 1 - theta[i] + slack) return false;
  }
  for (long x = 0; x < px.size(); ++x)  // (25)
    for (long y = x; y < px.size(); ++y)
      if (px(x) > 0 && px(y) > 0 && ratio(basis, sigma, x, y) < -slack) return false;
  return true;
}

Formulation1Result solve_formulation1(const Formulation1Input& in) {
  Formulation1Result out;
  const Vector ps = in.joint_sx.rowwise().sum();
  const Vector px_full = in.joint_sx.colwise().sum().transpose();
  std::vector<long> sx;
  for (long x = 0; x < px_full.size(); ++x)
    if (px_full(x) > 0) sx.push_back(x);
  const long nx = sx.size();
  const long m = in.private_functions.size(), nu = in.useful_functions.size();
  Vector px(nx);
  for (long j = 0; j < nx; ++j) px(j) = px_full(sx[j]);
  auto restrict = [&](const Vector& h) {
    Vector r(nx);
    for (long j = 0; j < nx; ++j) r(j) = h(sx[j]);
    return r;
  };

  // Section 4.1: s-hat_i(x) = E[s_i(S)|X=x] / ||E[s_i(S)|X]||.
  out.privates.resize(m);
  std::vector<Vector> projected(m);
  for (long i = 0; i < m; ++i) {
    auto& r = out.privates[i];
    r.values = normalise_function(in.private_functions[i], ps, "");
    Vector cond(nx);
    for (long j = 0; j < nx; ++j) cond(j) = in.joint_sx.col(sx[j]).dot(r.values) / px(j);
    r.projection_norm = std::sqrt(px.dot(cond.cwiseProduct(cond)));
    projected[i] = r.projection_norm > 1e-12 ? Vector(cond / r.projection_norm) : Vector::Zero(nx);
  }

  // (16)-(17): f_0 = 1, then the useful functions in the given order, completed by indicators.
  std::vector<long> order = in.order;
  if (order.empty())
    for (long j = 0; j < nu; ++j) order.push_back(j);
  out.usefuls.resize(nu);
  std::vector<Vector> candidates{Vector::Ones(nx)};
  for (long j = 0; j < nu; ++j) out.usefuls[j].values = normalise_function(in.useful_functions[j], px_full, "");
  for (long j : order) candidates.push_back(restrict(out.usefuls[j].values));
  for (long j = 0; j < nx; ++j) candidates.push_back(Vector::Unit(nx, j));
  std::vector<bool> kept;
  const Matrix f = qr_basis(px, candidates, kept);
  out.n_prime = 0;
  for (std::size_t c = 0; c < order.size(); ++c)
    if (kept[c + 1]) {
      out.usefuls[order[c]].in_basis = true;
      out.weights.push_back(in.weights.empty() ? 1.0 : in.weights[order[c]]);
      ++out.n_prime;
    }
  out.basis = Matrix::Zero(px_full.size(), nx);
  for (long j = 0; j < nx; ++j) out.basis.row(sx[j]) = f.row(j);

  // (18)-(19): coordinates in the basis.
  out.alpha = Matrix::Zero(m, nx);
  for (long i = 0; i < m; ++i)
    for (long k = 0; k < nx; ++k) out.alpha(i, k) = px.dot(projected[i].cwiseProduct(f.col(k)));
  out.beta = Matrix::Zero(nu, nx);
  for (long j = 0; j < nu; ++j) {
    const Vector u = restrict(out.usefuls[j].values);
    for (long k = 0; k < nx; ++k) out.beta(j, k) = px.dot(u.cwiseProduct(f.col(k)));
  }

  // (20)-(25) with the outer approximation of (21). Variables sigma_1..sigma_{nx-1}, then t.
  const long nvar = nx - 1;
  const bool use_t = in.objective == Objective::kMin && out.n_prime > 0;
  lp::LinearProgram lp;
  lp.maximize = true;
  lp.objective = Vector::Zero(nvar + (use_t ? 1 : 0));
  lp.lower = Vector::Zero(lp.objective.size());
  lp.upper = Vector::Ones(lp.objective.size());
  if (use_t) {
    lp.objective(nvar) = 1;
    for (long k = 0; k < out.n_prime; ++k)  // t <= sigma_k
      lp.add_row({{{k, 1.0}, {nvar, -1.0}}, 0.0, lp::kInf});
  } else if (in.objective == Objective::kSum) {
    for (long k = 0; k < out.n_prime; ++k) lp.objective(k) = out.weights[k];
  }
  // (25): P(x,y) >= 0  <=>  sum_k sigma_k f_k(x) f_k(y) >= -1. These |X|(|X|+1)/2 rows enter
  // the LP lazily, when the LP point violates them (GLPK's presolve mishandles the full set on
  // degenerate data, and most rows never bind).
  std::vector<lp::Row> positivity;
  std::set<std::vector<std::pair<int, double>>> seen_rows;
  for (long x = 0; x < nx; ++x)
    for (long y = x; y < nx; ++y) {
      lp::Row row;
      row.lower = -1.0;
      for (long k = 1; k < nx; ++k) {
        // Round-off-sized coefficients only confuse the simplex; the exact (25) is enforced by
        // the shrink step below, so dropping them costs nothing in feasibility.
        const double c = f(x, k) * f(y, k);
        if (std::abs(c) > 1e-11) row.coeffs.emplace_back(k - 1, c);
      }
      std::vector<std::pair<int, double>> key;
      for (const auto& [j, c] : row.coeffs) key.emplace_back(j, std::round(c * 1e9) / 1e9);
      if (row.coeffs.empty() || !seen_rows.insert(key).second) continue;
      positivity.push_back(std::move(row));
    }
  std::vector<bool> in_lp(positivity.size(), false);
  std::vector<double> cap(m);
  for (long i = 0; i < m; ++i) {
    cap[i] = 1.0 - in.theta[i];
    if (cap[i] <= 0)  // theta_i = 1: every direction alpha_i touches must be closed
      for (long k = 1; k < nx; ++k)
        if (std::abs(out.alpha(i, k)) > 1e-12) lp.upper(k - 1) = 0;
  }
  auto leak = [&](long i, const Vector& s) {
    double g = 0;
    for (long k = 1; k < nx; ++k) g += out.alpha(i, k) * out.alpha(i, k) * s(k - 1) * s(k - 1);
    return g;
  };

  lp::IncrementalLp master(lp);
  Vector best = Vector::Zero(nvar);
  double best_value = 0, upper = 0, last_upper = lp::kInf;
  int stalled = 0;
  for (out.iterations = 1; out.iterations <= in.max_iterations; ++out.iterations) {
    const lp::Solution sol = master.solve();
    if (sol.status != lp::Status::kOptimal) {
      // The LP always has sigma = 0 feasible: a failure is numerical. Keep the certified point
      // found so far (sigma = 0 at worst) and the last valid bound (obj(1) before any LP).
      if (out.iterations == 1) upper = objective_value(Vector::Ones(nvar), out.n_prime, in.objective, out.weights);
      out.lp_failure = lp::status_name(sol.status);
      break;
    }
    const Vector s = sol.x.head(nvar).cwiseMax(0.0).cwiseMin(1.0);
    const double lp_value = objective_value(s, out.n_prime, in.objective, out.weights);
    if (out.iterations > 1 && lp_value < best_value - 1e-9 * std::max(1.0, best_value)) {
      out.lp_failure = "inconsistent";  // a relaxation below a feasible point: numerical trouble
      break;
    }
    upper = lp_value;
    // Stall: GLPK accepts violations below its feasibility tolerance (1e-7), so cuts closer
    // than that no longer move the LP point. Stop with the honest (certified) gap.
    if (upper < last_upper - 1e-12) {
      last_upper = upper;
      stalled = 0;
    } else if (++stalled >= 25) {
      break;
    }
    // Certified feasible point: shrink toward sigma = 0 (P_X P_X^T, strictly feasible) until
    // (21) and (25) hold exactly; obj is positively homogeneous, so obj(t s) = t obj(s).
    double t = 1.0;
    for (long i = 0; i < m; ++i) {
      const double g = leak(i, s);
      if (cap[i] > 0 && g > cap[i]) t = std::min(t, std::sqrt(cap[i] / g));
    }
    for (long x = 0; x < nx; ++x)
      for (long y = x; y < nx; ++y) {
        const double v = ratio(f, s, x, y) - 1.0;
        if (v < -1.0) t = std::min(t, -1.0 / v);
      }
    const Vector feasible = t * s;
    const double value = objective_value(feasible, out.n_prime, in.objective, out.weights);
    if (out.iterations == 1 || value > best_value) {
      best = feasible;
      best_value = value;
    }
    if (upper - best_value <= in.tolerance * std::max(1.0, std::abs(upper))) {
      out.converged = true;
      break;
    }
    // Supporting hyperplane of {g_i <= c_i} at the boundary point on the ray to s:
    // sum_k alpha_{i,k}^2 b_k sigma_k <= c_i with b = s sqrt(c_i / g_i(s)).
    bool added = false;
    for (std::size_t r = 0; r < positivity.size(); ++r) {
      if (in_lp[r]) continue;
      double v = 0;
      for (const auto& [j, c] : positivity[r].coeffs) v += c * s(j);
      if (v < -1.0 - 1e-12) {
        add_scaled(master, positivity[r]);
        in_lp[r] = added = true;
      }
    }
    for (long i = 0; i < m; ++i) {
      const double g = leak(i, s);
      if (cap[i] <= 0 || g <= cap[i] * (1 + 1e-12)) continue;
      const double scale = std::sqrt(cap[i] / g);
      lp::Row row;
      row.upper = cap[i];
      for (long k = 1; k < nx; ++k) {
        const double c = out.alpha(i, k) * out.alpha(i, k) * s(k - 1) * scale;
        if (c != 0) row.coeffs.emplace_back(k - 1, c);
      }
      add_scaled(master, std::move(row));
      added = true;
    }
    if (!added) {  // only the (25) shrink separates the bounds: numerical noise of the LP
      out.converged = upper - best_value <= 1e-9 * std::max(1.0, std::abs(upper));
      break;
    }
  }
  out.iterations = std::min(out.iterations, in.max_iterations);
  out.sigma = best;
  out.objective = best_value;
  out.objective_upper = std::max(upper, best_value);

  // (24) and the mapping P(y|x) = P(x,y) / P(x); zero-probability x get the output marginal.
  const long n_all = px_full.size();
  out.p_xy = Matrix::Zero(n_all, n_all);
  for (long a = 0; a < nx; ++a)
    for (long b = 0; b < nx; ++b) out.p_xy(sx[a], sx[b]) = std::max(0.0, px(a) * px(b) * ratio(f, best, a, b));
  out.mechanism = Matrix::Zero(n_all, n_all);
  for (long x = 0; x < n_all; ++x) {
    if (px_full(x) > 0) {
      const Vector col = out.p_xy.row(x).transpose();
      out.mechanism.col(x) = col / col.sum();
    } else {
      out.mechanism.col(x) = px_full;
    }
  }

  // Every reported number is measured from the mechanism (eq. (1), Section 1.3).
  const Matrix p_sy = in.joint_sx * out.mechanism.transpose();
  const Matrix p_xy = px_full.asDiagonal() * out.mechanism.transpose();
  out.chi2_sy = chi_square_information(p_sy);
  out.chi2_xy = chi_square_information(p_xy);
  for (long i = 0; i < m; ++i) {
    auto& r = out.privates[i];
    r.projected = Vector::Zero(n_all);
    for (long j = 0; j < nx; ++j) r.projected(sx[j]) = projected[i](j);
    r.mmse = mmse_direct(p_sy, r.values);
    r.mmse_projected = r.projection_norm > 1e-12 ? mmse_direct(p_xy, r.projected) : 1.0;
    r.mmse_projected_formula = r.projection_norm > 1e-12 ? 1.0 - leak(i, best) : 1.0;
  }
  for (long j = 0; j < nu; ++j) {
    auto& r = out.usefuls[j];
    r.mmse = mmse_direct(p_xy, r.values);
    double formula = 0;  // Theorem 1: sum_k beta_k^2 (1 - lambda_k(X;Y)), lambda_k = sigma_k^2
    for (long k = 1; k < nx; ++k) formula += out.beta(j, k) * out.beta(j, k) * (1 - best(k - 1) * best(k - 1));
    r.mmse_formula = formula;
  }
  return out;
}

}  // namespace privlab::estimation
