/**
 * @file handler.cpp
 * @brief family "game": not implemented yet in this build.
 */
#include "game/handler.h"

#include "common/error.h"

namespace privlab::game {

nlohmann::json handle_request(const nlohmann::json& /*request*/, const Context& /*context*/) {
  bad_request("not_implemented", "/family", "family 'game' is not available yet in this build");
}

}  // namespace privlab::game
