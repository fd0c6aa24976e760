// Tests of core/rldp/uncertainty.cpp: RLDP paper Example 1 (B = 0.0752, D_2(P-hat||P*) = 0.0281).
#include <doctest/doctest.h>

#include "fixtures/paper_examples.h"
#include "model/joint.h"
#include "rldp/uncertainty.h"

using namespace privlab;
using fixtures::matches_printed;

TEST_CASE("rldp/renyi_radius_from_confidence: paper Example 1") {
  const double b = rldp::renyi_radius_from_confidence(2.0, 0.95, fixtures::kRldpExample1N, 4);
  CHECK(matches_printed(b, 0.0752, 4));
  // eq. (9) directly: chi2_3 quantile at 0.95 is 7.814727903...
  CHECK(b == doctest::Approx(std::log1p(7.814727903251178 / 100)).epsilon(1e-9));
}

TEST_CASE("rldp/renyi_radius_from_confidence: alpha -> 1 is continuous with the KL case") {
  const double kl = rldp::renyi_radius_from_confidence(1.0, 0.9, 500, 6);
  const double near = rldp::renyi_radius_from_confidence(1.0 + 1e-6, 0.9, 500, 6);
  CHECK(near == doctest::Approx(kl).epsilon(1e-5));
}

TEST_CASE("rldp/renyi_divergence: paper Example 1 and limits") {
  const auto estimate = joint_from_matrix(fixtures::rldp_example1_estimate()).flat();
  const auto truth = joint_from_matrix(fixtures::rldp_example1_true()).flat();
  CHECK(matches_printed(rldp::renyi_divergence(2.0, estimate, truth), 0.0281, 4));
  // D_2 = log(1 + chi^2): independent computation of the chi-square divergence.
  double chi2 = 0;
  for (long i = 0; i < 4; ++i) chi2 += (estimate(i) - truth(i)) * (estimate(i) - truth(i)) / truth(i);
  CHECK(rldp::renyi_divergence(2.0, estimate, truth) == doctest::Approx(std::log1p(chi2)));
  CHECK(rldp::renyi_divergence(0.5, estimate, estimate) == doctest::Approx(0.0));
  Vector zero_somewhere = truth;
  zero_somewhere << 0.0, 0.2, 0.2, 0.6;
  CHECK(std::isinf(rldp::renyi_divergence(2.0, estimate, zero_somewhere)));
}
