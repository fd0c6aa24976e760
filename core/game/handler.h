/**
 * @file handler.h
 * @brief JSON handler of family "game" (CLI contract).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::game {
nlohmann::json handle_request(const nlohmann::json& request, const Context& context);
}
