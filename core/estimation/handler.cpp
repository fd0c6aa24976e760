/**
 * @file handler.cpp
 * @brief family "estimation": not implemented yet in this build.
 */
#include "estimation/handler.h"

#include "common/error.h"

namespace privlab::estimation {

nlohmann::json handle_request(const nlohmann::json& /*request*/, const Context& /*context*/) {
  bad_request("not_implemented", "/family", "family 'estimation' is not available yet in this build");
}

}  // namespace privlab::estimation
