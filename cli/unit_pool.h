/**
 * @file unit_pool.h
 * @brief Runs an experiment's units (core/json/experiment_units.h) on N threads of the CLI:
 *        each thread takes the next unit, asks core for it alone ({"units": [u]}) and stores
 *        the result at the unit's place, so the results do not depend on N.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace privlab::cli {

struct UnitRun {
  int exit_code = 0;                  ///< 0, or the first failing unit's exit code
  std::string error_json;             ///< that unit's {"error": ...}
  std::vector<nlohmann::json> items;  ///< {"unit", "result"} in the order of `units`
};

/// Runs `units` of `request` with `jobs` threads; progress "[p%] k/n units" on stderr.
UnitRun run_units(const nlohmann::json& request, const std::vector<long>& units, int jobs);

/// The machine's cores (at least 1): the default of --jobs.
int default_jobs();

}  // namespace privlab::cli
