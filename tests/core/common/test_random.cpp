// Tests of core/common/random.cpp: pinned draws (the numbers every build must give: the WASM
// module draws the same ones, tests/node/random.test.mjs), moments of each variate, the portable
// log/exp/cos against libm, and the properties the families rely on.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "common/random.h"

using namespace privlab;

TEST_CASE("common/random: pinned draws of seed 20261125 (bit-exact; WASM draws the same)") {
  random::Engine e(20261125);
  CHECK(random::uniform01(e) == 0.034036060462019013);
  CHECK(random::uniform_open(e) == 0.66557313892569314);
  CHECK(random::uniform_index(e, 7) == 5);
  CHECK(random::bernoulli(e, 0.3) == false);
  CHECK(random::normal(e) == -0.13130385260054009);
  CHECK(random::normal(e, 1.0, 2.0) == -0.96958857806196819);
  CHECK(random::exponential(e, 2.0) == 1.1979915690303229);
  CHECK(random::gamma(e, 0.5) == 0.16306263587973896);
  CHECK(random::gamma(e, 0.3) == 0.00090987049765877054);
  CHECK(random::gamma(e, 3.7) == 1.1674968331626854);
  const Vector d = random::dirichlet(e, 4, 0.5);
  CHECK(d(0) == 0.0012348900711362026);
  CHECK(d(1) == 0.005169530012651604);
  CHECK(d(2) == 0.064877825445023116);
  CHECK(d(3) == 0.92871775447118909);
  Vector alpha(3);
  alpha << 0.5, 2.0, 7.5;
  const Vector w = random::dirichlet(e, alpha);
  CHECK(w(0) == 0.0028800209782824499);
  CHECK(w(1) == 0.28890686663584764);
  CHECK(w(2) == 0.70821311238586993);
  Vector p(4);
  p << 0.2, 0.0, 0.5, 0.3;
  CHECK(random::categorical(e, p) == 2);
  CHECK(random::multinomial(e, p, 1000) == std::vector<long long>{182, 0, 535, 283});
}

TEST_CASE("common/random: the engine is the standard's mt19937_64, uniforms are its top 53 bits") {
  // The C++ standard fixes the 10000th output of a default-seeded mt19937_64.
  random::Engine standard;
  standard.discard(9999);
  CHECK(standard() == 9981545732273789042ULL);
  random::Engine a(1), b(1);
  const std::uint64_t raw = b();
  CHECK(random::uniform01(a) == static_cast<double>(raw >> 11) * 0x1.0p-53);
  CHECK(random::uniform_open(a) > 0);
}

TEST_CASE("common/random: moments of normal, exponential, gamma; Dirichlet means; Bernoulli rate") {
  random::Engine e(7);
  const int n = 200000;
  double m = 0, v = 0, ex = 0;
  for (int i = 0; i < n; ++i) {
    const double z = random::normal(e);
    m += z;
    v += z * z;
    ex += random::exponential(e, 2.0);
  }
  CHECK(std::abs(m / n) < 0.01);
  CHECK(std::abs(v / n - 1.0) < 0.015);
  CHECK(ex / n == doctest::Approx(0.5).epsilon(0.01));  // E Exp(2) = 1/2
  for (double shape : {0.3, 0.5, 1.0, 3.7}) {           // both branches of gamma, integer and not 1/shape
    double gm = 0, gv = 0;
    for (int i = 0; i < n; ++i) {
      const double g = random::gamma(e, shape);
      gm += g;
      gv += g * g;
    }
    gm /= n;
    gv = gv / n - gm * gm;
    CHECK(gm == doctest::Approx(shape).epsilon(0.02));  // mean = shape
    CHECK(gv == doctest::Approx(shape).epsilon(0.05));  // variance = shape
  }
  Vector alpha(3);
  alpha << 1.0, 2.0, 5.0;
  Vector mean = Vector::Zero(3);
  int heads = 0;
  for (int i = 0; i < 20000; ++i) {
    const Vector w = random::dirichlet(e, alpha);
    CHECK(w.sum() == doctest::Approx(1.0));
    mean += w / 20000;
    heads += random::bernoulli(e, 0.3);
  }
  for (long i = 0; i < 3; ++i) CHECK(mean(i) == doctest::Approx(alpha(i) / 8).epsilon(0.03));
  CHECK(heads / 20000.0 == doctest::Approx(0.3).epsilon(0.03));
}

TEST_CASE("common/random: categorical and multinomial never draw a zero weight; uniform_index covers") {
  random::Engine e(3);
  Vector p(4);
  p << 0.0, 0.25, 0.0, 0.75;  // need not sum to 1 when scaled: try both
  const auto counts = random::multinomial(e, p * 8, 40000);
  CHECK(counts[0] == 0);
  CHECK(counts[2] == 0);
  CHECK(counts[1] / 40000.0 == doctest::Approx(0.25).epsilon(0.04));
  std::vector<int> seen(5, 0);
  for (int i = 0; i < 5000; ++i) ++seen[static_cast<std::size_t>(random::uniform_index(e, 5))];
  for (int c : seen) CHECK(c == doctest::Approx(1000).epsilon(0.1));
}

TEST_CASE("common/random: portable log, exp and cos(2 pi u) agree with libm to a few ulp") {
  random::Engine e(3);
  for (int i = 0; i < 20000; ++i) {
    const double u = random::uniform_open(e);
    const double x = std::ldexp(u, static_cast<int>(random::uniform01(e) * 200) - 100);
    CHECK(std::abs(random::log(x) - std::log(x)) <= 4e-16 * std::max(1.0, std::abs(std::log(x))));
    const double y = (random::uniform01(e) - 0.5) * 200;
    CHECK(std::abs(random::exp(y) / std::exp(y) - 1) <= 1e-15);
    CHECK(std::abs(random::cos_2pi(u) - std::cos(2 * M_PI * u)) <= 1e-15);
  }
  for (double x : {1e-300, 1e-10, 0.3, 0.70710678, 1.0, 2.5, 1e10})
    CHECK(random::log(x) == doctest::Approx(std::log(x)).epsilon(2e-16));
}
