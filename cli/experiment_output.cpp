/**
 * @file experiment_output.cpp
 * @brief NAME.json (indented response), NAME.csv (columns + rows) and one SVG per plot.
 */
#include "experiment_output.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "privlab/api.h"
#include "svg_plot.h"

namespace privlab::cli {

namespace {
using Json = nlohmann::json;

std::string csv_cell(const Json& v) {
  if (v.is_string()) {
    std::string s = v.get<std::string>(), out = "\"";
    for (char c : s) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  }
  return v.is_null() ? "" : v.dump();
}
}  // namespace

std::vector<std::string> write_experiment(const Json& response, const std::string& out_dir, const std::string& name) {
  std::filesystem::create_directories(out_dir);
  const std::filesystem::path base = std::filesystem::path(out_dir) / name;
  std::ofstream(base.string() + ".json") << response.dump(2) << "\n";
  if (response.contains("columns") && response.contains("rows")) {
    std::ofstream csv(base.string() + ".csv");
    const auto& cols = response["columns"];
    for (std::size_t c = 0; c < cols.size(); ++c) csv << (c ? "," : "") << csv_cell(cols[c]);
    csv << "\n";
    for (const auto& row : response["rows"]) {
      for (std::size_t c = 0; c < row.size(); ++c) csv << (c ? "," : "") << csv_cell(row[c]);
      csv << "\n";
    }
  }
  std::vector<std::string> written{base.string() + ".json", base.string() + ".csv"};
  if (response.contains("plots")) {
    int k = 0;
    for (const auto& plot : response["plots"]) {
      const std::string file = base.string() + "-" + std::to_string(++k) + ".svg";
      std::ofstream(file) << svg_plot(response, plot);
      written.push_back(file);
    }
  }
  return written;
}

int assemble_and_write(const Json& request, const std::string& out_dir) {
  const auto outcome = api::solve(request.dump());
  if (outcome.exit_code != 0) {
    std::cout << outcome.json << "\n";
    return outcome.exit_code;
  }
  const Json response = Json::parse(outcome.json);
  const auto written = write_experiment(response, out_dir, request.at("experiment").get<std::string>());
  for (const auto& note : response.value("notes", Json::array()))
    std::cerr << "note: " << note.get<std::string>() << "\n";
  for (const auto& f : written) std::cout << f << "\n";
  return 0;
}

}  // namespace privlab::cli
