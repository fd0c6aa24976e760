/**
 * @file request_fields.cpp
 * @brief n and true_joint.
 */
#include "model/request_fields.h"

#include <cmath>

#include "common/error.h"
#include "json/json_read.h"
#include "model/joint_json.h"

namespace privlab {

std::optional<long long> sample_size(const nlohmann::json& request, const JointDistribution& joint) {
  if (request.contains("n")) return json_read::positive_integer(request, "n", "", 1'000'000'000'000LL);
  if (joint.from_counts) return static_cast<long long>(std::llround(joint.total));
  return std::nullopt;
}

std::optional<JointDistribution> true_joint(const nlohmann::json& request, const JointDistribution& estimate,
                                            const JointLimits& limits) {
  if (!request.contains("true_joint")) return std::nullopt;
  JointDistribution truth = parse_joint(request.at("true_joint"), "/true_joint", limits);
  if (truth.num_s() != estimate.num_s() || truth.num_u() != estimate.num_u())
    bad_request("shape_mismatch", "/true_joint",
                "true_joint is " + std::to_string(truth.num_s()) + "x" + std::to_string(truth.num_u()) +
                    " but joint is " + std::to_string(estimate.num_s()) + "x" + std::to_string(estimate.num_u()));
  return truth;
}

}  // namespace privlab
