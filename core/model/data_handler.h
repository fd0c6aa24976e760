/**
 * @file data_handler.h
 * @brief JSON family "data": contingency tables from the Adult census text.
 *
 *   {"family":"data","tabulate":["sex","race"],"row_attributes":1,"data_csv":"<adult.data text>"}
 *   -> {"family":"data","attributes":[...],"labels":[[...],[...]],"counts":[[...]],"n":32561}
 *
 * counts is [rows][cols]: rows = the product of the first row_attributes attributes (default 1).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::data {
nlohmann::json handle_request(const nlohmann::json& request, const Context& context);
}
