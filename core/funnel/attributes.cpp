/**
 * @file attributes.cpp
 * @brief Per-attribute polytopes (23)-(26, corrected), their best vertices, the product protocol.
 */
#include "funnel/attributes.h"

#include <cmath>
#include <set>

#include "common/error.h"
#include "funnel/optimal_ldp.h"
#include "funnel/protocol_metrics.h"
#include "funnel/vertex_polish.h"
#include "metrics/information.h"

namespace privlab::funnel {

std::vector<std::vector<long>> all_digits(const std::vector<long>& sizes) {
  long a = 1;
  for (long n : sizes) a *= n;
  const long m = static_cast<long>(sizes.size());
  std::vector<std::vector<long>> digits(static_cast<std::size_t>(a), std::vector<long>(m));
  for (long x = 0; x < a; ++x) {
    long rest = x;
    for (long j = m - 1; j >= 0; --j) {
      digits[x][j] = rest % sizes[j];
      rest /= sizes[j];
    }
  }
  return digits;
}

Matrix attribute_joint(const Matrix& joint, const std::vector<long>& sizes, long j) {
  const auto digits = all_digits(sizes);
  Matrix out = Matrix::Zero(joint.rows(), sizes[j]);
  for (long x = 0; x < joint.cols(); ++x) out.col(digits[x][j]) += joint.col(x);
  return out;
}

vertex_enum::Polyhedron attribute_polytope(const Matrix& joint, const std::vector<long>& sizes, long j, double eps_j) {
  const long m = static_cast<long>(sizes.size()), aj = sizes[j], c = joint.rows();
  const long d = aj * aj;
  const auto digits = all_digits(sizes);
  const Vector pj = x_marginal(attribute_joint(joint, sizes, j));
  vertex_enum::PolyhedronBuilder builder;
  std::set<std::vector<long long>> seen;
  auto add = [&](const Eigen::RowVectorXd& r, double b, bool equality) {
    if (!equality) {  // skip vacuous and repeated rows (many x^J give the same conditionals)
      const double scale = r.cwiseAbs().maxCoeff();
      if (scale <= 1e-15) return;
      std::vector<long long> key;
      for (long i = 0; i < r.size(); ++i) key.push_back(std::llround(r(i) / scale * 1e12));
      if (!seen.insert(key).second) return;
    }
    builder.add(r, b, equality);
  };
  for (long x = 0; x < aj; ++x) {  // (23)
    Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(d);
    for (long y = 0; y < aj; ++y) r(y * aj + x) = 1;
    add(r, 1.0, true);
  }
  for (long y = 0; y < aj; ++y)  // (24); unused x^j fixed to output 0
    for (long x = 0; x < aj; ++x) {
      Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(d);
      r(y * aj + x) = -1;
      add(r, 0.0, pj(x) <= 0 && y > 0);
    }
  const double up = std::exp(eps_j), down = std::exp(-eps_j);
  for (long mask = 0; mask < (1L << m); ++mask) {
    if (mask >> j & 1) continue;  // J ranges over subsets of the other attributes
    std::vector<long> in_j;
    long cells = 1;
    for (long k = 0; k < m; ++k)
      if (mask >> k & 1) {
        in_j.push_back(k);
        cells *= sizes[k];
      }
    // p(s, x^j, x^J) as [cell][s][x^j]
    std::vector<Matrix> cell(static_cast<std::size_t>(cells), Matrix::Zero(c, aj));
    for (long x = 0; x < joint.cols(); ++x) {
      long id = 0;
      for (long k : in_j) id = id * sizes[k] + digits[x][k];
      cell[id].col(digits[x][j]) += joint.col(x);
    }
    for (const Matrix& p : cell) {
      const double total = p.sum();
      if (total <= 0) continue;
      const Eigen::RowVectorXd given_cell = p.colwise().sum() / total;  // p_{X^j | x^J}
      for (long s = 0; s < c; ++s) {
        const double ps = p.row(s).sum();
        if (ps <= 0) continue;
        const Eigen::RowVectorXd given_s = p.row(s) / ps;  // p_{X^j | s, x^J}
        for (long y = 0; y < aj; ++y) {
          Eigen::RowVectorXd upper = Eigen::RowVectorXd::Zero(d), lower = upper;
          for (long x = 0; x < aj; ++x) {
            upper(y * aj + x) = given_s(x) - up * given_cell(x);
            lower(y * aj + x) = down * given_cell(x) - given_s(x);
          }
          add(upper, 0.0, false);
          add(lower, 0.0, false);
        }
      }
    }
  }
  return builder.build();  // rows scaled to unit max-norm for cddlib
}

Matrix product_protocol(const std::vector<Matrix>& parts) {
  Matrix out = Matrix::Ones(1, 1);
  for (const Matrix& q : parts) {
    Matrix next(out.rows() * q.rows(), out.cols() * q.cols());
    for (long y = 0; y < out.rows(); ++y)
      for (long x = 0; x < out.cols(); ++x) next.block(y * q.rows(), x * q.cols(), q.rows(), q.cols()) = out(y, x) * q;
    out = next;
  }
  return out;
}

AttributeProduct attribute_product(const Matrix& joint, const std::vector<long>& sizes, double epsilon,
                                   long max_vertices) {
  const long m = static_cast<long>(sizes.size());
  AttributeProduct out;
  for (long j = 0; j < m; ++j) {
    const long aj = sizes[j];
    const vertex_enum::Polyhedron poly = attribute_polytope(joint, sizes, j, epsilon / m);
    const vertex_enum::Result r = enumerate_robust(poly, 1e-9, max_vertices);
    if (r.vertices.rows() == 0)
      solver_failure("empty_polytope", "the polytope (23)-(26) of an attribute has no vertices");
    const Vector pj = x_marginal(attribute_joint(joint, sizes, j));
    long best = 0;
    double best_value = -1;
    Matrix q(aj, aj);
    for (long i = 0; i < r.vertices.rows(); ++i) {
      for (long y = 0; y < aj; ++y)
        for (long x = 0; x < aj; ++x) q(y, x) = r.vertices(i, y * aj + x);
      const double value = metrics::mutual_information(pj, q.cwiseMax(0.0));
      if (value > best_value + 1e-12) {
        best_value = value;
        best = i;
      }
    }
    const Vector v = polish_vertex(poly, r.vertices.row(best).transpose());
    for (long y = 0; y < aj; ++y)
      for (long x = 0; x < aj; ++x) q(y, x) = v(y * aj + x);
    out.parts.push_back(drop_empty_outputs(q));
    out.vertices.push_back(r.vertices.rows());
  }
  out.mechanism = product_protocol(out.parts);
  return out;
}

}  // namespace privlab::funnel
