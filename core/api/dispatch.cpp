/**
 * @file dispatch.cpp
 * @brief The one JSON dispatcher: request text -> family handler -> response text.
 *
 * Errors raised anywhere in core (privlab::Error) become {"error":{code,message,path}} with the
 * exit code of the CLI contract; every other exception type too (nlohmann's type and range
 * errors from a field read without json_read: invalid_field, exit 2; bad_alloc: out_of_memory;
 * anything else: internal_error, exit 3), and nothing throws past solve(). Responses are written with invalid UTF-8 replaced (U+FFFD), so
 * no message can make the writer throw inside a catch block.
 */
#include <algorithm>
#include <chrono>
#include <string>

#include "api/known_fields.h"
#include "common/error.h"
#include "estimation/handler.h"
#include "funnel/handler.h"
#include "game/handler.h"
#include "json/json_parse.h"
#include "json/json_read.h"
#include "model/data_handler.h"
#include "privlab/api.h"
#include "rldp/handler.h"
#include "rldp_mse/handler.h"

namespace privlab::api {

namespace {
using Json = nlohmann::json;
using Handler = Json (*)(const Json&, const Context&);

struct Family {
  const char* name;
  Handler handle;
};

constexpr Family kFamilies[] = {
    {"rldp", &rldp::handle_request},     {"rldp-mse", &rldp_mse::handle_request},
    {"funnel", &funnel::handle_request}, {"estimation", &estimation::handle_request},
    {"game", &game::handle_request},     {"data", &data::handle_request},
};

/// Requests larger than this are refused before parsing (the browser must never freeze). The
/// Adult census text (3.8 MB) must fit, as "data_csv" of experiments and tabulations.
constexpr std::size_t kMaxRequestBytes = 8 * 1024 * 1024;

/// Never throws on any string content: invalid UTF-8 becomes U+FFFD.
std::string write(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

Outcome error_outcome(const std::string& code, const std::string& message, const std::string& path, int exit_code) {
  Json e = {{"error", {{"code", code}, {"message", message}, {"path", path}}}};
  return {write(e), exit_code};
}

constexpr std::size_t kMaxBatch = 500;

Json dispatch(const Json& request, const Context& context);

/**
 * {"family":"batch","requests":[r_0, r_1, ...]} -> {"responses":[...]}: each request answered as
 * if alone (a failing one gives its {"error":...} in place, the others still run). Progress is
 * reported per request, with each request's own stage; used by the page for curves over epsilon.
 */
Json dispatch_batch(const Json& request, const Context& context) {
  const Json& list = json_read::member(request, "requests", "");
  if (!list.is_array() || list.empty()) bad_request("not_an_array", "/requests", "requests must be a non-empty array");
  if (list.size() > kMaxBatch)
    bad_request("too_large", "/requests", "at most " + std::to_string(kMaxBatch) + " requests in a batch");
  // "budget": {"seconds": s} (issue 28): no request starts after s seconds (the first always
  // runs); the answer then holds the responses that finished, flagged "budget_exhausted".
  double budget = 0;
  if (request.contains("budget")) {
    const Json& b = request["budget"];
    if (!b.is_object()) bad_request("not_an_object", "/budget", "budget is {\"seconds\": s}");
    budget = json_read::number(b, "seconds", "/budget", 1e-3, 1e6);
  }
  const auto start = std::chrono::steady_clock::now();
  Json responses = Json::array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (budget > 0 && i > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= budget) {
      context.report(1.0, "budget exhausted");
      return {{"family", "batch"}, {"responses", responses}, {"budget_exhausted", true}, {"requests_done", i}};
    }
    const std::string which = "request " + std::to_string(i + 1) + " of " + std::to_string(list.size());
    context.report(static_cast<double>(i) / list.size(), which);
    // An item's own progress (an LP's rounds and gap) within its share of the bar.
    Context item_context;
    if (context.progress)
      item_context.progress = [&context, &which, i, count = list.size()](double fraction, const std::string& stage) {
        context.report((static_cast<double>(i) + std::clamp(fraction, 0.0, 1.0)) / static_cast<double>(count),
                       which + ": " + stage);
      };
    const Json& item = list[i];
    if (item.is_object() && item.value("family", "") == "batch")
      bad_request("unknown_value", json_read::child("/requests", i) + "/family", "batches do not nest");
    try {
      responses.push_back(dispatch(item, item_context));
    } catch (const Error& e) {  // others (bad_alloc, internal) fail the whole batch in solve()
      std::string path =
          e.path().empty() ? json_read::child("/requests", i) : json_read::child("/requests", i) + e.path();
      responses.push_back({{"error", {{"code", e.code()}, {"message", e.what()}, {"path", path}}}});
    }
  }
  context.report(1.0, "done");
  return {{"family", "batch"}, {"responses", responses}};
}

Json dispatch(const Json& request, const Context& context) {
  if (!request.is_object()) bad_request("not_an_object", "", "the request must be a JSON object");
  std::vector<std::string> names;
  for (const auto& f : kFamilies) names.emplace_back(f.name);
  names.emplace_back("batch");
  const std::string family = json_read::one_of(request, "family", "", names);
  json_read::known_fields(request, known_fields(family));  // a typo is refused, not ignored
  if (family == "batch") return dispatch_batch(request, context);
  for (const auto& f : kFamilies)
    if (family == f.name) return f.handle(request, context);
  bad_request("unknown_value", "/family", "unknown family");
}

Outcome solve_or_throw(const std::string& request_json, const ProgressFn& progress) {
  if (request_json.size() > kMaxRequestBytes)
    return error_outcome("too_large", "the request exceeds 8 MiB", "", kBadRequest);
  try {
    const Json request = json_parse::parse_request(request_json);
    return {write(dispatch(request, Context{progress})), kOk};
  } catch (const Error& e) {
    const int code = e.kind() == ErrorKind::kBadRequest ? kBadRequest : kSolverFailure;
    return error_outcome(e.code(), e.what(), e.path(), code);
  } catch (const Json::type_error& e) {  // a field read without json_read: the request's shape
    return error_outcome("invalid_field", std::string("a field has the wrong type: ") + e.what(), "", kBadRequest);
  } catch (const Json::out_of_range& e) {
    return error_outcome("invalid_field", std::string("a field is missing or out of range: ") + e.what(), "",
                         kBadRequest);
  } catch (const std::bad_alloc&) {
    return error_outcome("out_of_memory", "the problem does not fit in memory", "", kSolverFailure);
  } catch (const std::exception& e) {
    return error_outcome("internal_error", e.what(), "", kSolverFailure);
  } catch (...) { return error_outcome("internal_error", "an unexpected failure", "", kSolverFailure); }
}
}  // namespace

Outcome solve(const std::string& request_json, const ProgressFn& progress) {
  try {
    return solve_or_throw(request_json, progress);
  } catch (...) {  // only writing the error itself can get here (e.g. out of memory)
    return {R"({"error":{"code":"internal_error","message":"an unexpected failure","path":""}})", kSolverFailure};
  }
}

std::string solve_json(const std::string& request_json) { return solve(request_json, {}).json; }

std::string version() { return PRIVLAB_VERSION; }

}  // namespace privlab::api
