/**
 * @file experiments.h
 * @brief The experiments of [game] Section 9 and Appendix C as requests of family "game".
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::game {

/// {"family":"game","experiment":name,...}: "scenario1", "scenario2", "scenario3",
/// "prior_mismatch", "tradeoff", "approximation" (README lists parameters and defaults).
nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

}  // namespace privlab::game
