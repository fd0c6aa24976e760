/**
 * @file joint_json.h
 * @brief The JSON edge of the joint: reading P(S,U) from a request (an array of rows).
 */
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "model/joint.h"

namespace privlab {

/**
 * Reads a joint distribution from JSON (an array of rows). Accepts probabilities that sum to 1
 * (within 1e-6) or non-negative integer counts (normalised, total = their sum). Anything else is
 * refused with an error naming `path` or the offending cell.
 */
JointDistribution parse_joint(const nlohmann::json& value, const std::string& path, const JointLimits& limits = {});

}  // namespace privlab
