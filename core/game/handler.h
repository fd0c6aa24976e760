/**
 * @file handler.h
 * @brief JSON handler of family "game" (CLI contract).
 */
#pragma once
#include <nlohmann/json.hpp>

namespace privlab::game {
nlohmann::json handle_request(const nlohmann::json& request);
}
