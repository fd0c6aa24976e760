/**
 * @file audit_json.h
 * @brief The JSON edge of the audit: a Report as the response's "audit" object (docs/api.md).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "audit/audit.h"

namespace privlab::audit {

/// {"verified","guarantee","designed_epsilon","measured_epsilon","max_column_error","min_entry"}.
nlohmann::json to_json(const Report& report);

}  // namespace privlab::audit
