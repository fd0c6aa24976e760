/**
 * @file limits.cpp
 * @brief api::limits(): the core's own limits that the page checks before it solves, as JSON.
 *
 * Every value is the constant (or the default Limits) that the family's guard enforces, so the
 * page never writes one of these numbers again: scripts/core-limits.mjs reads this through the
 * WASM module into web/src/core_limits.js, and tests/node/core_limits.test.mjs fails when the
 * two differ. Tables of sizes are lists of [max |X|, max |S| or null] (funnel/size_guards.h).
 */
#include <nlohmann/json.hpp>

#include "common/arguments.h"
#include "estimation/request.h"
#include "funnel/size_guards.h"
#include "game/handler.h"
#include "game/request.h"
#include "privlab/api.h"

namespace privlab::api {

namespace {
template <std::size_t N>
nlohmann::json support_table(const funnel::SupportLimit (&table)[N]) {
  nlohmann::json out = nlohmann::json::array();
  for (const funnel::SupportLimit& row : table)
    out.push_back({row.max_a, row.max_c < 0 ? nlohmann::json(nullptr) : nlohmann::json(row.max_c)});
  return out;
}
}  // namespace

std::string limits() {
  const nlohmann::json out = {
      {"max_epsilon", arguments::kMaxEpsilon},
      {"funnel",
       {{"opt_ldp_support", support_table(funnel::kLdpLimits)},
        {"opt_lip_support", support_table(funnel::kLipLimits)},
        {"max_attributes", funnel::kMaxAttributes},
        {"max_attribute_size", funnel::kMaxAttributeSize},
        {"max_oue_x", funnel::kMaxOueX}}},
      {"estimation",
       {{"max_design_x", estimation::kMaxDesignX},
        {"max_private", estimation::kMaxPrivate},
        {"max_useful", estimation::kMaxUseful},
        {"max_sweep_work", estimation::kMaxSweepWork}}},
      {"game", game::limits_json(game::limits())},
  };
  return out.dump();
}

}  // namespace privlab::api
