/**
 * @file vertex_enum.h
 * @brief Vertex enumeration of a polytope {x : A x <= b, some rows equalities} with cddlib.
 *        solvers/vertex_enum.cpp is the only file that sees cddlib.
 *
 * cddlib runs in floating point (the WASM build has no GMP), so every vertex it reports is
 * verified here: feasible to `tol`, and the constraints tight at it have full rank d. Vertices
 * closer than `tol` (max-norm, relative) are merged. Spurious near-vertices from rounding
 * therefore collapse onto real ones or are rejected.
 */
#pragma once
#include <vector>

#include "common/linalg.h"

namespace privlab::vertex_enum {

struct Polyhedron {
  Matrix a;                    ///< m x d
  Vector b;                    ///< m
  std::vector<bool> equality;  ///< m flags (empty = all inequalities)
};

struct Result {
  Matrix vertices;    ///< one vertex per row (k x d), deduplicated and verified
  long rays = 0;      ///< rays/lines cddlib reported (non-zero: the set is unbounded)
  long rejected = 0;  ///< reported points that failed verification
  long merged = 0;    ///< reported points merged into an equal vertex
};

/**
 * Collects rows a x <= b (or = b) and builds a Polyhedron with every row scaled to unit max-norm:
 * cddlib runs in floating point, and balanced rows keep it from reporting spurious vertices.
 */
class PolyhedronBuilder {
 public:
  void add(const Eigen::RowVectorXd& row, double rhs, bool equality = false);
  Polyhedron build() const;

 private:
  std::vector<Eigen::RowVectorXd> rows_;
  std::vector<double> rhs_;
  std::vector<bool> equality_;
};

/**
 * Enumerates the vertices. Throws solver_failure("vertex_enumeration_failed") when cddlib
 * fails, and solver_failure("too_many_vertices") past max_vertices.
 */
Result enumerate_vertices(const Polyhedron& poly, double tol = 1e-9, long max_vertices = 200000);

/// Rank of the rows of `a` tight at x (|a_i x - b_i| <= tol), counting equalities always.
long tight_rank(const Polyhedron& poly, const Vector& x, double tol);

}  // namespace privlab::vertex_enum
