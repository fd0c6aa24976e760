/**
 * @file handler.cpp
 * @brief family "funnel": not implemented yet in this build.
 */
#include "funnel/handler.h"

#include "common/error.h"

namespace privlab::funnel {

nlohmann::json handle_request(const nlohmann::json& /*request*/, const Context& /*context*/) {
  bad_request("not_implemented", "/family", "family 'funnel' is not available yet in this build");
}

}  // namespace privlab::funnel
