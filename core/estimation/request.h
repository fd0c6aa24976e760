/**
 * @file request.h
 * @brief Reading the Formulation 1 part of an estimation request (functions, theta, objective,
 *        order, weights, tolerance), shared by the handler and the robustness experiment.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "estimation/formulation1.h"
#include "model/joint.h"

namespace privlab::estimation {

/// The joint an estimation request may carry (64 x 64, 4096 cells): handler and "evaluate".
inline const JointLimits kJointLimits{64, 64, 4096};
constexpr long kMaxDesignX = 48;  ///< Formulation 1: |X| (support) at most this
constexpr long kMaxPrivate = 32;
constexpr long kMaxUseful = 64;
constexpr long kMaxSweepWork = 40000;  ///< theta_sweep steps x |X|^2 (about 2 s in WASM)

struct Functions {
  std::vector<Vector> values;
  std::vector<std::string> names;
};

/// The names of functions given without one: kPrivatePrefix / kUsefulPrefix + 1, 2, ... ("s1", "u2").
constexpr const char* kPrivatePrefix = "s";
constexpr const char* kUsefulPrefix = "u";
std::string default_name(const std::string& prefix, std::size_t index);

/// request[key]: a list of functions, each an array of `size` numbers or {"name","values"}.
Functions read_functions(const nlohmann::json& req, const std::string& key, long size, long max_count,
                         const std::string& prefix, const std::string& base = "");

/// The Formulation 1 input of a request ("private_functions", "useful_functions", "theta",
/// "objective", "order", "weights", "tolerance"), validated against `joint`.
Formulation1Input read_design(const nlohmann::json& req, const JointDistribution& joint, Functions& priv,
                              Functions& useful);

}  // namespace privlab::estimation
