/**
 * @file attack.cpp
 * @brief Optimal (19), Bayesian (25) and prior-free (27)-(29) inference attacks.
 */
#include "game/attack.h"

#include <cmath>
#include <string>

#include "common/arguments.h"
#include "common/error.h"
#include "solvers/lp.h"

namespace privlab::game {

namespace {
/// Index of the LP variable q(shat|o).
int qvar(long o, long shat, long n) { return static_cast<int>(o * n + shat); }

/// Rows sum_shat q(shat|o) = 1 for every o (eq. 17).
void add_attack_simplex_rows(lp::LinearProgram& prog, long m, long n) {
  for (long o = 0; o < m; ++o) {
    lp::Row row;
    for (long g = 0; g < n; ++g) row.coeffs.emplace_back(qvar(o, g, n), 1.0);
    row.lower = row.upper = 1.0;
    prog.add_row(std::move(row));
  }
}

LpSize size_of(const lp::LinearProgram& prog) {
  LpSize size{prog.num_vars(), static_cast<long>(prog.rows.size()), 0};
  for (const auto& r : prog.rows) size.nonzeros += static_cast<long>(r.coeffs.size());
  return size;
}

Matrix read_attack(const lp::Solution& sol, long m, long n) {
  Matrix q(n, m);
  for (long o = 0; o < m; ++o)
    for (long g = 0; g < n; ++g) q(g, o) = sol.x(qvar(o, g, n));
  return q;
}

LpAttack solve_attack(const lp::LinearProgram& prog, long m, long n, const char* what) {
  const lp::Solution sol = lp::solve_lp(prog);
  if (sol.status != lp::Status::kOptimal)
    solver_failure("lp_failed", std::string(what) + ": the LP solver returned " + lp::status_name(sol.status));
  return {read_attack(sol, m, n), sol.objective, size_of(prog)};
}

/// The arguments of an attack on p [o][s] (common/arguments.h): p's columns, pi a distribution
/// over p's columns, d [shat][s] finite, non-negative, with p's columns; the paths name them.
void check_attack_inputs(const Matrix& p, const Vector& prior, const Matrix* distance) {
  arguments::measurable(p, "/p");
  for (long s = 0; s < p.cols(); ++s)  // column s is p(.|s); 1e-6: intermediate LP solutions pass
    if (std::abs(p.col(s).sum() - 1.0) > arguments::kSumTolerance)
      bad_request("column_not_distribution", arguments::cell("/p", 0, s),
                  "column " + std::to_string(s) + " of p (the distribution of o given s) does not sum to 1");
  arguments::distribution(prior, "/prior");
  arguments::size(prior, "/prior", p.cols(), "one entry per column (secret) of p:");
  if (!distance) return;
  arguments::non_empty(*distance, "/distance");
  arguments::finite(*distance, "/distance");
  arguments::non_negative(*distance, "/distance", "out_of_range");
  if (distance->cols() != p.cols())
    bad_request("shape_mismatch", "/distance", "distance d(shat,s) needs one column per secret (p's columns)");
}
}  // namespace

Matrix guess_errors(const Matrix& p, const Vector& prior, const Matrix& distance) {
  arguments::size(prior, "/prior", p.cols(), "one entry per column (secret) of p:");
  if (distance.cols() != p.cols())
    bad_request("shape_mismatch", "/distance", "distance d(shat,s) needs one column per secret (p's columns)");
  // W(o,shat) = sum_s p(o,s) pi(s) d(shat,s) = (p diag(pi) d^T)(o,shat)
  const long nonzeros = (p.array() != 0.0).count();
  if (4 * nonzeros > p.size()) return p * prior.asDiagonal() * distance.transpose();
  // A sparse mechanism (the distortion LP's rows have few cells, most observables none): column
  // o of W^T sums d's columns over p's nonzeros in row o, O(nonzeros x guesses) instead of the
  // dense product's O(m n guesses) (a 10 x 10 grid's (21) mechanism: 5 % of the solve in
  // WebAssembly, where the product runs without SIMD).
  Matrix transposed = Matrix::Zero(distance.rows(), p.rows());
  for (long s = 0; s < p.cols(); ++s)
    for (long o = 0; o < p.rows(); ++o)
      if (p(o, s) != 0) transposed.col(o) += (p(o, s) * prior(s)) * distance.col(s);
  return transposed.transpose();
}

namespace {
/// The pure best response (33)-(34) for weights pi(s) (a prior, or all ones for (27)); unchecked.
DeterministicAttack best_response(const Matrix& p, const Vector& prior, const Matrix& distance) {
  // Eq. (33)-(34) [game]: the pure strategy argmin_shat W(o,shat) is a best response.
  const Matrix w = guess_errors(p, prior, distance);
  // Values closer than 1e-9 of the matrix's scale are ties and go to the smallest index, so
  // solver round-off (which differs between the native and WASM builds) cannot move a guess.
  const double tie = 1e-9 * (w.size() ? w.cwiseAbs().maxCoeff() : 0.0);
  DeterministicAttack a;
  a.guess.resize(w.rows());
  for (long o = 0; o < w.rows(); ++o) {
    long best = 0;
    for (long g = 1; g < w.cols(); ++g)
      if (w(o, g) < w(o, best) - tie) best = g;
    a.guess[o] = best;
    a.error += w(o, best);
  }
  return a;
}
}  // namespace

DeterministicAttack optimal_attack(const Matrix& p, const Vector& prior, const Matrix& distance) {
  check_attack_inputs(p, prior, &distance);
  return best_response(p, prior, distance);
}

Matrix attack_matrix(const std::vector<long>& guess, long num_secrets) {
  for (std::size_t o = 0; o < guess.size(); ++o)
    if (guess[o] < 0 || guess[o] >= num_secrets)
      bad_request("out_of_range", "/guess/" + std::to_string(o), "a guess is a secret index in [0, num_secrets)");
  Matrix q = Matrix::Zero(num_secrets, static_cast<long>(guess.size()));
  for (std::size_t o = 0; o < guess.size(); ++o) q(guess[o], static_cast<long>(o)) = 1.0;
  return q;
}

double attack_error(const Matrix& p, const Vector& prior, const Matrix& distance, const Matrix& q) {
  // sum_{o,shat} q(shat|o) W(o,shat)
  arguments::shape(q, "/q", distance.rows(), p.rows(), "an attack q [shat][o] of p:");
  return guess_errors(p, prior, distance).cwiseProduct(q.transpose()).sum();
}

LpAttack optimal_attack_lp(const Matrix& p, const Vector& prior, const Matrix& distance) {
  check_attack_inputs(p, prior, &distance);
  // LP (19a) [game]: min over q in Q of sum_{s,o,shat} pi(s) p(o|s) q(shat|o) d(shat,s).
  const long m = p.rows(), n = p.cols();
  const Matrix w = guess_errors(p, prior, distance);
  lp::LinearProgram prog;
  prog.objective.resize(m * n);
  for (long o = 0; o < m; ++o)
    for (long g = 0; g < n; ++g) prog.objective(qvar(o, g, n)) = w(o, g);
  add_attack_simplex_rows(prog, m, n);
  return solve_attack(prog, m, n, "optimal attack (19)");
}

Matrix bayes_attack(const Matrix& p, const Vector& prior) {
  check_attack_inputs(p, prior, nullptr);
  // Eq. (25) [game]: q(shat|o) = pi(shat) p(o|shat) / sum_s pi(s) p(o|s).
  const long m = p.rows(), n = p.cols();
  Matrix q(n, m);
  for (long o = 0; o < m; ++o) {
    const Vector joint = p.row(o).transpose().cwiseProduct(prior);
    const double pr_o = joint.sum();
    q.col(o) = pr_o > 0 ? Vector(joint / pr_o) : prior;
  }
  return q;
}

LpAttack attack_sum_conditional(const Matrix& p, const Matrix& distance) {
  // (27) [game]: equal weights on every E_s, i.e. (19) with pi replaced by all-ones; the
  // optimum is again a pure best response per o.
  check_attack_inputs(p, Vector::Constant(p.cols(), 1.0 / static_cast<double>(p.cols())), &distance);
  const Vector ones = Vector::Ones(p.cols());
  const DeterministicAttack a = best_response(p, ones, distance);
  return {attack_matrix(a.guess, p.cols()), a.error, {p.rows() * p.cols(), p.rows(), p.rows() * p.cols()}};
}

LpAttack attack_minmax_secret(const Matrix& p, const Matrix& distance) {
  // (28) [game]: min y s.t. sum_{o,shat} p(o|s) q(shat|o) d(shat,s) <= y for all s.
  const long m = p.rows(), n = p.cols();
  const int y = static_cast<int>(m * n);
  lp::LinearProgram prog;
  prog.objective = Vector::Zero(m * n + 1);
  prog.objective(y) = 1.0;
  add_attack_simplex_rows(prog, m, n);
  for (long s = 0; s < n; ++s) {
    lp::Row row;
    for (long o = 0; o < m; ++o)
      for (long g = 0; g < n; ++g)
        if (p(o, s) * distance(g, s) != 0) row.coeffs.emplace_back(qvar(o, g, n), p(o, s) * distance(g, s));
    row.coeffs.emplace_back(y, -1.0);
    row.upper = 0.0;
    prog.add_row(std::move(row));
  }
  return solve_attack(prog, m, n, "min-max attack (28)");
}

LpAttack attack_minmax_secret_guess(const Matrix& p, const Matrix& distance) {
  // (29) [game]: min y s.t. sum_o p(o|s) q(shat|o) d(shat,s) <= y for all s, shat.
  const long m = p.rows(), n = p.cols();
  const int y = static_cast<int>(m * n);
  lp::LinearProgram prog;
  prog.objective = Vector::Zero(m * n + 1);
  prog.objective(y) = 1.0;
  add_attack_simplex_rows(prog, m, n);
  for (long s = 0; s < n; ++s)
    for (long g = 0; g < n; ++g) {
      lp::Row row;
      for (long o = 0; o < m; ++o)
        if (p(o, s) * distance(g, s) != 0) row.coeffs.emplace_back(qvar(o, g, n), p(o, s) * distance(g, s));
      row.coeffs.emplace_back(y, -1.0);
      row.upper = 0.0;
      prog.add_row(std::move(row));
    }
  return solve_attack(prog, m, n, "min-max attack (29)");
}

}  // namespace privlab::game
