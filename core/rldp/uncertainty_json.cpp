/**
 * @file uncertainty_json.cpp
 * @brief Reading and writing an uncertainty set F in requests and responses.
 */
#include "rldp/uncertainty_json.h"

#include "common/error.h"
#include "json/json_read.h"

namespace privlab::rldp {

namespace jr = json_read;

UncertaintySet parse_uncertainty(const nlohmann::json& request, long num_x, std::optional<long long> n) {
  UncertaintySet set;
  const std::string path = "/uncertainty";
  if (!request.contains("uncertainty")) return set;
  const auto& u = request.at("uncertainty");
  if (u.is_string()) {
    const auto s = u.get<std::string>();
    if (s == "point") return set;
    if (s == "simplex") {
      set.kind = UncertaintySet::Kind::kSimplex;
      return set;
    }
    bad_request("unknown_value", path,
                "uncertainty must be \"point\", \"simplex\", {\"alpha\",\"radius\"} or "
                "{\"alpha\",\"confidence\"}");
  }
  if (!u.is_object()) bad_request("not_an_object", path, "uncertainty must be a string or an object");
  set.kind = UncertaintySet::Kind::kRenyiBall;
  set.alpha = jr::number_or(u, "alpha", path, 1e-6, 1e6, 2.0);
  if (u.contains("radius")) {
    set.radius = jr::number(u, "radius", path, 0, 1e6);
  } else if (u.contains("confidence")) {
    const double c = jr::number(u, "confidence", path, 1e-9, 1 - 1e-12);
    if (!n) bad_request("missing_field", "/n", "n (the sample size) is required with a confidence level");
    set.confidence = c;
    set.n = *n;
    set.radius = renyi_radius_from_confidence(set.alpha, c, *n, num_x);
  } else {
    bad_request("missing_field", jr::child(path, "radius"), "a Renyi ball needs \"radius\" or \"confidence\"");
  }
  return set;
}

nlohmann::json to_json(const UncertaintySet& set) {
  switch (set.kind) {
    case UncertaintySet::Kind::kPoint: return {{"kind", "point"}};
    case UncertaintySet::Kind::kSimplex: return {{"kind", "simplex"}};
    default: break;
  }
  nlohmann::json j = {{"kind", "renyi"}, {"alpha", set.alpha}, {"radius", set.radius}};
  if (set.confidence) {
    j["confidence"] = *set.confidence;
    j["n"] = set.n;
  }
  return j;
}

}  // namespace privlab::rldp
