// Tests of core/rldp/randomized_response.cpp against RLDP paper Example 4 and Proposition 3.
#include <doctest/doctest.h>

#include "fixtures/paper_examples.h"
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "model/joint.h"
#include "rldp/randomized_response.h"

using namespace privlab;
using fixtures::matches_printed;

TEST_CASE("rldp/grr: paper Example 4 matrix and utilities") {
  const Matrix q = rldp::grr(4, fixtures::rldp_example3_epsilon());
  for (long y = 0; y < 4; ++y)
    for (long x = 0; x < 4; ++x) CHECK(matches_printed(q(y, x), x == y ? 0.4 : 0.2, 1));
  const auto estimate = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto truth = joint_from_matrix(fixtures::rldp_example1_true());
  CHECK(matches_printed(metrics::mutual_information(estimate.flat(), q), 0.0419, 4));
  CHECK(matches_printed(metrics::mutual_information(truth.flat(), q), 0.0412, 4));
}

TEST_CASE("rldp/srr: paper Example 4 matrix and utilities") {
  const Matrix q = rldp::srr(2, 2, fixtures::rldp_example3_epsilon());
  // Printed: 0.444 on the diagonal, 0.111 same s other u, 0.222 other s.
  const double printed[4][4] = {{0.444, 0.111, 0.222, 0.222},
                                {0.111, 0.444, 0.222, 0.222},
                                {0.222, 0.222, 0.444, 0.111},
                                {0.222, 0.222, 0.111, 0.444}};
  for (long y = 0; y < 4; ++y)
    for (long x = 0; x < 4; ++x) CHECK(matches_printed(q(y, x), printed[y][x], 3));
  const auto estimate = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto truth = joint_from_matrix(fixtures::rldp_example1_true());
  CHECK(matches_printed(metrics::mutual_information(estimate.flat(), q), 0.1005, 4));
  CHECK(matches_printed(metrics::mutual_information(truth.flat(), q), 0.0942, 4));
}

TEST_CASE("rldp/srr: satisfies (eps, simplex)-RLDP exactly at eps, and is not eps-LDP") {
  for (double eps : {0.1, 0.5, 1.0, 2.5}) {
    for (auto [ns, nu] : {std::pair{2L, 2L}, {3L, 4L}, {5L, 1L}}) {
      const Matrix q = rldp::srr(ns, nu, eps);
      CHECK((q.colwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
      CHECK(metrics::simplex_rldp_epsilon(q, ns, nu) == doctest::Approx(eps).epsilon(1e-12));
      // Same-s pairs reach 2 eps (the slack SRR exploits, eq. (57)) when |U| > 1.
      if (nu > 1) CHECK(metrics::ldp_epsilon(q) == doctest::Approx(2 * eps).epsilon(1e-12));
    }
  }
}

TEST_CASE("rldp/grr: is exactly eps-LDP, columns are distributions") {
  for (long a : {2L, 3L, 10L}) {
    for (double eps : {0.0, 0.3, 4.0}) {
      const Matrix q = rldp::grr(a, eps);
      CHECK((q.colwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
      CHECK(metrics::ldp_epsilon(q) == doctest::Approx(eps).epsilon(1e-12));
    }
  }
}
