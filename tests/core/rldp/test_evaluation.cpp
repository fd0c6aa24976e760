// Tests of core/rldp/evaluation.cpp: metrics of a mechanism and the request readers.
#include <doctest/doctest.h>

#include "common/error.h"
#include "fixtures/paper_examples.h"
#include "metrics/information.h"
#include "rldp/evaluation.h"
#include "rldp/evaluation_json.h"
#include "rldp/randomized_response.h"

using namespace privlab;

TEST_CASE("rldp/evaluate: identity mechanism has NMI 1 and infinite realized epsilon") {
  const auto joint = joint_from_matrix(fixtures::rldp_example1_estimate());
  const auto e = rldp::evaluate(Matrix::Identity(4, 4), joint);
  CHECK(e.nmi == doctest::Approx(1.0));
  CHECK(e.mutual_information == doctest::Approx(metrics::entropy(joint.flat())));
  CHECK(std::isinf(e.epsilon));
  CHECK(rldp::to_json(e)["epsilon"] == "Infinity");
  const auto g = rldp::evaluate(rldp::grr(4, std::log(2.0)), joint);
  CHECK(fixtures::matches_printed(g.mutual_information, 0.0419, 4));
}

TEST_CASE("rldp/read_numbers, read_bool: errors name the element") {
  const nlohmann::json r = {{"epsilons", {0.5, -1.0}}, {"flag", 3}};
  try {
    rldp::read_numbers(r, "epsilons", "", 0, 50, 8, {});
    FAIL("expected out_of_range");
  } catch (const Error& e) {
    CHECK(e.code() == "out_of_range");
    CHECK(e.path() == "/epsilons/1");
  }
  try {
    rldp::read_bool(r, "flag", "", true);
    FAIL("expected not_a_boolean");
  } catch (const Error& e) { CHECK(e.path() == "/flag"); }
  CHECK(rldp::read_bool(r, "absent", "", true));
}
