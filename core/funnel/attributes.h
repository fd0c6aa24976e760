/**
 * @file attributes.h
 * @brief Several attributes X = (X^1..X^m) [funnel Section VI]: mixed-radix coding, the
 *        per-attribute polytope of (23)-(26, corrected) and the product protocol.
 *
 * ERRATUM (docs/errata.md): Theorem 4 (the product of such protocols is sum_j eps^j-SRLIP) is
 * FALSE when attributes are dependent given S (proof step (39)). The product built here is
 * therefore never certified: its SRLIP is measured from (22) (protocol_metrics.h) and reported
 * next to the target, which it can exceed.
 */
#pragma once
#include <vector>

#include "common/linalg.h"
#include "solvers/vertex_enum.h"

namespace privlab::funnel {

/// The digits [x][j] of every x in 0..prod(sizes)-1 in mixed radix (last attribute fastest).
std::vector<std::vector<long>> all_digits(const std::vector<long>& sizes);

/// Marginal joint p(s, x^j) [s][x^j] of attribute j (mixed radix, last attribute fastest).
Matrix attribute_joint(const Matrix& joint, const std::vector<long>& sizes, long j);

/**
 * The polytope of (23)-(26) for attribute j at level eps_j (the paper uses eps/m), variables
 * Q^j_{y|x} at y*a_j + x: (23) column sums 1, (24) Q^j >= 0, and for every J subset of the
 * other attributes, x^J with P(x^J) > 0, s with P(s, x^J) > 0 and y:
 * ERRATUM (docs/errata.md): (25)/(26) print identical sides; the intended constraint is
 *   e^{-eps_j} (Q^j p_{X^j|x^J})_y <= (Q^j p_{X^j|s,x^J})_y <= e^{eps_j} (Q^j p_{X^j|x^J})_y.
 */
vertex_enum::Polyhedron attribute_polytope(const Matrix& joint, const std::vector<long>& sizes, long j, double eps_j);

struct AttributeProduct {
  std::vector<Matrix> parts;   ///< Q^j, the best vertex of each polytope for I(X^j; Y^j)
  std::vector<long> vertices;  ///< vertices enumerated per attribute
  Matrix mechanism;            ///< prod_j Q^j over X (outputs mixed radix, last fastest)
};

/// Section VI: optimal Q^j for each attribute at eps/m and their product.
AttributeProduct attribute_product(const Matrix& joint, const std::vector<long>& sizes, double epsilon,
                                   long max_vertices = 200000);

/// Kronecker product of per-attribute protocols in mixed radix (first factor slowest).
Matrix product_protocol(const std::vector<Matrix>& parts);

}  // namespace privlab::funnel
