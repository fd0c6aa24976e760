/**
 * @file search.h
 * @brief One-dimensional searches shared by the rldp algorithms (header-only, pure).
 */
#pragma once
#include <cmath>
#include <utility>

namespace privlab::rldp::search {

/**
 * Maximises f on [lo, hi]: a grid of `grid` + 1 points, then golden-section refinement in the
 * two grid cells around the best point. Exact (to ~1e-12 of the interval) for unimodal
 * (quasi-concave) f; for other f it returns the best point found. Returns {argmax, max}.
 */
template <class F>
std::pair<double, double> maximize(F f, double lo, double hi, int grid = 16, int iters = 60) {
  double best_x = lo, best_f = f(lo);
  for (int i = 1; i <= grid; ++i) {
    const double x = lo + (hi - lo) * i / grid;
    const double fx = f(x);
    if (fx > best_f) {
      best_f = fx;
      best_x = x;
    }
  }
  const double cell = (hi - lo) / grid;
  double a = std::max(lo, best_x - cell), b = std::min(hi, best_x + cell);
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  double x1 = b - g * (b - a), x2 = a + g * (b - a);
  double f1 = f(x1), f2 = f(x2);
  for (int k = 0; k < iters && b - a > 1e-15 * (1.0 + std::abs(a)); ++k) {
    if (f1 >= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - g * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + g * (b - a);
      f2 = f(x2);
    }
  }
  if (f1 > best_f) {
    best_f = f1;
    best_x = x1;
  }
  if (f2 > best_f) {
    best_f = f2;
    best_x = x2;
  }
  return {best_x, best_f};
}

/// Bisection for an increasing predicate on [lo, hi]: returns {last x with !pred, first with pred}.
template <class P>
std::pair<double, double> bisect(P pred, double lo, double hi, int iters = 100) {
  for (int k = 0; k < iters; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (pred(mid))
      hi = mid;
    else
      lo = mid;
  }
  return {lo, hi};
}

}  // namespace privlab::rldp::search
