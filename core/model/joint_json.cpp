/**
 * @file joint_json.cpp
 * @brief A joint distribution read from a request: shape limits, then joint_from_matrix.
 */
#include "model/joint_json.h"

#include "common/error.h"
#include "json/json_read.h"

namespace privlab {

JointDistribution parse_joint(const nlohmann::json& value, const std::string& path, const JointLimits& limits) {
  Matrix m = json_read::matrix(value, path, limits.max_s, limits.max_u);
  if (m.size() > limits.max_x)
    bad_request("too_large", path,
                "|X| = " + std::to_string(m.size()) + " exceeds the limit of " + std::to_string(limits.max_x) +
                    " for this request");
  return joint_from_matrix(std::move(m), path);
}

}  // namespace privlab
