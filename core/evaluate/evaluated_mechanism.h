/**
 * @file evaluated_mechanism.h
 * @brief "Bring your own mechanism" (issue 15): the one reader and validator of a request's
 *        `"evaluate": [[...]]` matrix, shared by every family, and the one runner of the
 *        `"compare_optimal"` design.
 *
 * A matrix is indexed [output][input] (the orientation privlab returns). It is never normalised:
 * each column must already be a probability distribution within audit::kColumnTolerance (1e-9),
 * with no negative or non-finite entry. Every refusal is a bad request naming the cell
 * (`/evaluate/<row>/<col>`) or, for a column sum, the column's first cell `/evaluate/0/<col>`
 * with the column named in the message.
 */
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "audit/audit.h"
#include "common/context.h"
#include "common/linalg.h"

namespace privlab::evaluated {

using Json = nlohmann::json;
using Handler = Json (*)(const Json&, const Context&);

/// True when the request carries "evaluate" (the family answers with the given matrix).
bool requested(const Json& request);

/// What the family expects of the matrix.
struct Shape {
  std::vector<long> inputs;    ///< allowed column counts (e.g. |X|, or |S||X| for a (s,x) protocol)
  std::string inputs_meaning;  ///< named in the error, e.g. "|X| = |S||U| = 6 (the joint's cells)"
  long max_outputs = 256;      ///< rows beyond this are refused (too_large)
  long exact_outputs = 0;      ///< > 0: the row count is fixed (e.g. Y takes the values of U)
  std::string outputs_meaning;
};

/**
 * Reads request["evaluate"]. Refuses, naming the field: a request that also names a design
 * (`conflicting_fields` at `/<design_key>`, unless design_key is empty), a non-matrix or ragged rows (`ragged_matrix`
 * `/evaluate/<row>`), a non-number or non-finite cell (`/evaluate/<row>/<col>`), a negative cell
 * (`negative_probability`), a wrong number of inputs (`wrong_input_count` `/evaluate/0`) or
 * outputs, and a column whose sum is not 1 within 1e-9 (`column_not_distribution`).
 */
Matrix read(const Json& request, const Shape& shape, const std::string& design_key);

/// The columns that are not distributions (a negative entry or a sum off 1 by more than 1e-9).
std::vector<long> bad_columns(const Matrix& q);

/**
 * The fields every evaluate response carries: "mechanism_name": "evaluated", the matrix echoed
 * as "mechanism", "output_size", and the audit (columns re-checked; the claim is the privacy
 * level measured from the matrix, so "designed_epsilon" = "measured_epsilon").
 */
void describe(Json& out, const Matrix& q, const audit::Claim& claim);

/// request["compare_optimal"] (false when absent; not_a_boolean otherwise).
bool compare_requested(const Json& request);

/**
 * Solves the family's optimal design for the comparison: `handle` runs on the request without
 * "evaluate"/"compare_optimal" and with `design_fields` set. A refusal or failure of that design
 * (too large, no finite epsilon, ...) does not fail the evaluation: it is returned as
 * {"error": {code, message, path}} in place of the design response.
 */
Json solve_optimal(const Json& request, const Json& design_fields, Handler handle, const Context& context);

/// How the family compares a given matrix with its optimal design.
struct Comparison {
  Json design;             ///< fields of the design request (the mechanism or problem name)
  std::string level_key;   ///< the design field that takes the level ("epsilon", "min_distortion")
  double max_level;        ///< the largest level the design accepts
  std::string metric;      ///< the response field compared ("mutual_information", "cost", ...)
  std::string ratio_name;  ///< the reported ratio ("utility_ratio", "cost_ratio", ...)
};

/**
 * The "comparison" object: the design solved at `level` (solve_optimal) as "optimal", the level
 * under `level_key`, and `ratio_name` = given / optimal[metric]. An infinite level (or one
 * beyond max_level) is not designed: optimal = {"error": {"code": "no_finite_epsilon"}}.
 */
Json compare(const Json& request, const Comparison& how, double level, double given, Handler handle);

/// a / b for the comparison ratios: null when b = 0 or either is not finite.
Json ratio(double a, double b);

}  // namespace privlab::evaluated
