/**
 * @file handler.h
 * @brief JSON handler of family "game" (CLI contract).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::game {
struct Limits;
nlohmann::json handle_request(const nlohmann::json& request, const Context& context);
/// The response's "limits" of an estimate (also api::limits(), which the page reads).
nlohmann::json limits_json(const Limits& limits);
}  // namespace privlab::game
