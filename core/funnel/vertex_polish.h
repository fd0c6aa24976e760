/**
 * @file vertex_polish.h
 * @brief Re-solves a vertex from its active constraints so that zero entries are exactly zero
 *        and ratios of small entries (which LDP/LIP read) are accurate; a retrying enumeration.
 *
 * cddlib works in floating point: a reported vertex is feasible to ~1e-9, which is fine for the
 * utility but not for privacy ratios between entries of size ~1e-8. Polishing solves
 * A_T x = b_T on the tight set T (least squares, full rank d at a verified vertex) and snaps
 * |x_i| < 1e-13 to 0. (Candidate for core/solvers/vertex_enum.)
 */
#pragma once
#include "common/linalg.h"
#include "solvers/vertex_enum.h"

namespace privlab::funnel {

/**
 * vertex_enum::enumerate_vertices, retried once with every equality row split into two opposite
 * inequalities when cddlib's floating-point run fails (seen on some (23)-(26) polytopes: the
 * split form goes through, with the same verified vertices).
 */
vertex_enum::Result enumerate_robust(const vertex_enum::Polyhedron& poly, double tol, long max_vertices);

/// The polished vertex, or x unchanged when the polished point is less feasible than x.
Vector polish_vertex(const vertex_enum::Polyhedron& poly, const Vector& x, double tol = 1e-7);

}  // namespace privlab::funnel
