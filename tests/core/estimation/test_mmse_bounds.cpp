// Tests of core/estimation/mmse_bounds.cpp: Lemma 4 against a direct numerical maximisation
// (KKT bisection and a 2-D grid), the erratum's threshold, Theorem 4's validity on random
// channels, Theorem 5's sharpness (Examples 2 and 3), Example 4's error bound.
#include <doctest/doctest.h>

#include <cmath>

#include "estimation/mmse_bounds.h"
#include "estimation/pics.h"
#include "test_helpers.h"

using namespace privlab;
using namespace privlab::estimation;
using namespace privlab::estimation::testing;

namespace {
/// Direct maximisation of (26) by its KKT conditions: y(mu) = min(b, a/mu); the optimum is
/// y = b when ||b|| <= 1, else the mu with ||y(mu)|| = 1 (found by bisection).
double l_by_bisection(const Vector& a, const Vector& b) {
  if (b.norm() <= 1) return a.dot(b);
  double lo = 1e-12, hi = 1e12;
  for (int it = 0; it < 300; ++it) {
    const double mu = std::sqrt(lo * hi);
    const double n = (a / mu).cwiseMin(b).norm();
    (n > 1 ? lo : hi) = mu;
  }
  return a.dot((a / hi).cwiseMin(b));
}

/// Brute force in 2-D: the unit disc on a polar grid, clipped to y <= b.
double l_by_grid(const Vector& a, const Vector& b) {
  double best = -1e9;
  for (int r = 0; r <= 400; ++r)
    for (int t = 0; t < 1600; ++t) {
      const double rad = r / 400.0, ang = 2 * M_PI * t / 1600;
      const double y0 = rad * std::cos(ang), y1 = rad * std::sin(ang);
      if (y0 <= b(0) && y1 <= b(1)) best = std::max(best, a(0) * y0 + a(1) * y1);
    }
  return best;
}

/// ||E[h(X)|Y]||_2 for a joint [x][y].
double cond_norm(const Matrix& jxy, const Vector& h) {
  const Vector px = jxy.rowwise().sum();
  return std::sqrt(std::max(0.0, px.dot(h.cwiseProduct(h)) - mmse_direct(jxy, h)));
}
}  // namespace

TEST_CASE("estimation/lemma4_l: agrees with a direct numerical maximisation") {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 200; ++trial) {
    const long n = 1 + trial % 6;
    Vector a(n), b(n);
    const double scale = trial % 3 == 0 ? 0.4 : (trial % 3 == 1 ? 1.0 : 3.0);  // ||a|| != 1 too
    for (long i = 0; i < n; ++i) {
      a(i) = scale * (0.05 + random::uniform01(rng));
      b(i) = random::uniform01(rng);
    }
    CHECK(lemma4_l(a, b) == doctest::Approx(l_by_bisection(a, b)).epsilon(1e-9));
  }
}

TEST_CASE("estimation/lemma4_l: 2-D grid and the 1/||a|| threshold (ERRATUM)") {
  const Vector a = (Vector(2) << 0.5, 0.1).finished(), b = (Vector(2) << 0.55, 0.9).finished();
  // min b/a = 1.1 >= 1: the printed early exit would answer ||a|| = 0.5099, infeasible here.
  const double l = lemma4_l(a, b);
  CHECK(l == doctest::Approx(0.5 * 0.55 + 0.1 * std::sqrt(1 - 0.55 * 0.55)).epsilon(1e-12));
  CHECK(l < a.norm() - 0.1);
  CHECK(l >= l_by_grid(a, b) - 1e-12);  // the grid's points are feasible
  CHECK(l <= l_by_grid(a, b) + 5e-3);   // and within its resolution
  const Vector a2 = (Vector(2) << 1.3, 0.7).finished(), b2 = (Vector(2) << 0.2, 0.95).finished();
  CHECK(lemma4_l(a2, b2) >= l_by_grid(a2, b2) - 1e-12);
  CHECK(lemma4_l(a2, b2) <= l_by_grid(a2, b2) + 5e-3);
  // ||a|| = 1 and b >= a: the unconstrained optimum.
  const Vector a3 = (Vector(2) << 0.6, 0.8).finished();
  CHECK(lemma4_l(a3, Vector::Ones(2)) == doctest::Approx(1.0));
}

TEST_CASE("estimation/theorem4_bound: holds on random channels for random orthonormal phi_i") {
  std::mt19937_64 rng(31);
  for (int trial = 0; trial < 30; ++trial) {
    const long nx = 5, m = 1 + trial % 3;
    const Matrix jxy = random_joint(nx, 4, rng);
    const Vector px = jxy.rowwise().sum();
    // Orthonormal zero-mean phi_1..phi_m and a unit-norm phi (Gram-Schmidt in L2(P_X)).
    std::vector<Vector> basis{Vector::Ones(nx)};
    while (static_cast<long>(basis.size()) < m + 2) {
      Vector v(nx);
      for (long i = 0; i < nx; ++i) v(i) = random::uniform01(rng) - 0.5;
      for (const auto& w : basis) v -= px.dot(v.cwiseProduct(w)) / px.dot(w.cwiseProduct(w)) * w;
      basis.push_back(v / std::sqrt(px.dot(v.cwiseProduct(v))));
    }
    Vector rho(m), nu(m);
    const double c0 = random::uniform01(rng);  // weight on the part outside span{phi_i}
    Vector phi = c0 * basis[m + 1];
    for (long i = 0; i < m; ++i) {
      const double c = (random::uniform01(rng) - 0.5) * 2;
      phi += c * basis[i + 1];
    }
    phi /= std::sqrt(px.dot(phi.cwiseProduct(phi)));
    for (long i = 0; i < m; ++i) {
      rho(i) = px.dot(phi.cwiseProduct(basis[i + 1]));
      nu(i) = cond_norm(jxy, basis[i + 1]);
    }
    const auto bound = theorem4_bound(rho, nu);
    CHECK(cond_norm(jxy, phi) <= bound.correlation_bound + 1e-12);  // (29)
    CHECK(mmse_direct(jxy, phi) >= bound.mmse_bound - 1e-12);       // (31)
    CHECK(theorem5_bound(rho, nu, 0).correlation_bound ==
          doctest::Approx(bound.correlation_bound));  // t = 0 is Theorem 4
  }
}

