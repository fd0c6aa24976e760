/**
 * @file experiment_support.cpp
 * @brief Numbers and plot descriptions of the rldp experiments' JSON.
 */
#include "rldp/experiment_support.h"

#include <cmath>

#include "json/json_write.h"

namespace privlab::rldp::experiment {

namespace jw = json_write;

nlohmann::json num(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : jw::real(v); }

nlohmann::json plot(const std::string& title, const std::string& kind, const std::string& x, const std::string& y,
                    const nlohmann::json& group, const std::string& xl, const std::string& yl) {
  return {{"title", title}, {"kind", kind}, {"x", x}, {"y", y}, {"group", group}, {"x_label", xl}, {"y_label", yl}};
}

}  // namespace privlab::rldp::experiment
