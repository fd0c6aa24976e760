/**
 * @file svg_plot.h
 * @brief SVG charts of an experiment's table (the "plots" of an experiment response).
 */
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace privlab::cli {

/**
 * Draws one plot spec {"title","kind":"line"|"scatter"|"band","x","y","group"?,"y_low"?,"y_high"?,
 * "x_label"?,"y_label"?} over the experiment's "columns"/"rows". Series are the distinct values
 * of the group column, in the Okabe-Ito colour-blind-safe palette. Non-numeric cells are skipped.
 */
std::string svg_plot(const nlohmann::json& experiment, const nlohmann::json& plot);

}  // namespace privlab::cli
