/**
 * @file vertex_polish.cpp
 * @brief Active-set re-solve of a vertex (see vertex_polish.h).
 */
#include "funnel/vertex_polish.h"

#include <cmath>
#include <vector>

#include "common/error.h"

namespace privlab::funnel {

namespace {
bool is_eq(const vertex_enum::Polyhedron& poly, long i) {
  return !poly.equality.empty() && poly.equality[static_cast<std::size_t>(i)];
}

/// Largest violation of A x <= b (and of the equalities), scaled like vertex_enum's check.
double violation(const vertex_enum::Polyhedron& poly, const Vector& x) {
  const Vector slack = poly.b - poly.a * x;
  double worst = 0;
  for (long i = 0; i < slack.size(); ++i) {
    const double v = is_eq(poly, i) ? std::abs(slack(i)) : std::max(0.0, -slack(i));
    worst = std::max(worst, v);
  }
  return worst;
}
}  // namespace

vertex_enum::Result enumerate_robust(const vertex_enum::Polyhedron& poly, double tol, long max_vertices) {
  try {
    return vertex_enum::enumerate_vertices(poly, tol, max_vertices);
  } catch (const Error& e) {
    if (e.code() != "vertex_enumeration_failed") throw;
  }
  vertex_enum::Polyhedron split;
  const long n = poly.a.rows();
  long extra = 0;
  for (long i = 0; i < n; ++i) extra += is_eq(poly, i) ? 1 : 0;
  split.a.resize(n + extra, poly.a.cols());
  split.b.resize(n + extra);
  long k = n;
  for (long i = 0; i < n; ++i) {
    split.a.row(i) = poly.a.row(i);
    split.b(i) = poly.b(i);
    if (is_eq(poly, i)) {
      split.a.row(k) = -poly.a.row(i);
      split.b(k++) = -poly.b(i);
    }
  }
  return vertex_enum::enumerate_vertices(split, tol, max_vertices);
}

Vector polish_vertex(const vertex_enum::Polyhedron& poly, const Vector& x, double tol) {
  const Vector slack = poly.b - poly.a * x;
  std::vector<long> tight;
  for (long i = 0; i < slack.size(); ++i) {
    const double scale = 1.0 + std::abs(poly.b(i)) + poly.a.row(i).cwiseAbs().dot(x.cwiseAbs());
    if (is_eq(poly, i) || std::abs(slack(i)) <= tol * scale) tight.push_back(i);
  }
  Matrix a(static_cast<long>(tight.size()), poly.a.cols());
  Vector b(static_cast<long>(tight.size()));
  for (std::size_t k = 0; k < tight.size(); ++k) {
    a.row(static_cast<long>(k)) = poly.a.row(tight[k]);
    b(static_cast<long>(k)) = poly.b(tight[k]);
  }
  Eigen::ColPivHouseholderQR<Matrix> qr(a);
  qr.setThreshold(1e-9);
  if (qr.rank() < poly.a.cols()) return x;
  Vector polished = qr.solve(b);
  for (long i = 0; i < polished.size(); ++i)
    if (std::abs(polished(i)) < 1e-13) polished(i) = 0;
  if (!polished.allFinite() || violation(poly, polished) > violation(poly, x) + 1e-15) return x;
  return polished;
}

}  // namespace privlab::funnel
