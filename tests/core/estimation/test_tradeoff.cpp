// Tests of core/estimation/tradeoff.cpp: G against an LP of Definition 5, the sandwich of
// Theorem 2 around random mechanisms, Theorem 3's point, the perfect-privacy point.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "estimation/pics.h"
#include "estimation/tradeoff.h"
#include "solvers/lp.h"
#include "test_helpers.h"

using namespace privlab;
using namespace privlab::estimation;
using namespace privlab::estimation::testing;

namespace {
/// Definition 5 as an LP: max sum x_i s.t. sum_{i<=n} t_i x_i <= eps, 0 <= x <= 1.
double g_by_lp(const Vector& t, long m, double eps) {
  lp::LinearProgram p;
  p.maximize = true;
  p.objective = Vector::Ones(m);
  p.lower = Vector::Zero(m);
  p.upper = Vector::Ones(m);
  lp::Row row;
  for (long i = 0; i < t.size(); ++i) row.coeffs.emplace_back(i, t(i));
  row.upper = eps;
  p.add_row(row);
  return lp::solve_lp(p).objective;
}
}  // namespace

TEST_CASE("estimation/g_function: breakpoints agree with an LP of Definition 5") {
  const Vector t = (Vector(4) << 0.6, 0.0, 0.25, 0.1).finished();
  for (long m : {4L, 6L}) {
    const Breakpoints g = g_function(t, m);
    CHECK(g.front().second == doctest::Approx(1 + (m - 4)));  // one zero PIC + m - n free
    CHECK(g.back().first == doctest::Approx(t.sum()));
    CHECK(g.back().second == doctest::Approx(m));
    for (double eps = 0; eps <= t.sum(); eps += 0.0371) {
      CHECK(evaluate(g, eps) == doctest::Approx(g_by_lp(t, m, eps)).epsilon(1e-9));
      CHECK(g_value(t, m, eps) == doctest::Approx(g_by_lp(t, m, eps)).epsilon(1e-9));
    }
  }
}

TEST_CASE("estimation/upper_bound: random mechanisms lie under G and over nothing impossible") {
  std::mt19937_64 rng(2024);
  for (auto [ns, nx] : {std::pair{4L, 3L}, {3L, 5L}, {4L, 4L}}) {
    const Matrix j = random_joint(ns, nx, rng);
    const auto d = pic_decomposition(j);
    const Breakpoints up = upper_bound(d), simple = simple_bound(d);
    for (int trial = 0; trial < 40; ++trial) {
      const long ny = 2 + trial % 5;
      const Matrix q = random_channel(ny, nx, rng);
      const auto [cs, cx] = chi2_of_mechanism(j, q);
      CHECK(cs <= d.chi2() + 1e-12);                           // data processing
      CHECK(cx <= evaluate(up, cs) + 1e-9);                    // Theorem 2
      CHECK(evaluate(up, cs) <= evaluate(simple, cs) + 1e-9);  // G improves (12)
    }
  }
}

TEST_CASE("estimation/bounds: S = X makes upper and lower bound both eps (Section 3)") {
  const Vector p = (Vector(4) << 0.1, 0.2, 0.3, 0.4).finished();
  const auto d = pic_decomposition(Matrix(p.asDiagonal()));
  const auto up = upper_bound(d), lo = lower_bound(d);
  for (double eps : {0.0, 0.7, 1.9, 3.0}) {
    CHECK(evaluate(up, eps) == doctest::Approx(eps));
    CHECK(evaluate(lo, eps) == doctest::Approx(eps));
  }
}

TEST_CASE("estimation/theorem3_mapping: chi^2(X;Y) = P_Xmin, chi^2(S;Y) = P_Xmin lambda_min, on G") {
  std::mt19937_64 rng(99);
  for (auto [ns, nx] : {std::pair{3L, 3L}, {5L, 3L}, {4L, 2L}, {6L, 4L}}) {
    const Matrix j = random_joint(ns, nx, rng);
    const auto d = pic_decomposition(j);
    const auto t3 = theorem3_mapping(j, d);
    REQUIRE(t3.has_value());
    CHECK((t3->mechanism.array() >= -1e-15).all());
    CHECK((t3->mechanism.colwise().sum().array() - 1).abs().maxCoeff() < 1e-12);
    CHECK(t3->px_min == doctest::Approx(j.colwise().sum().minCoeff()));
    CHECK(t3->chi2_x == doctest::Approx(t3->px_min).epsilon(1e-10));
    CHECK(t3->chi2_s == doctest::Approx(t3->px_min * t3->lambda_min).epsilon(1e-9));
    // Corollary 2: rho_m(X;Y) = sqrt(P_Xmin), rho_m(S;Y) = sqrt(P_Xmin lambda_min).
    const Vector px = j.colwise().sum().transpose();
    CHECK(maximal_correlation(pic_decomposition(px.asDiagonal() * t3->mechanism.transpose())) ==
          doctest::Approx(std::sqrt(t3->px_min)).epsilon(1e-9));
    CHECK(maximal_correlation(pic_decomposition(j * t3->mechanism.transpose())) ==
          doctest::Approx(std::sqrt(t3->px_min * t3->lambda_min)).epsilon(1e-8));
    // The point (eps-hat, P_Xmin) lies on the upper bound: the bound is tight there.
    CHECK(evaluate(upper_bound(d), t3->chi2_s) == doctest::Approx(t3->chi2_x).epsilon(1e-8));
  }
  // delta = 0 (|X| > |S|): the theorem does not apply.
  const Matrix wide = random_joint(2, 4, rng);
  CHECK_FALSE(theorem3_mapping(wide, pic_decomposition(wide)).has_value());
}

