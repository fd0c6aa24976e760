/**
 * @file work_budget.h
 * @brief The one work budget of every experiment (issue 28): an estimate of a request's cost in
 *        native CPU seconds, from its parameters (solves x the cost of one), checked before
 *        anything runs.
 *
 * Each family estimates its experiments (rldp-mse: instances x problems x a cutting-plane solve;
 * game: LPs x the size of one; rldp, funnel, estimation: their own counts) and calls guard_work.
 * Over the browser's budget the request is refused with too_large naming the parameter that
 * drives the estimate; "allow_large": true (the command line) raises the budget to an hour.
 * The constants per solve were measured natively (the family READMEs give the numbers); WASM
 * runs 2-3x slower, so the browser's budget of kBrowserSeconds keeps a tab responsive for
 * well under a minute.
 */
#pragma once
#include <string>

namespace privlab::work {

constexpr double kBrowserSeconds = 10;  ///< estimated native CPU seconds per request, browser
constexpr double kLargeSeconds = 3600;  ///< the same with "allow_large": true

/// The budget that applies (browser or allow_large).
double budget_seconds(bool allow_large);

/**
 * Throws bad_request("too_large", field, ...) when `estimated_seconds` exceeds the budget; the
 * message states the estimate, the budget, `what` (the count behind it, e.g. "32000 cutting-plane
 * solves") and how to proceed (reduce the field, or "allow_large": true on the command line).
 */
void guard(double estimated_seconds, bool allow_large, const std::string& field, const std::string& what);

}  // namespace privlab::work
