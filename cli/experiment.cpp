/**
 * @file experiment.cpp
 * @brief Builds {"family","experiment",...parameters} from the command line, solves it with
 *        progress on stderr, and writes the table as JSON and CSV plus the plots as SVG.
 *
 *   privlab experiment FAMILY NAME [--set key=value]... [--request FILE] [--data FILE] [--out DIR]
 *
 * --set values are parsed as JSON when they parse (numbers, arrays), else taken as strings.
 * --data FILE puts the file's text into "data_csv" (the Adult census file for the real-data
 * experiments; core does no file I/O).
 */
#include "experiment.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "privlab/api.h"
#include "svg_plot.h"

namespace privlab::cli {

namespace {
using Json = nlohmann::json;

std::string read_file(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string csv_cell(const Json& v) {
  if (v.is_string()) {
    std::string s = v.get<std::string>(), out = "\"";
    for (char c : s) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  }
  return v.is_null() ? "" : v.dump();
}
}  // namespace

int run_experiment(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: privlab experiment FAMILY NAME [--set key=value]... [--request FILE] [--data FILE] [--out DIR]\n";
    return 2;
  }
  Json request = Json::object();
  std::string out_dir = "experiments";
  for (int i = 2; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) { std::cerr << "option " << flag << " needs a value\n"; return 2; }
    const std::string value = argv[i + 1];
    bool ok = true;
    if (flag == "--out") {
      out_dir = value;
    } else if (flag == "--request") {
      const auto parsed = Json::parse(read_file(value, ok), nullptr, false);
      if (!ok || !parsed.is_object()) { std::cerr << "cannot read a JSON object from " << value << "\n"; return 2; }
      request.update(parsed);
    } else if (flag == "--data") {
      request["data_csv"] = read_file(value, ok);
      if (!ok) { std::cerr << "cannot read " << value << "\n"; return 2; }
    } else if (flag == "--set") {
      const auto eq = value.find('=');
      if (eq == std::string::npos) { std::cerr << "--set wants key=value\n"; return 2; }
      const auto parsed = Json::parse(value.substr(eq + 1), nullptr, false);
      request[value.substr(0, eq)] = parsed.is_discarded() ? Json(value.substr(eq + 1)) : parsed;
    } else {
      std::cerr << "unknown experiment option " << flag << "\n";
      return 2;
    }
  }
  request["family"] = argv[0];
  request["experiment"] = argv[1];
  const std::string name = argv[1];

  const auto outcome = api::solve(request.dump(), [](double fraction, const std::string& stage) {
    std::cerr << "\r[" << static_cast<int>(100 * fraction + 0.5) << "%] " << stage.substr(0, 60) << "\033[K" << std::flush;
  });
  std::cerr << "\n";
  const Json response = Json::parse(outcome.json);
  if (outcome.exit_code != 0) {
    std::cout << outcome.json << "\n";
    return outcome.exit_code;
  }
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
  for (const auto& note : response.value("notes", Json::array())) std::cerr << "note: " << note.get<std::string>() << "\n";
  for (const auto& f : written) std::cout << f << "\n";
  return 0;
}

}  // namespace privlab::cli
