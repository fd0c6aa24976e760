/**
 * @file bench.cpp
 * @brief Times bench/requests.json through privlab::api::solve. scripts/bench-wasm.mjs runs the
 *        same set through the WASM module, so the two reports compare as a ratio.
 */
#include "bench.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "privlab/api.h"

namespace privlab::cli {

int run_bench(int argc, char** argv) {
  std::string set_path = PRIVLAB_SOURCE_DIR "/bench/requests.json";
  std::string out_path;
  int repeat = 15;
  for (int i = 0; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--set") set_path = argv[i + 1];
    else if (flag == "--out") out_path = argv[i + 1];
    else if (flag == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
    else { std::cerr << "unknown bench option " << flag << "\n"; return 2; }
  }
  std::ifstream in(set_path);
  if (!in) { std::cerr << "cannot read benchmark set " << set_path << "\n"; return 2; }
  const auto set = nlohmann::json::parse(in, nullptr, false);
  if (set.is_discarded() || !set.contains("requests")) {
    std::cerr << "malformed benchmark set " << set_path << "\n";
    return 2;
  }
  nlohmann::json results = nlohmann::json::array();
  for (const auto& item : set["requests"]) {
    const std::string request = item["request"].dump();
    std::vector<double> ms;
    int exit_code = 0;
    for (int r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      exit_code = api::solve(request).exit_code;
      const auto t1 = std::chrono::steady_clock::now();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    results.push_back({{"name", item["name"]}, {"median_ms", ms[ms.size() / 2]},
                       {"repeat", repeat}, {"exit_code", exit_code}});
  }
  const nlohmann::json report = {{"runner", "native"}, {"version", api::version()},
                                 {"results", results}};
  std::cout << report.dump(2) << "\n";
  if (!out_path.empty()) std::ofstream(out_path) << report.dump(2) << "\n";
  return 0;
}

}  // namespace privlab::cli
