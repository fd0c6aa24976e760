/**
 * @file handler.cpp
 * @brief family "rldp-mse": not implemented yet in this build.
 */
#include "rldp_mse/handler.h"

#include "common/error.h"

namespace privlab::rldp_mse {

nlohmann::json handle_request(const nlohmann::json& /*request*/, const Context& /*context*/) {
  bad_request("not_implemented", "/family", "family 'rldp-mse' is not available yet in this build");
}

}  // namespace privlab::rldp_mse
