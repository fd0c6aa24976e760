/**
 * @file experiment.h
 * @brief `privlab experiment FAMILY NAME`: runs a paper experiment through the dispatcher and
 *        writes NAME.json, NAME.csv and one SVG per plot.
 */
#pragma once

namespace privlab::cli {
/// argv after "experiment". Returns the process exit code.
int run_experiment(int argc, char** argv);
}  // namespace privlab::cli
