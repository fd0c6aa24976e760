/**
 * @file experiment_support.h
 * @brief The JSON side of the rldp experiments (experiments.cpp, experiments_data.cpp): numbers
 *        and plot descriptions; the computations are in rldp/experiment_runs.h.
 */
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "common/context.h"
#include "json/experiment_units.h"
#include "rldp/experiment_runs.h"

namespace privlab::rldp::experiment {

/// NaN -> null, infinity -> "Infinity".
nlohmann::json num(double v);
nlohmann::json plot(const std::string& title, const std::string& kind, const std::string& x, const std::string& y,
                    const nlohmann::json& group, const std::string& xl, const std::string& yl);

units::Plan adult_experiment(const nlohmann::json& r);
nlohmann::json curve_experiment(const nlohmann::json& r, const Context& context);

}  // namespace privlab::rldp::experiment
