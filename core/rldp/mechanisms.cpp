/**
 * @file mechanisms.cpp
 * @brief Name -> mechanism, with each mechanism's claim measured by an independent metric.
 */
#include "rldp/mechanisms.h"

#include "common/error.h"
#include "metrics/privacy_loss.h"
#include "rldp/randomized_response.h"

namespace privlab::rldp {

const std::vector<std::string>& mechanism_names() {
  static const std::vector<std::string> names{"grr", "srr", "ir", "nr", "polyopt"};
  return names;
}

Designed design_mechanism(const std::string& name, const JointDistribution& joint, double epsilon,
                          const UncertaintySet& /*set*/) {
  Designed d;
  if (name == "grr") {
    d.mechanism = grr(joint.num_x(), epsilon);
    d.claim = {"ldp", epsilon, metrics::ldp_epsilon(d.mechanism)};
  } else if (name == "srr") {
    d.mechanism = srr(joint.num_s(), joint.num_u(), epsilon);
    d.claim = {"rldp-simplex", epsilon,
               metrics::simplex_rldp_epsilon(d.mechanism, joint.num_s(), joint.num_u())};
  } else {
    bad_request("not_implemented", "/mechanism",
                "mechanism '" + name + "' is not available yet in this build (grr, srr are)");
  }
  return d;
}

}  // namespace privlab::rldp
