/**
 * @file experiment.cpp
 * @brief Builds {"family","experiment",...parameters} from the command line, runs its units
 *        (core/json/experiment_units.h) on --jobs threads, and writes the table as JSON and
 *        CSV plus the plots as SVG; or, with --shard I/N, writes share I of N as a part file
 *        for `privlab merge` (shard_part.cpp).
 *
 *   privlab experiment FAMILY NAME [--set key=value]... [--request FILE] [--data FILE]
 *                      [--shard I/N] [--jobs N] [--out DIR]
 *
 * --set values are parsed as JSON when they parse (numbers, arrays), else taken as strings.
 * --data FILE puts the file's text into "data_csv" (the Adult census file for the real-data
 * experiments; core does no file I/O).
 */
#include "experiment.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "json/experiment_units.h"
#include "experiment_output.h"
#include "privlab/api.h"
#include "shard_part.h"
#include "unit_pool.h"

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

/// "I/N" with 0 <= I < N.
bool parse_shard(const std::string& text, long& shard, long& shards) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return false;
  try {
    std::size_t a = 0, b = 0;
    shard = std::stol(text.substr(0, slash), &a);
    shards = std::stol(text.substr(slash + 1), &b);
    return a == slash && b == text.size() - slash - 1 && shard >= 0 && shard < shards && shards <= 100000;
  } catch (const std::exception&) { return false; }
}
}  // namespace

int run_experiment(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: privlab experiment FAMILY NAME [--set key=value]... [--request FILE] [--data FILE] "
                 "[--shard I/N] [--jobs N] [--out DIR]\n";
    return 2;
  }
  Json request = Json::object();
  std::string out_dir = "experiments";
  long shard = -1, shards = 0;
  int jobs = default_jobs();
  for (int i = 2; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) {
      std::cerr << "option " << flag << " needs a value\n";
      return 2;
    }
    const std::string value = argv[i + 1];
    bool ok = true;
    if (flag == "--out") {
      out_dir = value;
    } else if (flag == "--shard") {
      if (!parse_shard(value, shard, shards)) {
        std::cerr << "--shard wants I/N with 0 <= I < N, got " << value << "\n";
        return 2;
      }
    } else if (flag == "--jobs") {
      try {
        jobs = std::stoi(value);
      } catch (const std::exception&) { jobs = 0; }
      if (jobs < 1 || jobs > 1024) {
        std::cerr << "--jobs wants a whole number from 1 to 1024, got " << value << "\n";
        return 2;
      }
    } else if (flag == "--request") {
      const auto parsed = Json::parse(read_file(value, ok), nullptr, false);
      if (!ok || !parsed.is_object()) {
        std::cerr << "cannot read a JSON object from " << value << "\n";
        return 2;
      }
      request.update(parsed);
    } else if (flag == "--data") {
      request["data_csv"] = read_file(value, ok);
      if (!ok) {
        std::cerr << "cannot read " << value << "\n";
        return 2;
      }
    } else if (flag == "--set") {
      const auto eq = value.find('=');
      if (eq == std::string::npos) {
        std::cerr << "--set wants key=value\n";
        return 2;
      }
      const auto parsed = Json::parse(value.substr(eq + 1), nullptr, false);
      request[value.substr(0, eq)] = parsed.is_discarded() ? Json(value.substr(eq + 1)) : parsed;
    } else {
      std::cerr << "unknown experiment option " << flag << "\n";
      return 2;
    }
  }
  for (const char* reserved : {"units", "shard", "unit_results"}) request.erase(reserved);
  request["family"] = argv[0];
  request["experiment"] = argv[1];

  if (shard >= 0 && part_is_complete(request, shard, shards, out_dir)) {
    std::cerr << "shard " << shard << "/" << shards << " is already complete in "
              << part_path(request, shard, shards, out_dir) << ": skipped\n";
    std::cout << part_path(request, shard, shards, out_dir) << "\n";
    return 0;
  }
  // The number of units (and the request's validity) from core.
  Json count_request = request;
  count_request["units"] = "count";
  const auto counted = api::solve(count_request.dump());
  if (counted.exit_code != 0) {
    std::cout << counted.json << "\n";
    return counted.exit_code;
  }
  const long count = Json::parse(counted.json).at("unit_count").get<long>();
  const std::vector<long> todo =
      shard >= 0 ? units::shard_units(count, shard, shards) : units::shard_units(count, 0, 1);
  const UnitRun run = run_units(request, todo, jobs);
  if (run.exit_code != 0) {
    std::cout << run.error_json << "\n";
    return run.exit_code;
  }
  if (shard >= 0) {
    const std::string file = write_part(request, shard, shards, count, todo, run.items, out_dir);
    std::cout << file << "\n";
    return 0;
  }
  Json assemble = request;
  assemble["unit_results"] = run.items;
  return assemble_and_write(assemble, out_dir);
}

}  // namespace privlab::cli
