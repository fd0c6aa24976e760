/**
 * @file distortion_pricing.cpp
 * @brief The double-oracle pricing of the distortion LP (21) (distortion_pricing.h).
 */
#include "game/distortion_pricing.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "solvers/box_minimax.h"
#include "solvers/lp.h"

namespace privlab::game::decomposition {

namespace {
constexpr double kUnit = 0x1.0p-53;  // unit round-off
/// The small LPs' tolerance (the dense simplex's on reduced costs, relative to the largest
/// |a|; GLPK's where that one reaches its pivot cap). GLPK's default (relative 1e-7) left duals
/// rho that prove only -5e-7 per row where the optimum is 0 (the map: gap 2.8e-5 over 300
/// observables); its exact simplex took 2.5 s on a 20 x 7 LP.
constexpr double kSmallLpTolerance = 1e-12;

/// The bounds of a guess mixture rho (normalised in floating point, `terms` guesses): the box
/// bound sum_s min(0, a(s)) and the shape bound min_s a(s), a = z - mu W^T rho, each lowered by
/// its round-off (that of a(s), of rho's sum, and of the sum over cells: summed in double, n
/// terms err by at most about (n - 1) u sum |terms|, inside the 2 n u sum |terms| taken off; in
/// long double the sum was software arithmetic in WebAssembly, 6 % of a 7 x 7 (21) solve).
/// In the same pass, the box's best response to rho: every cell with a(s) < 0 not yet in
/// `cells` joins it (`new_cells`).
struct RhoScan {
  double box = 0, shape = 0;
  bool new_cells = false;
};
RhoScan scan_rho(const Vector& z, double mu, const Vector& mixed, long terms, std::vector<char>& in_cells,
                 std::vector<long>& cells) {
  const long n = z.size();
  RhoScan out;
  double box = 0;
  double box_magnitude = 0, shape = lp::kInf;
  for (long s = 0; s < n; ++s) {
    const double a = z(s) - mu * mixed(s);
    const double slack = 4.0 * static_cast<double>(terms + 4) * kUnit * (std::abs(z(s)) + mu * mixed(s));
    shape = std::min(shape, a - slack);
    if (a - slack < 0) box += a - slack, box_magnitude += std::abs(a - slack);
    if (a < 0 && !in_cells[s]) cells.push_back(s), in_cells[s] = 1, out.new_cells = true;
  }
  out.shape = shape;
  out.box = std::min(0.0, box - 2.0 * static_cast<double>(n) * kUnit * box_magnitude);
  return out;
}

}  // namespace

void DistortionWork::prepare(long n, long rows) {
  if (mixed.size() != n) mixed.resize(n), in_cells.assign(static_cast<size_t>(n), 0);
  if (errors.size() != rows)
    errors.resize(rows), rho = Vector::Zero(rows), in_guesses.assign(static_cast<size_t>(rows), 0);
  cells.clear(), guesses.clear();
}

void DistortionWork::clear_marks() {
  for (long s : cells) in_cells[static_cast<size_t>(s)] = 0;
  for (long g : guesses) in_guesses[static_cast<size_t>(g)] = 0, rho(g) = 0.0;
  cells.clear(), guesses.clear();
}

std::optional<DistortionPrice> price_distortion_row(const Matrix& weighted_distance, const Vector& z, double mu,
                                                    double tolerance, long max_iterations, double seconds,
                                                    GuessMixture* start, const Matrix* weighted_distance_t,
                                                    DistortionWork* work) {
  const Matrix& W = weighted_distance;
  const long n = z.size();
  DistortionPrice best;
  best.value = lp::kInf;
  best.bound = best.box_bound = -lp::kInf;
  DistortionWork fresh;
  DistortionWork& ws = work ? *work : fresh;
  ws.prepare(n, W.rows());
  struct ClearOnExit {
    DistortionWork& ws;
    ~ClearOnExit() { ws.clear_marks(); }
  } clear_on_exit{ws};
  Vector &errors = ws.errors, &mixed = ws.mixed, &rho = ws.rho;
  std::vector<long>&cells = ws.cells, &guesses = ws.guesses;
  std::vector<char>&in_cells = ws.in_cells, &in_guesses = ws.in_guesses;
  // The value of a row v (on the cells `cells`): z.v - mu x(v), x over every guess.
  const auto value_of = [&](const std::vector<long>& cells, const Vector& v, long& guess) {
    errors.setZero();
    double zv = 0;
    for (size_t i = 0; i < cells.size(); ++i)
      if (v(static_cast<long>(i)) != 0)
        errors += v(static_cast<long>(i)) * W.col(cells[i]), zv += z(cells[i]) * v(static_cast<long>(i));
    const double x = errors.minCoeff(&guess);
    return zv - mu * x;
  };
  // The best row so far, on its cells (written out as best.v at the end).
  std::vector<long> best_cells;
  Vector best_on_cells;
  const auto keep = [&](const std::vector<long>& cells, const Vector& v, double value) {
    if (value >= best.value) return;
    best.value = value;
    best_cells = cells, best_on_cells = v;
  };

  if (start && !start->guesses.empty()) {  // where the last pricing of this row ended
    double total = 0;
    for (size_t j = 0; j < start->guesses.size(); ++j) {
      const long g = start->guesses[j];
      guesses.push_back(g), in_guesses[g] = 1, rho(g) = start->weights[j], total += start->weights[j];
    }
    if (total > 0)
      for (long g : guesses) rho(g) /= total;
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
  // Takes a small LP's solution: its row v (on `cells`), and rho from its rows' multipliers
  // (>= 0 for these >= rows of a minimum), normalised.
  const auto absorb = [&](const Vector& v, const Vector& multipliers) {
    ++best.iterations;
    keep(cells, v, value_of(cells, v, last_guess));
    // rho is 0 off the guesses (last_guess joins them after each small LP): O(guesses), not O(n).
    double total = 0;
    terms = 0;
    for (size_t j = 0; j < guesses.size(); ++j) {
      const double y = std::max(0.0, multipliers(static_cast<long>(j)));
      rho(guesses[j]) = y, total += y, terms += y > 0;
    }
    if (!(total > 0)) rho(last_guess) = 1.0, total = 1.0, terms = 1;
    for (long g : guesses) rho(g) /= total;  // off them: 0, or last_guess's 1 with total 1
  };
  for (long it = 0;; ++it) {
    // The box's best response to rho: v = 1 where a(s) < 0; its bounds are proven.
    mixed.setZero();
    for (long g : guesses)
      if (rho(g) > 0) {
        if (weighted_distance_t)
          mixed += rho(g) * weighted_distance_t->col(g);
        else
          mixed += rho(g) * W.row(g).transpose();
      }
    const RhoScan rb = scan_rho(z, mu, mixed, terms, in_cells, cells);
    best.box_bound = std::max(best.box_bound, rb.box);
    best.bound = std::max(best.bound, rb.shape);
    const bool new_cells = rb.new_cells;
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
    // The small LP over (cells, guesses): min over v in [0,1]^cells of max_g a_g.v, by the
    // dense simplex (lp::solve_box_minimax); GLPK where that reaches its pivot cap.
    const long k = static_cast<long>(cells.size());
    Matrix a(static_cast<long>(guesses.size()), k);
    for (size_t j = 0; j < guesses.size(); ++j)
      for (long i = 0; i < k; ++i) a(static_cast<long>(j), i) = z(cells[i]) - mu * W(guesses[j], cells[i]);
    const lp::BoxMinimax small = lp::solve_box_minimax(a, kSmallLpTolerance);
    if (small.solved) {
      absorb(small.v, small.rho);
    } else {
      const lp::Solution sol = lp::solve_lp(lp::box_minimax_lp(a, kSmallLpTolerance, seconds));
      // Stopped by the time limit (the budget's, spent): the bounds proven so far stand, as at
      // the iteration cap (a failure here had sent the whole request to the full LP).
      if (sol.status == lp::Status::kTimeLimit) break;
      if (sol.status != lp::Status::kOptimal) return std::nullopt;
      absorb(sol.x.head(k), sol.row_duals);
    }
    new_guess = !in_guesses[last_guess];
    if (new_guess) guesses.push_back(last_guess), in_guesses[last_guess] = 1;
  }
  if (start) {  // the guesses the last rho weighs
    start->guesses.clear(), start->weights.clear();
    for (long g : guesses)
      if (rho(g) > 0) start->guesses.push_back(g), start->weights.push_back(rho(g));
  }
  if (!best_cells.empty()) {
    best.v = Vector::Zero(n);
    for (size_t i = 0; i < best_cells.size(); ++i) best.v(best_cells[i]) = best_on_cells(static_cast<long>(i));
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
