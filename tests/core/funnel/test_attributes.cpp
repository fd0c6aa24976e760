// Tests of core/funnel/attributes.cpp: mixed radix, the polytope (23)-(26, corrected), the
// product protocol, and the failure of Theorem 4 (docs/errata.md).
#include <doctest/doctest.h>

#include <random>

#include "core/funnel/funnel_test_util.h"
#include "funnel/attributes.h"
#include "funnel/optimal_lip.h"

using namespace privlab;
using namespace privlab::funnel;

namespace {
/// p(s, x^j | x^J = cell) for J = {k}: the joint restricted to the records with X^k = v.
Matrix conditional_attribute_joint(const Matrix& joint, const std::vector<long>& sizes, long j, long k, long v) {
  Matrix out = Matrix::Zero(joint.rows(), sizes[j]);
  for (long x = 0; x < joint.cols(); ++x) {
    const long d0 = x / sizes[1], d1 = x % sizes[1];  // two attributes
    const long dj = j == 0 ? d0 : d1, dk = k == 0 ? d0 : d1;
    if (dk == v) out.col(dj) += joint.col(x);
  }
  return out / out.sum();
}

/// The Theorem 4 counterexample of examples/funnel-theorem4-counterexample.json: S = 0 always
/// has X = (0,0); S = 1 has X = (0,0) w.p. 3/4 and (1,1) w.p. 1/4 (so X^1 = X^2).
Matrix counterexample() { return (Matrix(2, 4) << 3, 0, 0, 0, 3, 0, 0, 1).finished() / 7.0; }
}  // namespace

TEST_CASE("funnel/product_protocol: mixed radix, last attribute fastest") {
  const Matrix q1 = (Matrix(2, 2) << 0.9, 0.2, 0.1, 0.8).finished();
  const Matrix q2 = (Matrix(3, 3) << 0.5, 0.1, 0.2, 0.3, 0.8, 0.2, 0.2, 0.1, 0.6).finished();
  const Matrix q = product_protocol({q1, q2});
  REQUIRE(q.rows() == 6);
  REQUIRE(q.cols() == 6);
  for (long y1 = 0; y1 < 2; ++y1)
    for (long y2 = 0; y2 < 3; ++y2)
      for (long x1 = 0; x1 < 2; ++x1)
        for (long x2 = 0; x2 < 3; ++x2) CHECK(q(y1 * 3 + y2, x1 * 3 + x2) == doctest::Approx(q1(y1, x1) * q2(y2, x2)));
}

TEST_CASE("funnel/attribute_product: each factor meets (25)-(26) for every prior it lists") {
  std::mt19937_64 rng(30);
  for (int t = 0; t < 6; ++t) {
    const std::vector<long> sizes{2, 2 + t % 2};
    const Matrix joint = testing::random_joint(rng, 2, sizes[0] * sizes[1]);
    const double eps = 0.5 + 0.5 * (t % 3);
    const AttributeProduct prod = attribute_product(joint, sizes, eps);
    for (long j = 0; j < 2; ++j) {
      const Matrix& q = prod.parts[j];
      CHECK(lip(q, attribute_joint(joint, sizes, j)) <= eps / 2 + 1e-9);  // J = {}
      const long k = 1 - j;
      for (long v = 0; v < sizes[k]; ++v)  // J = {k}, x^J = v: LIP w.r.t. p_{S, X^j | x^k}
        CHECK(lip(q, conditional_attribute_joint(joint, sizes, j, k, v)) <= eps / 2 + 1e-9);
    }
  }
}

TEST_CASE("funnel/attribute_product: Theorem 4 is false, SRLIP measured from (22) exceeds eps") {
  const Matrix joint = counterexample();
  const std::vector<long> sizes{2, 2};
  const double eps = 1.5;
  const AttributeProduct prod = attribute_product(joint, sizes, eps);
  // The hypotheses of Theorem 4 hold (each factor is eps/2-LIP for its priors) ...
  for (long j = 0; j < 2; ++j) CHECK(lip(prod.parts[j], attribute_joint(joint, sizes, j)) <= eps / 2 + 1e-9);
  // ... yet the product is not eps-SRLIP, not even eps-LIP (the violation is at J = {}).
  const SrlipWitness w = srlip(prod.mechanism, joint, sizes);
  CHECK(w.value > eps + 0.5);
  CHECK(w.attributes.empty());
  CHECK(lip(prod.mechanism, joint) == doctest::Approx(w.value));
}

TEST_CASE("funnel/attribute_product: violations are common on random joints (seeded)") {
  std::mt19937_64 rng(31);
  int violations = 0;
  for (int t = 0; t < 40; ++t) {
    Matrix joint(2, 4);
    for (long i = 0; i < 8; ++i) joint.data()[i] = random::gamma(rng, 0.4) + 1e-3;
    joint /= joint.sum();
    const double eps = 0.5 * (1 + t % 4);
    const AttributeProduct prod = attribute_product(joint, {2, 2}, eps);
    if (srlip(prod.mechanism, joint, {2, 2}).value > eps + 1e-6) ++violations;
  }
  CHECK(violations > 0);
}
