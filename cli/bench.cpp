/**
 * @file bench.cpp
 * @brief Times the request sets in bench/*.json (one file per family) through
 *        privlab::api::solve. scripts/bench-wasm.mjs runs the same sets through the WASM module,
 *        so the two reports compare as a ratio.
 */
#include "bench.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "privlab/api.h"

namespace privlab::cli {

namespace {
/// `only` is empty (all) or a "|"-separated list of substrings, any of which selects a name
/// (not commas: names such as "game/joint (24) 10x10 exact, decomposition" contain them).
bool name_selected(const std::string& name, const std::string& only) {
  if (only.empty()) return true;
  std::size_t start = 0;
  while (start <= only.size()) {
    const std::size_t bar = std::min(only.find('|', start), only.size());
    const std::string part = only.substr(start, bar - start);
    if (!part.empty() && name.find(part) != std::string::npos) return true;
    start = bar + 1;
  }
  return false;
}
/// CPU seconds (user + system) of this process so far.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/// Peak resident set of this process so far (KiB): monotone over the run, so an item's value
/// is its own peak only when it is the largest so far.
long max_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}
/// Times one benchmark item: its median and worst wall time over the repetitions, CPU per solve, the
/// process's peak RSS, and the certificate of game answers.
nlohmann::json time_item(const nlohmann::json& item, int repeat) {
  const std::string request = item["request"].dump();
  std::vector<double> ms;
  int exit_code = 0;
  // An item may cap its own repetitions ("max_repeat"): whole paper experiments take seconds.
  const int reps = std::max(1, std::min(repeat, item.value("max_repeat", repeat)));
  nlohmann::json last;
  const double cpu0 = cpu_seconds();
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto outcome = api::solve(request);
    exit_code = outcome.exit_code;
    if (r + 1 == reps) last = nlohmann::json::parse(outcome.json, nullptr, false);
    const auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  nlohmann::json entry = {{"name", item["name"]},
                          {"median_ms", ms[ms.size() / 2]},
                          {"worst_ms", ms.back()},
                          {"cpu_ms_per_solve", 1000 * (cpu_seconds() - cpu0) / reps},
                          {"max_rss_kb_so_far", max_rss_kb()},
                          {"repeat", reps},
                          {"exit_code", exit_code}};
  // The certificate of game answers (exact or not, rounds, and how the LP was solved).
  if (last.is_object() && last.contains("lp") && last["lp"].is_object() && last["lp"].contains("gap"))
    for (const char* key :
         {"gap", "lower_bound", "exact", "rounds", "stopped_early", "constraints", "method", "phase", "observables"})
      if (last["lp"].contains(key)) entry["lp"][key] = last["lp"][key];
  // How rldp's PolyOpt/NR solved Theorem 3's LP (46): method, proven gap, columns, rounds.
  if (last.is_object() && last.contains("details") && last["details"].is_object() &&
      last["details"].contains("optimality"))
    entry["optimality"] = last["details"]["optimality"];
  if (last.is_object() && last.contains("audit") && last["audit"].is_object() && last["audit"].contains("verified"))
    entry["audit_verified"] = last["audit"]["verified"];
  if (last.is_object() && last.contains("error")) entry["error"] = last["error"];
  return entry;
}

/// time_item in a child process (--isolate): its peak RSS is the item's own (plus the few MB the
/// harness had when it forked) instead of the largest so far.
nlohmann::json time_item_isolated(const nlohmann::json& item, int repeat) {
  int fds[2];
  if (pipe(fds) != 0) return time_item(item, repeat);
  std::cout.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]), close(fds[1]);
    return time_item(item, repeat);
  }
  if (pid == 0) {
    close(fds[0]);
    nlohmann::json entry = time_item(item, repeat);
    entry["isolated"] = true;
    const std::string text = entry.dump();
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t w = write(fds[1], text.data() + done, text.size() - done);
      if (w <= 0) break;
      done += static_cast<std::size_t>(w);
    }
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  ssize_t got;
  while ((got = read(fds[0], buf, sizeof buf)) > 0) text.append(buf, static_cast<std::size_t>(got));
  close(fds[0]);
  int status = 0;
  rusage child{};
  wait4(pid, &status, 0, &child);
  nlohmann::json entry = nlohmann::json::parse(text, nullptr, false);
  if (entry.is_discarded())
    entry = {{"name", item["name"]}, {"error", "the benchmark process died"}, {"status", status}};
  entry["max_rss_kb"] = child.ru_maxrss;
  return entry;
}
}  // namespace

int run_bench(int argc, char** argv) {
  std::string set_path = PRIVLAB_SOURCE_DIR "/bench";
  std::string out_path, only;
  int repeat = 15;
  bool isolate = false, progress = false;
  for (int i = 0; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--isolate" || flag == "--progress") {  // flags without a value
      (flag == "--isolate" ? isolate : progress) = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) {
      std::cerr << "option " << flag << " needs a value\n";
      return 2;
    }
    if (flag == "--set")
      set_path = argv[i + 1];
    else if (flag == "--out")
      out_path = argv[i + 1];
    else if (flag == "--repeat")
      repeat = std::max(1, std::atoi(argv[i + 1]));
    else if (flag == "--only")
      only = argv[i + 1];
    else {
      std::cerr << "unknown bench option " << flag << "\n";
      return 2;
    }
  }
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(set_path)) {
    for (const auto& entry : std::filesystem::directory_iterator(set_path))
      if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(set_path);
  }
  nlohmann::json requests = nlohmann::json::array();
  for (const auto& file : files) {
    std::ifstream in(file);
    const auto set = nlohmann::json::parse(in, nullptr, false);
    if (!in || set.is_discarded() || !set.contains("requests")) {
      std::cerr << "cannot read benchmark set " << file << "\n";
      return 2;
    }
    for (const auto& item : set["requests"])
      if (name_selected(item.value("name", ""), only)) requests.push_back(item);
  }
  nlohmann::json results = nlohmann::json::array();
  for (const auto& item : requests) {
    results.push_back(isolate ? time_item_isolated(item, repeat) : time_item(item, repeat));
    if (progress)
      std::cerr << "[bench] " << results.back()["name"].get<std::string>() << ": "
                << results.back().value("median_ms", 0.0) << " ms\n";
  }
  const nlohmann::json report = {{"runner", "native"}, {"version", api::version()}, {"results", results}};
  std::cout << report.dump(2) << "\n";
  if (!out_path.empty()) std::ofstream(out_path) << report.dump(2) << "\n";
  return 0;
}

}  // namespace privlab::cli
