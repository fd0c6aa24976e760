/**
 * @file evaluated_mechanism.cpp
 * @brief Reading and validating a user's mechanism matrix; running the comparison design.
 */
#include "evaluate/evaluated_mechanism.h"

#include <algorithm>
#include <cmath>

#include "audit/audit_json.h"
#include "common/arguments.h"
#include "common/error.h"
#include "json/json_read.h"
#include "json/json_write.h"

namespace privlab::evaluated {

namespace jr = json_read;

static_assert(arguments::kColumnTolerance == audit::kColumnTolerance,
              "the evaluate reader and the audit accept the same column sums");

namespace {
const std::string kPath = "/evaluate";

std::string list(const std::vector<long>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " or " : "") + std::to_string(v[i]);
  return s;
}
}  // namespace

bool requested(const Json& request) { return request.is_object() && request.contains("evaluate"); }

Matrix read(const Json& request, const Shape& shape, const std::string& design_key) {
  if (!design_key.empty() && request.contains(design_key))
    bad_request("conflicting_fields", jr::child("", design_key),
                "give either \"evaluate\" (a matrix to evaluate) or \"" + design_key + "\" (a design), not both");
  const Json& value = request.at("evaluate");
  // Rows, raggedness and finite numbers: the shared matrix reader names the row or the cell.
  const long max_inputs = *std::max_element(shape.inputs.begin(), shape.inputs.end());
  const Matrix q = jr::matrix(value, kPath, shape.max_outputs, std::max(max_inputs, 65536L));
  bool inputs_ok = false;
  for (long n : shape.inputs) inputs_ok = inputs_ok || q.cols() == n;
  if (!inputs_ok)
    bad_request("wrong_input_count", jr::child(kPath, 0),
                "the matrix has " + std::to_string(q.cols()) + " columns (inputs) but " + shape.inputs_meaning +
                    " needs " + list(shape.inputs));
  if (shape.exact_outputs > 0 && q.rows() != shape.exact_outputs)
    bad_request("wrong_output_count", kPath,
                "the matrix has " + std::to_string(q.rows()) + " rows (outputs) but " + shape.outputs_meaning +
                    " needs " + std::to_string(shape.exact_outputs));
  // Negative entries and column sums: the check the typed measure functions run too.
  arguments::stochastic_columns(q, kPath);
  return q;
}

std::vector<long> bad_columns(const Matrix& q) {
  std::vector<long> out;
  for (long c = 0; c < q.cols(); ++c)
    if (!q.col(c).allFinite() || q.col(c).minCoeff() < 0 || std::abs(q.col(c).sum() - 1.0) > audit::kColumnTolerance)
      out.push_back(c);
  return out;
}

void describe(Json& out, const Matrix& q, const audit::Claim& claim) {
  out["mechanism_name"] = "evaluated";
  out["mechanism"] = json_write::matrix(q);
  out["output_size"] = q.rows();
  out["audit"] = audit::to_json(audit::audit_mechanism(q, claim));
}

bool compare_requested(const Json& request) {
  if (!request.contains("compare_optimal")) return false;
  const Json& v = request.at("compare_optimal");
  if (!v.is_boolean()) bad_request("not_a_boolean", "/compare_optimal", "expected true or false");
  return v.get<bool>();
}

Json solve_optimal(const Json& request, const Json& design_fields, Handler handle, const Context& context) {
  Json design = request;
  design.erase("evaluate");
  design.erase("compare_optimal");
  design.update(design_fields);
  try {
    return handle(design, context);
  } catch (const Error& e) { return {{"error", {{"code", e.code()}, {"message", e.what()}, {"path", e.path()}}}}; }
}

Json compare(const Json& request, const Comparison& how, double level, double given, Handler handle) {
  Json out = how.design;
  if (out.contains("mechanism")) {  // "mechanism" is the given matrix's key in a response
    out["mechanism_name"] = out["mechanism"];
    out.erase("mechanism");
  }
  out[how.level_key] = json_write::real(level);
  if (!std::isfinite(level) || level > how.max_level) {
    out["optimal"] = {{"error",
                       {{"code", "no_finite_epsilon"},
                        {"path", kPath},
                        {"message",
                         "the matrix's own level is infinite (or beyond what the design accepts): "
                         "give \"" +
                             how.level_key + "\" to compare at a finite level"}}}};
    return out;
  }
  Json design = how.design;
  design[how.level_key] = level;
  out["optimal"] = solve_optimal(request, design, handle, Context{});
  if (!out["optimal"].contains("error")) out[how.ratio_name] = ratio(given, out["optimal"][how.metric].get<double>());
  return out;
}

Json ratio(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b) || b == 0) return nullptr;
  return a / b;
}

}  // namespace privlab::evaluated
