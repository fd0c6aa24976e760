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

/**
 * Native CPU seconds of one design and the robust epsilon of its result, for the work estimates
 * (common/work_budget.h) of the synthetic experiments and "adult": PolyOpt < 1 ms, 2 ms, 15 ms,
 * 0.1-1.5 s, 3-80 s at |X| = 4, 6, 8, 10, 12 (README section 6; the middle of each range); NR like
 * |S|! |U|^|S| (2x32: 1.1 s, 3x10: 1.0 s, 4x6: 4 s, 5x4: 32 s: ~2.5e-4 s per unit); above the
 * vertex-enumeration sizes the column generation's budget. Designs beyond their size guards are
 * skipped with a note and cost only the measurement.
 */
double design_seconds(const std::string& mechanism, long ns, long nu, const DesignOptions& options);

units::Plan adult_experiment(const nlohmann::json& r);
nlohmann::json curve_experiment(const nlohmann::json& r, const Context& context);

}  // namespace privlab::rldp::experiment
