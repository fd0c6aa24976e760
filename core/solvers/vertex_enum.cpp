/**
 * @file vertex_enum.cpp
 * @brief cddlib (floating point) double-description vertex enumeration with verification.
 */
#include "solvers/vertex_enum.h"

extern "C" {
#include <setoper.h>
#include <cdd.h>
}

#include <algorithm>
#include <mutex>

#include "common/error.h"

namespace privlab::vertex_enum {

namespace {
/// cddlib keeps global state during the double description: calls from the CLI's --jobs threads
/// (cli/unit_pool.cpp) run one at a time. (GLPK keeps its state thread-local.)
std::mutex cdd_mutex;

void ensure_cdd_initialised() {
  static std::once_flag once;
  std::call_once(once, [] { dd_set_global_constants(); });
}

struct CddMatrix {
  dd_MatrixPtr ptr = nullptr;
  ~CddMatrix() {
    if (ptr) dd_FreeMatrix(ptr);
  }
};
struct CddPolyhedra {
  dd_PolyhedraPtr ptr = nullptr;
  ~CddPolyhedra() {
    if (ptr) dd_FreePolyhedra(ptr);
  }
};

bool is_equality(const Polyhedron& poly, long i) {
  return !poly.equality.empty() && poly.equality[static_cast<std::size_t>(i)];
}

bool feasible(const Polyhedron& poly, const Vector& x, double tol) {
  const Vector slack = poly.b - poly.a * x;
  for (long i = 0; i < slack.size(); ++i) {
    const double scale = 1.0 + std::abs(poly.b(i)) + poly.a.row(i).cwiseAbs().dot(x.cwiseAbs());
    if (slack(i) < -tol * scale) return false;
    if (is_equality(poly, i) && std::abs(slack(i)) > tol * scale) return false;
  }
  return true;
}
}  // namespace

void PolyhedronBuilder::add(const Eigen::RowVectorXd& row, double rhs, bool equality) {
  rows_.push_back(row);
  rhs_.push_back(rhs);
  equality_.push_back(equality);
}

Polyhedron PolyhedronBuilder::build() const {
  Polyhedron poly;
  const long d = rows_.empty() ? 0 : rows_.front().size();
  poly.a.resize(static_cast<long>(rows_.size()), d);
  poly.b.resize(static_cast<long>(rows_.size()));
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const double norm = rows_[i].cwiseAbs().maxCoeff();
    const double scale = norm > 0 ? norm : 1.0;
    poly.a.row(static_cast<long>(i)) = rows_[i] / scale;
    poly.b(static_cast<long>(i)) = rhs_[i] / scale;
  }
  poly.equality = equality_;
  return poly;
}

long tight_rank(const Polyhedron& poly, const Vector& x, double tol) {
  std::vector<long> tight;
  const Vector slack = poly.b - poly.a * x;
  for (long i = 0; i < slack.size(); ++i) {
    const double scale = 1.0 + std::abs(poly.b(i)) + poly.a.row(i).cwiseAbs().dot(x.cwiseAbs());
    if (is_equality(poly, i) || std::abs(slack(i)) <= tol * scale) tight.push_back(i);
  }
  if (tight.empty()) return 0;
  Matrix t(static_cast<long>(tight.size()), poly.a.cols());
  for (std::size_t k = 0; k < tight.size(); ++k) {
    const Eigen::RowVectorXd row = poly.a.row(tight[k]);
    const double norm = row.norm();
    t.row(static_cast<long>(k)) = norm > 0 ? Eigen::RowVectorXd(row / norm) : row;
  }
  Eigen::ColPivHouseholderQR<Matrix> qr(t);
  qr.setThreshold(1e-7);
  return qr.rank();
}

Result enumerate_vertices(const Polyhedron& poly, double tol, long max_vertices) {
  const std::lock_guard<std::mutex> lock(cdd_mutex);  // declared first: released after the cdd objects
  ensure_cdd_initialised();
  const long m = poly.a.rows(), d = poly.a.cols();
  CddMatrix h;
  h.ptr = dd_CreateMatrix(m, d + 1);
  h.ptr->representation = dd_Inequality;
  h.ptr->numbtype = dd_Real;
  for (long i = 0; i < m; ++i) {  // cdd row [b, -A] means b - A x >= 0
    dd_set_d(h.ptr->matrix[i][0], poly.b(i));
    for (long j = 0; j < d; ++j) dd_set_d(h.ptr->matrix[i][j + 1], -poly.a(i, j));
    if (is_equality(poly, i)) set_addelem(h.ptr->linset, i + 1);
  }
  dd_ErrorType err = dd_NoError;
  CddPolyhedra p;
  p.ptr = dd_DDMatrix2Poly(h.ptr, &err);
  if (err != dd_NoError || !p.ptr)
    solver_failure("vertex_enumeration_failed", "cddlib could not enumerate the vertices");
  CddMatrix g;
  g.ptr = dd_CopyGenerators(p.ptr);

  Result result;
  struct Kept {
    Vector x;
    double radius;  ///< tol * 100 (1 + max_j |x_j|): a generator this close is the same vertex
  };
  std::vector<Kept> kept;
  for (long r = 0; r < g.ptr->rowsize; ++r) {
    const double kind = dd_get_d(g.ptr->matrix[r][0]);
    if (std::abs(kind) < 0.5) {
      ++result.rays;
      continue;
    }
    Vector x(d);
    for (long j = 0; j < d; ++j) x(j) = dd_get_d(g.ptr->matrix[r][j + 1]) / kind;
    if (!feasible(poly, x, tol * 100) || tight_rank(poly, x, tol * 100) < d) {
      ++result.rejected;
      continue;
    }
    // A duplicate of a kept v: max_j |v_j - x_j| <= v's radius. Tested coordinate by coordinate
    // with an early exit (most pairs differ in the first ones): the same verdict as the full
    // maximum, without (|kept| d) work per generator (issue 29: a third of opt-LIP's time in
    // WebAssembly, where Eigen's reductions run without SIMD).
    const bool duplicate = std::any_of(kept.begin(), kept.end(), [&](const Kept& v) {
      for (long j = 0; j < d; ++j)
        if (!(std::abs(v.x(j) - x(j)) <= v.radius)) return false;
      return true;
    });
    if (duplicate) {
      ++result.merged;
      continue;
    }
    kept.push_back({x, tol * 100 * (1.0 + x.cwiseAbs().maxCoeff())});
    if (static_cast<long>(kept.size()) > max_vertices)
      solver_failure("too_many_vertices", "the polytope has more than " + std::to_string(max_vertices) + " vertices");
  }
  result.vertices.resize(static_cast<long>(kept.size()), d);
  for (std::size_t k = 0; k < kept.size(); ++k) result.vertices.row(static_cast<long>(k)) = kept[k].x;
  return result;
}

}  // namespace privlab::vertex_enum
