/**
 * @file request_fields.h
 * @brief Request fields shared by the families whose data is X = (S, U): the sample size n and
 *        the optional true distribution P* ("true_joint").
 */
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "model/joint.h"

namespace privlab {

/// request["n"] when given; otherwise the total of a count table; otherwise nothing.
std::optional<long long> sample_size(const nlohmann::json& request, const JointDistribution& joint);

/// request["true_joint"] when given (same shape as the estimate, else "shape_mismatch").
std::optional<JointDistribution> true_joint(const nlohmann::json& request, const JointDistribution& estimate,
                                            const JointLimits& limits);

}  // namespace privlab
