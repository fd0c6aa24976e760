/**
 * @file box_minimax.cpp
 * @brief The dense bounded-variable primal simplex of box_minimax.h.
 *
 * Variables, in this order: v_0 .. v_{k-1} in [0, 1], y free, and a slack t_g >= 0 per row g,
 * with the rows y - (A v)_g - t_g = 0. The tableau T = B^{-1} M is kept whole (m rows of
 * k + 1 + m entries); nonbasic variables sit at a bound, and y, being free, never leaves the
 * basis once in it. Pricing is Dantzig's (the most negative reduced cost); after a run of
 * degenerate pivots it switches to Bland's smallest-index rule, which cannot cycle, until a
 * pivot makes progress again.
 */
#include "solvers/box_minimax.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

namespace privlab::lp {

namespace {
/// A pivot element smaller than this times its column's largest entry is not used.
constexpr double kRelativePivot = 1e-9;
std::atomic<long> pivot_cap{-1};  ///< testing::cap_box_minimax_pivots
}  // namespace

BoxMinimax solve_box_minimax(const Matrix& A, double tolerance) {
  const long m = A.rows(), k = A.cols(), width = k + 1 + m;
  const long y = k;
  const auto slack = [k](long g) { return k + 1 + g; };
  BoxMinimax out;
  out.v = Vector::Zero(k);
  out.rho = Vector::Zero(m);
  if (m == 0) return out;
  const double scale = std::max(A.size() > 0 ? A.cwiseAbs().maxCoeff() : 0.0, std::numeric_limits<double>::min());
  const double dj_tolerance = tolerance * scale;
  const auto upper = [&](long j) { return j < k ? 1.0 : kInf; };
  const auto lower = [&](long j) { return j == y ? -kInf : 0.0; };

  // The first basis at v = 0: y in row 0, t_g in row g >= 1 (every slack 0, so feasible).
  Matrix T = Matrix::Zero(m, width);
  T(0, y) = 1.0;
  T.row(0).head(k) = -A.row(0);
  T(0, slack(0)) = -1.0;
  for (long g = 1; g < m; ++g) {
    T.row(g).head(k) = A.row(g) - A.row(0);
    T(g, slack(g)) = 1.0;
    T(g, slack(0)) = -1.0;
  }
  std::vector<long> basis(static_cast<size_t>(m));
  std::vector<char> is_basic(static_cast<size_t>(width), 0), at_upper(static_cast<size_t>(width), 0);
  basis[0] = y, is_basic[static_cast<size_t>(y)] = 1;
  for (long g = 1; g < m; ++g) basis[static_cast<size_t>(g)] = slack(g), is_basic[static_cast<size_t>(slack(g))] = 1;
  Vector xb = Vector::Zero(m);  // the basic variables' values
  Vector reduced(width);

  const long max_pivots = pivot_cap.load() >= 0 ? pivot_cap.load() : 50 * width + 100;
  long degenerate_run = 0;
  for (;;) {
    // Reduced costs d_j = c_j - c_B^T T(:, j) with c = e_y: minus the row of y, which is row 0
    // throughout (y is basic there from the start and, being free, never leaves).
    reduced = -T.row(0).transpose();
    reduced(y) += 1.0;
    const bool bland = degenerate_run > 2 * width;
    long enter = -1;
    double best = 0;
    for (long j = 0; j < width; ++j) {
      if (is_basic[static_cast<size_t>(j)]) continue;
      // Improving: up from the lower bound with d < 0, down from the upper bound with d > 0.
      const double gain = at_upper[static_cast<size_t>(j)] ? reduced(j) : -reduced(j);
      if (gain <= dj_tolerance) continue;
      if (bland) {
        enter = j;
        break;
      }
      if (gain > best) best = gain, enter = j;
    }
    if (enter < 0) {
      out.solved = true;
      break;
    }
    if (out.pivots >= max_pivots) break;
    ++out.pivots;
    const double direction = at_upper[static_cast<size_t>(enter)] ? -1.0 : 1.0;
    // Ratio test: the entering variable's own range, then each basic variable's bound.
    double step = upper(enter) - lower(enter);
    long leave = -1;
    const double column_max = T.col(enter).cwiseAbs().maxCoeff();
    for (long r = 0; r < m; ++r) {
      const double rate = -T(r, enter) * direction;  // d x_B(r) / d step
      if (std::abs(T(r, enter)) <= kRelativePivot * column_max) continue;
      const long b = basis[static_cast<size_t>(r)];
      double limit = kInf;
      if (rate < 0 && lower(b) > -kInf) limit = std::max(0.0, (xb(r) - lower(b)) / -rate);
      if (rate > 0 && upper(b) < kInf) limit = std::max(0.0, (upper(b) - xb(r)) / rate);
      const bool better =
          limit < step ||
          (limit == step && leave >= 0 &&
           (bland ? b < basis[static_cast<size_t>(leave)] : std::abs(T(r, enter)) > std::abs(T(leave, enter))));
      if (better) step = limit, leave = r;
    }
    if (!(step < kInf)) break;  // unbounded: impossible with m >= 1 and a finite A
    degenerate_run = step > 0 ? 0 : degenerate_run + 1;
    xb -= T.col(enter) * (direction * step);
    if (leave < 0) {  // a bound flip: the entering variable crosses its box
      at_upper[static_cast<size_t>(enter)] = !at_upper[static_cast<size_t>(enter)];
      continue;
    }
    // Pivot: the leaving variable goes to the bound it reached, the entering one into row `leave`.
    const long left = basis[static_cast<size_t>(leave)];
    const double entering_value =
        (at_upper[static_cast<size_t>(enter)] ? upper(enter) : lower(enter)) + direction * step;
    // rate < 0: it fell to its lower bound; rate > 0: it rose to its upper bound (finite, or the
    // ratio test would not have picked it).
    at_upper[static_cast<size_t>(left)] = T(leave, enter) * direction > 0 ? 0 : 1;
    T.row(leave) /= T(leave, enter);
    for (long r = 0; r < m; ++r)
      if (r != leave && T(r, enter) != 0) T.row(r) -= T(r, enter) * T.row(leave);
    is_basic[static_cast<size_t>(left)] = 0;
    is_basic[static_cast<size_t>(enter)] = 1;
    at_upper[static_cast<size_t>(enter)] = 0;
    basis[static_cast<size_t>(leave)] = enter;
    xb(leave) = entering_value;
  }

  for (long i = 0; i < k; ++i) out.v(i) = at_upper[static_cast<size_t>(i)] ? 1.0 : 0.0;
  for (long r = 0; r < m; ++r)
    if (basis[static_cast<size_t>(r)] < k) out.v(basis[static_cast<size_t>(r)]) = std::clamp(xb(r), 0.0, 1.0);
  // The multiplier of row g is the reduced cost of its slack (0 while the slack is basic).
  double total = 0;
  for (long g = 0; g < m; ++g) {
    out.rho(g) = is_basic[static_cast<size_t>(slack(g))] ? 0.0 : std::max(0.0, reduced(slack(g)));
    total += out.rho(g);
  }
  if (total > 0)
    out.rho /= total;
  else
    out.rho(0) = 1.0;
  out.value = k > 0 ? (A * out.v).maxCoeff() : 0.0;
  return out;
}

LinearProgram box_minimax_lp(const Matrix& A, double tolerance, double seconds) {
  const long k = A.cols();
  LinearProgram prog;
  prog.objective = Vector::Zero(k + 1);
  prog.objective(k) = 1.0;
  prog.lower = Vector::Zero(k + 1);
  prog.upper = Vector::Ones(k + 1);
  prog.lower(k) = -kInf;
  prog.upper(k) = kInf;
  prog.time_limit = seconds;
  prog.tolerance = tolerance;
  for (long g = 0; g < A.rows(); ++g) {
    Row row;
    row.coeffs.emplace_back(static_cast<int>(k), 1.0);
    for (long i = 0; i < k; ++i)
      if (A(g, i) != 0) row.coeffs.emplace_back(static_cast<int>(i), -A(g, i));
    row.lower = 0.0;
    prog.rows.push_back(std::move(row));
  }
  return prog;
}

namespace testing {
void cap_box_minimax_pivots(long pivots) { pivot_cap = pivots; }
}  // namespace testing

}  // namespace privlab::lp
