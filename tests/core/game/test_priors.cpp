// Tests of core/game/priors.cpp: seeded generators and the informed adversary prior.
#include <doctest/doctest.h>

#include <random>

#include "game/priors.h"

using namespace privlab;
using namespace privlab::game;

TEST_CASE("game/uniform01: in [0,1), mean near 1/2; uniform_index covers its range") {
  std::mt19937_64 rng(1);
  double sum = 0;
  std::vector<int> hits(7, 0);
  for (int i = 0; i < 20000; ++i) {
    const double u = uniform01(rng);
    CHECK((u >= 0 && u < 1));
    sum += u;
    ++hits[uniform_index(rng, 7)];
  }
  CHECK(sum / 20000 == doctest::Approx(0.5).epsilon(0.02));
  for (int h : hits) CHECK(h > 2500);  // expected 2857 each
}

TEST_CASE("game/generate_prior: a distribution with hot cells, reproducible from the seed") {
  const Grid grid{4, 5, 1.0};
  std::mt19937_64 a(42), b(42);
  const Vector p = generate_prior(grid, {3, 0.1, 0.0}, a);
  CHECK(p.size() == 20);
  CHECK(p.sum() == doctest::Approx(1));
  CHECK(p.minCoeff() == doctest::Approx(0.1 / 20));  // background only
  long hot = 0;
  for (long i = 0; i < 20; ++i) hot += p(i) > 0.1 / 20 + 1e-12;
  CHECK(hot == 3);
  CHECK((p - generate_prior(grid, {3, 0.1, 0.0}, b)).norm() == 0);
  std::mt19937_64 c(42);
  const Vector blurred = generate_prior(grid, {3, 0.1, 1.0}, c);
  CHECK(blurred.sum() == doctest::Approx(1));
}

TEST_CASE("game/informed_prior: concentrates on the top cells and lowers the entropy") {
  std::mt19937_64 rng(5);
  const Grid grid{4, 4, 1.0};
  const Vector pi = generate_prior(grid, {4, 0.2, 1.0}, rng);
  double prev = entropy(pi);
  for (double lambda : {0.25, 0.5, 0.75, 1.0}) {
    const Vector hat = informed_prior(pi, lambda, 2);
    CHECK(hat.sum() == doctest::Approx(1));
    CHECK(entropy(hat) <= prev + 1e-12);
    prev = entropy(hat);
  }
  CHECK((informed_prior(pi, 0.0, 2) - pi).norm() < 1e-15);
}
