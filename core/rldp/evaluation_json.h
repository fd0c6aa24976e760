/**
 * @file evaluation_json.h
 * @brief The JSON edge of rldp: an Evaluation as response fields, and small request readers
 *        shared by the rldp handler and its experiments.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rldp/evaluation.h"

namespace privlab::rldp {

/// {"mutual_information","nmi","epsilon"} (epsilon +infinity as "Infinity").
nlohmann::json to_json(const Evaluation& e);

/// An optional boolean field (bad_request "not_a_boolean" naming it when of another type).
bool read_bool(const nlohmann::json& obj, const std::string& key, const std::string& path, bool fallback);
/// An optional array of numbers in [lo, hi] (at most max_size); `fallback` when absent.
std::vector<double> read_numbers(const nlohmann::json& obj, const std::string& key, const std::string& path, double lo,
                                 double hi, long max_size, std::vector<double> fallback);
/// An optional array of mechanism names; `fallback` when absent.
std::vector<std::string> read_mechanisms(const nlohmann::json& obj, const std::string& path,
                                         std::vector<std::string> fallback);

}  // namespace privlab::rldp
