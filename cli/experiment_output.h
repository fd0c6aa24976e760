/**
 * @file experiment_output.h
 * @brief Writing an experiment's response as NAME.json, NAME.csv and NAME-k.svg (the one
 *        writer of `privlab experiment` and `privlab merge`, so both give the same bytes).
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace privlab::cli {

/// Writes the files into out_dir (created if needed); returns their paths.
std::vector<std::string> write_experiment(const nlohmann::json& response, const std::string& out_dir,
                                          const std::string& name);

/// Solves an assembly request ({..., "unit_results"}) and writes its files; prints the paths
/// (stdout) and notes (stderr). Returns the exit code (the error JSON is printed on failure).
int assemble_and_write(const nlohmann::json& request, const std::string& out_dir);

}  // namespace privlab::cli
