/**
 * @file shard_part.h
 * @brief Part files of `privlab experiment --shard I/N` and `privlab merge`.
 *
 * DIR/NAME.part-I-of-N.json = {"privlab_part": 1, "request_hash", "request", "shard", "shards",
 * "unit_count", "units", "unit_results"}; written to a temporary name and renamed, so a part
 * file that exists is complete (a rerun of its shard is skipped).
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace privlab::cli {

/// FNV-1a 64 of the request's JSON text, as 16 hex digits.
std::string request_hash(const nlohmann::json& request);

std::string part_path(const nlohmann::json& request, long shard, long shards, const std::string& dir);

/// Whether dir holds the complete part of this request's shard.
bool part_is_complete(const nlohmann::json& request, long shard, long shards, const std::string& dir);

/// Writes the part atomically; returns its path.
std::string write_part(const nlohmann::json& request, long shard, long shards, long unit_count,
                       const std::vector<long>& units, const std::vector<nlohmann::json>& items,
                       const std::string& dir);

/// `privlab merge --out DIR PART_DIR|PART_FILE...` (argv after "merge"); exit 0 / 2.
int run_merge(int argc, char** argv);

}  // namespace privlab::cli
