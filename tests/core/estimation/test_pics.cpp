// Tests of core/estimation/pics.cpp: closed-form PICs (BSC, q-ary symmetric channel of
// Example 2, n-bit BSC of Example 3), chi^2 = sum of PICs, principal functions, MMSE decomposition.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "estimation/pics.h"
#include "test_helpers.h"

using namespace privlab;
using namespace privlab::estimation;
using namespace privlab::estimation::testing;

TEST_CASE("estimation/pic_decomposition: binary channel PIC is the squared phi coefficient") {
  // For a 2x2 joint the single PIC is the squared Pearson correlation of the two bits.
  for (double pi1 : {0.5, 0.3, 0.85})
    for (double e : {0.0, 0.1, 0.37}) {
      const Matrix j = joint_of((Vector(2) << 1 - pi1, pi1).finished(), bsc(e));
      const double num = j(0, 0) * j(1, 1) - j(0, 1) * j(1, 0);
      const double phi2 = num * num / (j.row(0).sum() * j.row(1).sum() * j.col(0).sum() * j.col(1).sum());
      const auto d = pic_decomposition(j);
      REQUIRE(d.pics.size() == 1);
      CHECK(d.pics(0) == doctest::Approx(phi2).epsilon(1e-12));
      if (pi1 == 0.5) CHECK(d.pics(0) == doctest::Approx(std::pow(1 - 2 * e, 2)).epsilon(1e-12));
      CHECK(chi_square_information(j) == doctest::Approx(d.chi2()).epsilon(1e-12));
    }
}

TEST_CASE("estimation/pic_decomposition: q-ary symmetric channel (Example 2) has PICs (1-eps)^2") {
  for (long q : {2L, 3L, 5L, 8L})
    for (double eps : {0.1, 0.5, 0.9}) {
      const Matrix j = joint_of(Vector::Constant(q, 1.0 / q), qary_channel(q, eps));
      const auto d = pic_decomposition(j);
      REQUIRE(d.pics.size() == q - 1);
      for (long k = 0; k < q - 1; ++k) CHECK(d.pics(k) == doctest::Approx((1 - eps) * (1 - eps)).epsilon(1e-10));
      CHECK(chi_square_information(j) == doctest::Approx((q - 1) * (1 - eps) * (1 - eps)));
      CHECK(maximal_correlation(d) == doctest::Approx(1 - eps));
    }
}

TEST_CASE("estimation/pic_decomposition: n-bit BSC (Example 3) has PICs (1-2e)^(2|S|)") {
  const long n = 3;
  const double e = 0.1;
  Matrix w = Matrix::Ones(1, 1);
  for (long i = 0; i < n; ++i) {  // Kronecker power of the BSC
    const Matrix b = bsc(e);
    Matrix k(w.rows() * 2, w.cols() * 2);
    for (long r = 0; r < w.rows(); ++r)
      for (long c = 0; c < w.cols(); ++c) k.block(2 * r, 2 * c, 2, 2) = w(r, c) * b;
    w = k;
  }
  const auto d = pic_decomposition(joint_of(Vector::Constant(8, 1.0 / 8), w));
  std::vector<double> expect;
  for (long mask = 1; mask < 8; ++mask) expect.push_back(std::pow(1 - 2 * e, 2 * __builtin_popcountl(mask)));
  std::sort(expect.rbegin(), expect.rend());
  for (long k = 0; k < 7; ++k) CHECK(d.pics(k) == doctest::Approx(expect[k]).epsilon(1e-10));
}