TEST_CASE("estimation/perfect_privacy_point: delta = 0 gives chi^2(S;Y) = 0 and F(0) > 0") {
  std::mt19937_64 rng(5);
  const Matrix j = random_joint(2, 5, rng);
  const auto d = pic_decomposition(j);
  const auto pp = perfect_privacy_point(j, d);
  REQUIRE(pp.mechanism.has_value());
  const auto [cs, cx] = chi2_of_mechanism(j, *pp.mechanism);
  CHECK(std::abs(cs) < 1e-12);
  CHECK(cx == doctest::Approx(pp.f0_lower).epsilon(1e-10));
  CHECK(pp.f0_lower >= j.colwise().sum().minCoeff() - 1e-12);  // at least Theorem 3's scale
  // eq. (14) with this F(0) lies above Theorem 2's lower bound and below G.
  const auto lo14 = lower_bound_eq14(d, pp.f0_lower);
  for (double eps = 0; eps <= d.chi2(); eps += d.chi2() / 7) {
    CHECK(evaluate(lo14, eps) >= evaluate(lower_bound(d), eps) - 1e-12);
    CHECK(evaluate(lo14, eps) <= evaluate(upper_bound(d), eps) + 1e-12);
  }
  const Matrix tall = random_joint(4, 3, rng);
  CHECK_FALSE(perfect_privacy_point(tall, pic_decomposition(tall)).mechanism.has_value());
}

TEST_CASE("estimation/surely_full_column_rank: only when the SVD of P_{X|S} finds full rank") {
  // The shortcut of perfect_privacy_point against its SVD (the rank test as there): seeded joints
  // of full rank, tall and wide, with a zero row or column, with a repeated X column (exact null
  // space), and with one entry of a repeated column moved by 1e-2 ... 1e-12 (the threshold from
  // either side). Whenever the shortcut says full rank, the SVD counts |X| non-zero singular
  // values and perfect_privacy_point has no mapping.
  std::mt19937_64 rng(29);
  long shortcut = 0, svd = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const long ns = 1 + static_cast<long>(rng() % 12), nx = 1 + static_cast<long>(rng() % 12);
    Matrix j = random_joint(ns, nx, rng);
    const int kind = trial % 5;
    if (kind == 1 && ns > 1) j.row(static_cast<long>(rng() % ns)).setZero();
    if (kind == 2 && nx > 1) j.col(static_cast<long>(rng() % nx)).setZero();
    if (kind >= 3 && nx > 1) {
      const long a = static_cast<long>(rng() % nx), b = (a + 1) % nx;
      j.col(b) = j.col(a) * (0.5 + random::uniform01(rng));
      if (kind == 4) j(static_cast<long>(rng() % ns), b) *= 1 + std::pow(10.0, -2.0 - (trial / 5) % 11);
    }
    j /= j.sum();
    const auto d = pic_decomposition(j);
    CAPTURE(trial);
    if (!surely_full_column_rank(d)) {
      ++svd;
      continue;
    }
    ++shortcut;
    std::vector<long> ss, sx;  // P_{X|S} on the support: zero rows and columns dropped
    for (long s = 0; s < d.pu.size(); ++s)
      if (d.pu(s) > 0) ss.push_back(s);
    for (long x = 0; x < d.pv.size(); ++x)
      if (d.pv(x) > 0) sx.push_back(x);
    Matrix a = j(ss, sx);
    for (std::size_t i = 0; i < ss.size(); ++i) a.row(static_cast<long>(i)) /= d.pu(ss[i]);
    const Eigen::JacobiSVD<Matrix> values(a);
    const Vector& sv = values.singularValues();
    const double tol = 1e-9 * std::max(1.0, sv(0));
    CHECK((sv.array() > tol).count() == (d.pv.array() > 0).count());
    CHECK_FALSE(perfect_privacy_point(j, d).mechanism.has_value());
  }
  CHECK(shortcut > 50);  // both paths are taken often enough to be compared
  CHECK(svd > 50);
}

TEST_CASE("estimation/concave_hull: keeps the upper envelope") {
  const auto h = concave_hull({{0, 0}, {1, 2}, {2, 2.6}, {0.5, 0.4}, {3, 3}, {2, 1}});
  REQUIRE(h.size() == 4);
  CHECK(h[1].first == 1);
  CHECK(h[2].first == 2);
  CHECK(h[2].second == 2.6);
  CHECK(evaluate(h, 0.5) == doctest::Approx(1.0));
}
