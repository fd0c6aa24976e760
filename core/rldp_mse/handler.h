/**
 * @file handler.h
 * @brief JSON handler of family "rldp-mse" (CLI contract).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::rldp_mse {
nlohmann::json handle_request(const nlohmann::json& request, const Context& context);
}
