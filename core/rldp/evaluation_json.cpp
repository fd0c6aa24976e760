/**
 * @file evaluation_json.cpp
 * @brief The JSON edge of rldp: an Evaluation as response fields, and small request readers
 *        shared by the rldp handler and its experiments.
 */
#include "rldp/evaluation_json.h"

#include "common/error.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "rldp/mechanisms.h"

namespace privlab::rldp {

namespace jr = json_read;

nlohmann::json to_json(const Evaluation& e) {
  return {{"mutual_information", e.mutual_information}, {"nmi", e.nmi}, {"epsilon", json_write::real(e.epsilon)}};
}

bool read_bool(const nlohmann::json& obj, const std::string& key, const std::string& path, bool fallback) {
  if (!obj.contains(key)) return fallback;
  const auto& v = obj.at(key);
  if (!v.is_boolean()) bad_request("not_a_boolean", jr::child(path, key), "expected true or false");
  return v.get<bool>();
}

std::vector<double> read_numbers(const nlohmann::json& obj, const std::string& key, const std::string& path, double lo,
                                 double hi, long max_size, std::vector<double> fallback) {
  if (!obj.contains(key)) return fallback;
  const std::string where = jr::child(path, key);
  const Vector v = jr::vector(obj.at(key), where, max_size);
  std::vector<double> out;
  for (long i = 0; i < v.size(); ++i) {
    if (v(i) < lo || v(i) > hi)
      bad_request("out_of_range", jr::child(where, static_cast<std::size_t>(i)),
                  "value must lie in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    out.push_back(v(i));
  }
  return out;
}

std::vector<std::string> read_mechanisms(const nlohmann::json& obj, const std::string& path,
                                         std::vector<std::string> fallback) {
  if (!obj.contains("mechanisms")) return fallback;
  const std::string where = jr::child(path, "mechanisms");
  const auto& v = obj.at("mechanisms");
  if (!v.is_array() || v.empty()) bad_request("not_an_array", where, "expected mechanism names");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    nlohmann::json wrap = {{"m", v[i]}};
    try {
      out.push_back(jr::one_of(wrap, "m", "", mechanism_names()));
    } catch (const Error& e) { bad_request(e.code(), jr::child(where, i), e.what()); }
  }
  return out;
}

}  // namespace privlab::rldp