TEST_CASE("estimation/theorem5_bound: sharp on the q-ary symmetric channel (Example 2)") {
  std::mt19937_64 rng(8);
  const long q = 5;
  const double eps = 0.35;
  const Matrix jxy = joint_of(Vector::Constant(q, 1.0 / q), qary_channel(q, eps));
  const auto d = pic_decomposition(jxy);  // principal functions: an orthonormal basis phi_i
  Vector phi(q);
  for (long i = 0; i < q; ++i) phi(i) = random::uniform01(rng);
  phi.array() -= phi.mean();
  phi /= std::sqrt(phi.squaredNorm() / q);
  Vector rho(q - 1), nu(q - 1);
  for (long i = 0; i < q - 1; ++i) {
    rho(i) = phi.dot(d.f.col(i)) / q;
    nu(i) = cond_norm(jxy, d.f.col(i));
    CHECK(nu(i) == doctest::Approx(1 - eps));  // ||T phi_i|| = 1 - eps
  }
  CHECK(rho_zero(rho) == doctest::Approx(0).scale(1));
  const auto b = theorem5_bound(rho, nu, q - 1);  // (33) with rho_0 = 0, t = m
  CHECK(b.correlation_bound == doctest::Approx(1 - eps).epsilon(1e-10));
  CHECK(cond_norm(jxy, phi) == doctest::Approx(b.correlation_bound).epsilon(1e-10));
}

TEST_CASE("estimation/theorem5_bound: Example 3, parity basis of the n-bit BSC, eq. (36)") {
  const double e = 0.12;
  Matrix w = Matrix::Ones(1, 1);
  for (int i = 0; i < 3; ++i) {
    Matrix k(w.rows() * 2, w.cols() * 2);
    for (long r = 0; r < w.rows(); ++r)
      for (long c = 0; c < w.cols(); ++c) k.block(2 * r, 2 * c, 2, 2) = w(r, c) * bsc(e);
    w = k;
  }
  const Matrix jxy = joint_of(Vector::Constant(8, 0.125), w);
  auto chi = [](long mask, long x) {  // chi_S(x) = prod_{i in S} x_i, bit 1 -> +1
    double v = 1;
    for (int i = 0; i < 3; ++i)
      if (mask >> i & 1) v *= (x >> i & 1) ? 1 : -1;
    return v;
  };
  const Vector phi = (Vector(8) << 1.0, -2.0, 0.5, 3.0, 0.0, 1.0, -1.0, 2.5).finished();
  double expect = phi.squaredNorm() / 8;
  Vector rho(7), nu(7);
  const double mean = phi.mean();
  for (long mask = 1; mask < 8; ++mask) {
    Vector basis(8);
    for (long x = 0; x < 8; ++x) basis(x) = chi(mask, x);
    const double c = phi.dot(basis) / 8;
    expect -= c * c * std::pow(1 - 2 * e, 2 * __builtin_popcountl(mask));
    rho(mask - 1) = c;
    nu(mask - 1) = cond_norm(jxy, basis);
    CHECK(nu(mask - 1) == doctest::Approx(std::pow(1 - 2 * e, __builtin_popcountl(mask))));
  }
  expect -= mean * mean;  // (36) for the centred function
  CHECK(mmse_direct(jxy, phi) == doctest::Approx(expect).epsilon(1e-12));
}

TEST_CASE("estimation/example4_error_bound: bounds the MAP error of guessing a majority bit") {
  // X = 3 uniform bits, Y = X through BSC(e_i) per bit; B_1 = X_1, B_2 = X_2 (orthogonal),
  // B = majority(X) with rho_1 = rho_2 = 1/2.
  for (double e1 : {0.05, 0.2})
    for (double e3 : {0.0, 0.3}) {
      const double e[3] = {e1, 0.25, e3};
      Matrix jxy = Matrix::Zero(8, 8);
      for (long x = 0; x < 8; ++x)
        for (long y = 0; y < 8; ++y) {
          double p = 0.125;
          for (int i = 0; i < 3; ++i) p *= ((x >> i & 1) == (y >> i & 1)) ? 1 - e[i] : e[i];
          jxy(x, y) = p;
        }
      auto bit = [](long x, int i) { return (x >> i & 1) ? 1.0 : -1.0; };
      auto map_error = [&](auto fn) {  // min over guesses of Pr(B != B-hat)
        double err = 0;
        for (long y = 0; y < 8; ++y) {
          double plus = 0, minus = 0;
          for (long x = 0; x < 8; ++x) (fn(x) > 0 ? plus : minus) += jxy(x, y);
          err += std::min(plus, minus);
        }
        return err;
      };
      const Vector rho = (Vector(2) << 0.5, 0.5).finished();
      const Vector alpha = (Vector(2) << map_error([&](long x) { return bit(x, 0); }), map_error([&](long x) {
                              return bit(x, 1);
                            })).finished();
      CHECK(alpha(0) == doctest::Approx(e1));
      const double bound = example4_error_bound(rho, alpha);
      const double actual = map_error([&](long x) { return bit(x, 0) + bit(x, 1) + bit(x, 2); });
      CHECK(actual >= bound - 1e-12);  // (38)
      CHECK(bound >= 0);
    }
}
