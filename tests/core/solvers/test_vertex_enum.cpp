// Tests of core/solvers/vertex_enum.cpp on polytopes whose vertices are known.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "solvers/vertex_enum.h"

using namespace privlab;

namespace {
std::set<std::vector<long>> rounded(const Matrix& v) {
  std::set<std::vector<long>> out;
  for (long r = 0; r < v.rows(); ++r) {
    std::vector<long> row;
    for (long c = 0; c < v.cols(); ++c) row.push_back(std::lround(v(r, c) * 1e6));
    out.insert(row);
  }
  return out;
}
}  // namespace

TEST_CASE("solvers/vertex_enum: unit cube has 8 vertices") {
  vertex_enum::Polyhedron cube;
  cube.a = Matrix::Zero(6, 3);
  cube.b = Vector::Zero(6);
  for (long j = 0; j < 3; ++j) {
    cube.a(2 * j, j) = 1;
    cube.b(2 * j) = 1;          // x_j <= 1
    cube.a(2 * j + 1, j) = -1;  // -x_j <= 0
  }
  const auto r = vertex_enum::enumerate_vertices(cube);
  CHECK(r.vertices.rows() == 8);
  CHECK(r.rays == 0);
  for (long k = 0; k < 8; ++k)
    for (long j = 0; j < 3; ++j)
      CHECK((r.vertices(k, j) == doctest::Approx(0) || r.vertices(k, j) == doctest::Approx(1)));
}

TEST_CASE("solvers/vertex_enum: probability simplex via an equality row") {
  // x >= 0, sum x = 1 in R^4: vertices are the unit vectors.
  vertex_enum::Polyhedron simplex;
  simplex.a = Matrix::Zero(5, 4);
  simplex.b = Vector::Zero(5);
  simplex.a.topRows(4) = -Matrix::Identity(4, 4);
  simplex.a.row(4).setOnes();
  simplex.b(4) = 1;
  simplex.equality = {false, false, false, false, true};
  const auto r = vertex_enum::enumerate_vertices(simplex);
  CHECK(rounded(r.vertices) == rounded(Matrix::Identity(4, 4)));
}

TEST_CASE("solvers/vertex_enum: redundant and repeated constraints give no spurious vertices") {
  // The square [0,1]^2 described with each facet three times, slightly rescaled.
  vertex_enum::Polyhedron sq;
  sq.a = Matrix::Zero(12, 2);
  sq.b = Vector::Zero(12);
  long i = 0;
  for (double scale : {1.0, 3.0, 0.1})
    for (long j = 0; j < 2; ++j) {
      sq.a(i, j) = scale;
      sq.b(i) = scale;
      ++i;
      sq.a(i, j) = -scale;
      ++i;
    }
  const auto r = vertex_enum::enumerate_vertices(sq);
  CHECK(r.vertices.rows() == 4);
}

TEST_CASE("solvers/vertex_enum: every vertex of a random polytope is feasible and tight") {
  std::mt19937 rng(3);
  std::normal_distribution<double> gauss;
  vertex_enum::Polyhedron p;
  const long m = 20, d = 3;
  p.a = Matrix::NullaryExpr(m, d, [&] { return gauss(rng); });
  p.b = Vector::Ones(m);  // contains the origin in its interior; bounded with high probability
  const auto r = vertex_enum::enumerate_vertices(p);
  REQUIRE(r.vertices.rows() >= d + 1);
  for (long k = 0; k < r.vertices.rows(); ++k) {
    const Vector x = r.vertices.row(k).transpose();
    CHECK((p.a * x - p.b).maxCoeff() <= 1e-7);
    CHECK(vertex_enum::tight_rank(p, x, 1e-7) == d);
  }
}
