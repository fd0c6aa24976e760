/**
 * @file unit_pool.cpp
 * @brief A std::thread pool over an experiment's units (header). Each call of api::solve is
 *        independent (GLPK keeps its state thread-local); inside core only the game
 *        decomposition's second pricing group runs on a thread of its own (worker_thread.h).
 */
#include "unit_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include "privlab/api.h"

namespace privlab::cli {

using Json = nlohmann::json;

int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

UnitRun run_units(const Json& request, const std::vector<long>& units, int jobs) {
  UnitRun run;
  run.items.resize(units.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards run.exit_code / error_json and stderr
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    Json one = request;
    for (std::size_t k = next++; k < units.size() && !failed; k = next++) {
      one["units"] = Json::array({units[k]});
      // One unit alone (a whole experiment): show its own progress.
      const auto outcome = units.size() == 1 ? api::solve(one.dump(),
                                                          [](double f, const std::string& stage) {
                                                            std::cerr << "\r[" << static_cast<int>(100 * f + 0.5)
                                                                      << "%] " << stage.substr(0, 60) << "\033[K"
                                                                      << std::flush;
                                                          })
                                             : api::solve(one.dump());
      std::lock_guard<std::mutex> lock(mutex);
      if (outcome.exit_code != 0) {
        if (!failed.exchange(true)) run.exit_code = outcome.exit_code, run.error_json = outcome.json;
        return;
      }
      run.items[k] = Json::parse(outcome.json).at("unit_results").at(0);
      ++done;
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double left = secs / static_cast<double>(done) * static_cast<double>(units.size() - done);
      char line[160];
      std::snprintf(line, sizeof line, "\r[%d%%] %zu/%zu units, %d threads, about %.0f s left",
                    static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(units.size()) + 0.5), done,
                    units.size(), jobs, left);
      std::cerr << line << "\033[K" << std::flush;
    }
  };
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(units.size())));
  std::vector<std::thread> threads;
  for (int t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  std::cerr << "\n";
  return run;
}

}  // namespace privlab::cli
