/**
 * @file shard_part.cpp
 * @brief Writing, checking and merging shard part files (header). Merge refuses parts of
 *        different requests, a different shard count, duplicate or missing shards, and
 *        incomplete parts, naming the files.
 */
#include "shard_part.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "json/experiment_units.h"
#include "experiment_output.h"

namespace privlab::cli {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string request_hash(const Json& request) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : request.dump()) h = (h ^ c) * 1099511628211ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string part_path(const Json& request, long shard, long shards, const std::string& dir) {
  return (fs::path(dir) / (request.at("experiment").get<std::string>() + ".part-" + std::to_string(shard) + "-of-" +
                           std::to_string(shards) + ".json"))
      .string();
}

namespace {
Json read_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Json();
  std::stringstream buffer;
  buffer << in.rdbuf();
  return Json::parse(buffer.str(), nullptr, false);
}

bool is_part(const Json& p) {
  return p.is_object() && p.value("privlab_part", 0) == 1 && p.contains("request") && p.contains("request_hash") &&
         p.contains("shard") && p.contains("shards") && p.contains("unit_count") && p.contains("units") &&
         p.contains("unit_results") && p["units"].is_array() && p["unit_results"].is_array();
}

/// The units a part must hold (the shared split), compared with what it holds.
bool holds_its_units(const Json& p) {
  const auto want = units::shard_units(p["unit_count"].get<long>(), p["shard"].get<long>(), p["shards"].get<long>());
  if (p["units"].size() != want.size() || p["unit_results"].size() != want.size()) return false;
  for (std::size_t k = 0; k < want.size(); ++k)
    if (p["units"][k] != want[k] || p["unit_results"][k].value("unit", -1L) != want[k]) return false;
  return true;
}

std::string shard_name(const Json& p) {
  return std::to_string(p["shard"].get<long>()) + "/" + std::to_string(p["shards"].get<long>());
}

int refuse(const std::string& message) {
  std::cerr << "merge: " << message << "\n";
  return 2;
}
}  // namespace

bool part_is_complete(const Json& request, long shard, long shards, const std::string& dir) {
  const Json p = read_json(part_path(request, shard, shards, dir));
  return is_part(p) && p["request_hash"] == request_hash(request) && p["shard"] == shard && p["shards"] == shards &&
         holds_its_units(p);
}

std::string write_part(const Json& request, long shard, long shards, long unit_count, const std::vector<long>& units,
                       const std::vector<Json>& items, const std::string& dir) {
  fs::create_directories(dir);
  const Json part = {{"privlab_part", 1},  {"request_hash", request_hash(request)},
                     {"request", request}, {"shard", shard},
                     {"shards", shards},   {"unit_count", unit_count},
                     {"units", units},     {"unit_results", items}};
  const std::string path = part_path(request, shard, shards, dir), tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << part.dump() << "\n";
  }
  fs::rename(tmp, path);
  return path;
}

int run_merge(int argc, char** argv) {
  std::string out_dir;
  std::vector<std::string> inputs;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--out" && i + 1 < argc)
      out_dir = argv[++i];
    else
      inputs.push_back(a);
  }
  if (out_dir.empty() || inputs.empty()) {
    std::cerr << "usage: privlab merge --out DIR PART_DIR|PART_FILE...\n";
    return 2;
  }
  std::vector<std::string> files;
  for (const auto& in : inputs) {
    if (fs::is_directory(in)) {
      std::vector<std::string> found;
      for (const auto& e : fs::directory_iterator(in)) {
        const std::string name = e.path().filename().string();
        if (name.find(".part-") != std::string::npos && name.size() > 5 && name.substr(name.size() - 5) == ".json")
          found.push_back(e.path().string());
      }
      if (found.empty()) return refuse("no part files (NAME.part-I-of-N.json) in " + in);
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(in)) {
      files.push_back(in);
    } else {
      return refuse(in + " does not exist");
    }
  }
  std::vector<Json> parts;
  for (const auto& f : files) {
    parts.push_back(read_json(f));
    if (!is_part(parts.back())) return refuse(f + " is not a complete privlab part file");
  }
  const Json& first = parts.front();
  std::map<long, std::string> by_shard;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const Json& p = parts[k];
    if (p["request_hash"] != first["request_hash"])
      return refuse(files[k] + " is from a different request (" + p["request"].value("experiment", "?") + ", hash " +
                    p["request_hash"].get<std::string>() + ") than " + files[0] + " (" +
                    first["request"].value("experiment", "?") + ", hash " + first["request_hash"].get<std::string>() +
                    ")");
    if (p["shards"] != first["shards"])
      return refuse(files[k] + " is shard " + shard_name(p) + " but " + files[0] + " is shard " + shard_name(first) +
                    ": different shard counts");
    if (!holds_its_units(p)) return refuse(files[k] + " (shard " + shard_name(p) + ") does not hold all its units");
    const long s = p["shard"].get<long>();
    if (by_shard.count(s)) return refuse("duplicate shard " + shard_name(p) + ": " + by_shard[s] + " and " + files[k]);
    by_shard[s] = files[k];
  }
  const long shards = first["shards"].get<long>();
  std::string missing;
  for (long s = 0; s < shards; ++s)
    if (!by_shard.count(s)) missing += (missing.empty() ? "" : ", ") + std::to_string(s) + "/" + std::to_string(shards);
  if (!missing.empty())
    return refuse("missing shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing);
  Json request = first["request"];
  request["unit_results"] = Json::array();
  for (const auto& p : parts)
    for (const auto& item : p["unit_results"]) request["unit_results"].push_back(item);
  return assemble_and_write(request, out_dir);
}

}  // namespace privlab::cli