TEST_CASE("estimation/pic_decomposition: chi^2 = sum of PICs, orthonormal principal functions") {
  std::mt19937_64 rng(7);
  for (auto [r, c] : {std::pair{2L, 5L}, {5L, 2L}, {4L, 4L}, {6L, 3L}, {3L, 7L}}) {
    const Matrix j = random_joint(r, c, rng);
    const auto d = pic_decomposition(j);
    CHECK(d.pics.size() == std::min(r, c) - 1);
    CHECK(chi_square_information(j) == doctest::Approx(d.chi2()).epsilon(1e-10));
    for (long k = 0; k + 1 < d.pics.size(); ++k) CHECK(d.pics(k) >= d.pics(k + 1) - 1e-15);
    for (long a = 0; a < d.pics.size(); ++a) {
      CHECK(d.pu.dot(d.f.col(a)) == doctest::Approx(0).scale(1));  // zero mean
      CHECK(d.pv.dot(d.g.col(a)) == doctest::Approx(0).scale(1));
      for (long b = 0; b < d.pics.size(); ++b) {
        CHECK(d.pu.dot(d.f.col(a).cwiseProduct(d.f.col(b))) == doctest::Approx(a == b ? 1.0 : 0.0).scale(1));
        // E[f_a(U) g_b(V)] = sqrt(lambda_a) delta_ab  (Definition 1 / Theorem 1)
        CHECK(d.f.col(a).dot(j * d.g.col(b)) == doctest::Approx(a == b ? std::sqrt(d.pics(a)) : 0.0).scale(1));
      }
    }
  }
}

TEST_CASE("estimation/pic_decomposition: S = X has all PICs 1; independence has none") {
  const Vector p = (Vector(3) << 0.2, 0.3, 0.5).finished();
  const auto same = pic_decomposition(Matrix(p.asDiagonal()));
  for (long k = 0; k < 2; ++k) CHECK(same.pics(k) == doctest::Approx(1.0));
  const auto indep = pic_decomposition(p * Vector::Constant(4, 0.25).transpose());
  CHECK(indep.chi2() == doctest::Approx(0).scale(1));
  CHECK(maximal_correlation(indep) == doctest::Approx(0).scale(1));
}

TEST_CASE("estimation/delta: lambda_d when |X| <= |S|, else 0 (eq. (7))") {
  std::mt19937_64 rng(3);
  const Matrix tall = random_joint(5, 3, rng);
  const auto dt = pic_decomposition(tall);
  CHECK(delta(dt) == doctest::Approx(dt.pics(1)));
  CHECK(delta(dt) > 0);
  CHECK(delta(pic_decomposition(random_joint(3, 5, rng))) == 0.0);
}

TEST_CASE("estimation/decompose_mmse: Theorem 1 decomposition equals the direct MMSE") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 5; ++trial) {
    const Matrix j = random_joint(4, 6, rng);
    for (bool rows : {true, false}) {
      const Matrix jj = rows ? j : Matrix(j.transpose());
      const auto d = pic_decomposition(jj);
      Vector h(jj.rows());
      for (long i = 0; i < h.size(); ++i) h(i) = 3 * random::uniform01(rng) - 1;
      const auto m = decompose_mmse(jj, d, h);
      CHECK(m.mmse == doctest::Approx(m.mmse_direct).epsilon(1e-10));
      CHECK(m.mmse <= m.variance + 1e-12);
      CHECK(m.mmse >= m.variance * (1 - d.pics(0)) - 1e-12);  // no function beats rho_m
    }
  }
}

TEST_CASE("estimation/maximal_correlation: Example 1, rho_m(S^n; prod_{i in A} X_i) = (1-2e)^|A|") {
  // S^n uniform bits, X^n = S^n through BSC(e), Y = product of the bits of X in A; n = 3.
  const double e = 0.15;
  for (long a_mask : {1L, 3L, 7L}) {
    Matrix s_y = Matrix::Zero(8, 2), x_y = Matrix::Zero(8, 2);
    for (long s = 0; s < 8; ++s)
      for (long x = 0; x < 8; ++x) {
        double p = 0.125;
        for (int i = 0; i < 3; ++i) p *= ((s >> i & 1) == (x >> i & 1)) ? 1 - e : e;
        const long y = __builtin_popcountl(~x & a_mask & 7) % 2;  // product of +-1 bits
        s_y(s, y) += p;
        if (s == 0) x_y.row(x)(y) += 0.125;  // X^n uniform: P(x, y) = 1/8 1{y = y(x)}
      }
    const long k = __builtin_popcountl(a_mask);
    CHECK(maximal_correlation(pic_decomposition(s_y)) == doctest::Approx(std::pow(1 - 2 * e, k)).epsilon(1e-12));
    CHECK(maximal_correlation(pic_decomposition(x_y)) == doctest::Approx(1.0));
  }
}
