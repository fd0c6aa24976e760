// Tests of core/audit/audit.cpp: it passes good mechanisms and stops bad ones.
#include <doctest/doctest.h>

#include "audit/audit.h"
#include "common/error.h"
#include "metrics/privacy_loss.h"
#include "rldp/randomized_response.h"

using namespace privlab;

TEST_CASE("audit/audit_mechanism: a correct GRR passes with its measured epsilon") {
  const Matrix q = rldp::grr(3, 1.0);
  const auto report = audit::audit_mechanism(q, {"ldp", 1.0, metrics::ldp_epsilon(q)});
  CHECK(report.verified);
  CHECK(report.claim.measured == doctest::Approx(1.0));
}

TEST_CASE("audit/audit_mechanism: columns that are not distributions fail") {
  Matrix q = rldp::grr(3, 1.0);
  q(0, 1) += 1e-6;
  CHECK_THROWS_AS(audit::audit_mechanism(q, {"ldp", 1.0, metrics::ldp_epsilon(q)}), Error);
  Matrix negative(2, 1);
  negative << 1.1, -0.1;
  CHECK_THROWS_AS(audit::audit_mechanism(negative, {"ldp", 1.0, 0.0}), Error);
}

TEST_CASE("audit/audit_mechanism: a measured epsilon above the claim fails") {
  const Matrix q = rldp::grr(3, 1.0);
  try {
    audit::audit_mechanism(q, {"ldp", 0.9, metrics::ldp_epsilon(q)});
    FAIL("audit accepted an over-claimed guarantee");
  } catch (const Error& e) {
    CHECK(e.code() == "audit_failed");
    CHECK(e.kind() == ErrorKind::kSolverFailure);
  }
}
