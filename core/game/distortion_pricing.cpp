/**
 * @file distortion_pricing.cpp
 * @brief The double-oracle pricing of the distortion LP (21) (distortion_pricing.h).
 */
#include "game/distortion_pricing.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "solvers/lp.h"

namespace privlab::game::decomposition {

namespace {
constexpr double kUnit = 0x1.0p-53;  // unit round-off
/// GLPK's tolerances in the small LPs. Its default (relative 1e-7) leaves duals rho that prove
/// only -5e-7 per row where the optimum is 0 (the map: gap 2.8e-5 over 300 observables); its
/// exact simplex took 2.5 s on a 20 x 7 LP.
constexpr double kSmallLpTolerance = 1e-12;

/// The bounds of a guess mixture rho (normalised in floating point, `terms` guesses): the box
/// bound sum_s min(0, a(s)) and the shape bound min_s a(s), a = z - mu W^T rho, each lowered by
/// its round-off (that of a(s), of rho's sum, and of the sum over cells).
struct RhoBounds {
  double box = 0, shape = 0;
};
RhoBounds rho_bounds(const Vector& z, double mu, const Vector& mixed, long terms) {
  const long n = z.size();
  long double box = 0;
  double box_magnitude = 0, shape = lp::kInf;
  for (long s = 0; s < n; ++s) {
    const double a = z(s) - mu * mixed(s);
    const double slack = 4.0 * static_cast<double>(terms + 4) * kUnit * (std::abs(z(s)) + mu * mixed(s));
    shape = std::min(shape, a - slack);
    if (a - slack < 0) box += a - slack, box_magnitude += std::abs(a - slack);
  }
  RhoBounds out;
  out.shape = shape;
  out.box = std::min(0.0, static_cast<double>(box) - 2.0 * static_cast<double>(n) * kUnit * box_magnitude);
  return out;
}
}  // namespace

std::optional<DistortionPrice> price_distortion_row(const Matrix& weighted_distance, const Vector& z, double mu,
                                                    double tolerance, long max_iterations, double seconds,
                                                    GuessMixture* start) {
  const Matrix& W = weighted_distance;
  const long n = z.size();
  DistortionPrice best;
  best.value = lp::kInf;
  best.bound = best.box_bound = -lp::kInf;
  // The value of a row v (on the cells `cells`): z.v - mu x(v), x over every guess.
  const auto value_of = [&](const std::vector<long>& cells, const Vector& v, long& guess) {
    Vector errors = Vector::Zero(W.rows());
    double zv = 0;
    for (size_t i = 0; i < cells.size(); ++i)
      if (v(static_cast<long>(i)) != 0)
        errors += v(static_cast<long>(i)) * W.col(cells[i]), zv += z(cells[i]) * v(static_cast<long>(i));
    const double x = errors.minCoeff(&guess);
    return zv - mu * x;
  };
  const auto keep = [&](const std::vector<long>& cells, const Vector& v, double value) {
    if (value >= best.value) return;
    best.value = value;
    best.v = Vector::Zero(n);
    for (size_t i = 0; i < cells.size(); ++i) best.v(cells[i]) = v(static_cast<long>(i));
  };

  std::vector<long> cells, guesses;
  std::vector<char> in_cells(n, 0), in_guesses(W.rows(), 0);
  Vector rho = Vector::Zero(W.rows());
  if (start && !start->guesses.empty()) {  // where the last pricing of this row ended
    double total = 0;
    for (size_t j = 0; j < start->guesses.size(); ++j) {
      const long g = start->guesses[j];
      guesses.push_back(g), in_guesses[g] = 1, rho(g) = start->weights[j], total += start->weights[j];
    }
    if (total > 0)
      rho /= total;
    else
      rho(guesses[0]) = 1.0;
  } else {  // the guess of least error on the whole row 1 (the prior-only guess)
    long g0 = 0;
    W.rowwise().sum().minCoeff(&g0);
    rho(g0) = 1.0;
    guesses.push_back(g0);
    in_guesses[g0] = 1;
  }
  long terms = static_cast<long>(guesses.size());
  bool new_guess = true;
  long last_guess = 0;
  // Takes a small LP's solution: its row v, and rho from its multipliers (>= 0 for these >=
  // rows of a minimum), normalised. False when the LP did not solve.
  const auto absorb = [&](const lp::Solution& sol) {
    ++best.iterations;
    if (sol.status != lp::Status::kOptimal) return false;
    const Vector v = sol.x.head(static_cast<long>(cells.size()));
    keep(cells, v, value_of(cells, v, last_guess));
    rho.setZero();
    double total = 0;
    terms = 0;
    for (size_t j = 0; j < guesses.size(); ++j) {
      const double y = std::max(0.0, sol.row_duals(static_cast<long>(j)));
      rho(guesses[j]) = y, total += y, terms += y > 0;
    }
    if (!(total > 0)) rho(last_guess) = 1.0, total = 1.0, terms = 1;
    rho /= total;
    return true;
  };
  for (long it = 0;; ++it) {
    // The box's best response to rho: v = 1 where a(s) < 0; its bounds are proven.
    Vector mixed = Vector::Zero(n);
    for (long g : guesses)
      if (rho(g) > 0) mixed += rho(g) * W.row(g).transpose();
    const RhoBounds rb = rho_bounds(z, mu, mixed, terms);
    best.box_bound = std::max(best.box_bound, rb.box);
    best.bound = std::max(best.bound, rb.shape);
    bool new_cells = false;
    for (long s = 0; s < n; ++s)
      if (!in_cells[s] && z(s) - mu * mixed(s) < 0) cells.push_back(s), in_cells[s] = 1, new_cells = true;
    // rho already proves beta_o to within the tolerance (the warm mixture often does): no LP.
    if (rb.box >= -tolerance) break;
    if (mu == 0 || cells.empty()) {  // no guess matters, or nothing prices below 0
      Vector v = Vector::Ones(static_cast<long>(cells.size()));
      long guess = 0;
      if (!cells.empty()) keep(cells, v, value_of(cells, v, guess));
      break;
    }
    // Neither side's best response is new: the last small LP's optimum is beta_o, and rho
    // (its multipliers) proves it above, to the LP's dual tolerance (kSmallLpTolerance).
    if (!new_cells && !new_guess) break;
    if (best.value - best.box_bound <= tolerance || it >= max_iterations) break;
    // The small LP over (cells, guesses): variables v (cells), then y.
    lp::LinearProgram prog;
    const long k = static_cast<long>(cells.size());
    prog.objective = Vector::Zero(k + 1);
    prog.objective(k) = 1.0;
    prog.lower = Vector::Zero(k + 1);
    prog.upper = Vector::Ones(k + 1);
    prog.lower(k) = -lp::kInf;
    prog.upper(k) = lp::kInf;
    prog.time_limit = seconds;
    prog.tolerance = kSmallLpTolerance;
    for (long g : guesses) {
      lp::Row row;
      row.coeffs.emplace_back(static_cast<int>(k), 1.0);
      for (long i = 0; i < k; ++i) {
        const double a = z(cells[i]) - mu * W(g, cells[i]);
        if (a != 0) row.coeffs.emplace_back(static_cast<int>(i), -a);
      }
      row.lower = 0.0;
      prog.rows.push_back(std::move(row));
    }
    const lp::Solution sol = lp::solve_lp(prog);
    // Stopped by the time limit (the budget's, spent): the bounds proven so far stand, as at
    // the iteration cap (a failure here had sent the whole request to the full LP).
    if (sol.status == lp::Status::kTimeLimit) break;
    if (!absorb(sol)) return std::nullopt;
    new_guess = !in_guesses[last_guess];
    if (new_guess) guesses.push_back(last_guess), in_guesses[last_guess] = 1;
  }
  if (start) {  // the guesses the last rho weighs
    start->guesses.clear(), start->weights.clear();
    for (long g : guesses)
      if (rho(g) > 0) start->guesses.push_back(g), start->weights.push_back(rho(g));
  }
  if (best.v.size() == 0 || !(best.v.sum() > 0)) {  // nothing below 0: the cell of least z
    long s = 0;
    z.minCoeff(&s);
    best.v = Vector::Zero(n);
    best.v(s) = 1.0;
    long guess = 0;
    best.value = value_of({s}, Vector::Ones(1), guess);
  }
  return best;
}

}  // namespace privlab::game::decomposition
