/**
 * @file bind_rldp_mse.cpp
 * @brief privlab.rldp_mse: the typed rldp-mse API (privlab/rldp_mse.h) with numpy arrays. The
 *        dicts are written by the JSON response's writers (rldp_mse/design_json.h).
 */
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <optional>

#include "module_parts.h"
#include "privlab/rldp_mse.h"
#include "rldp_mse/design_json.h"

namespace py = pybind11;

namespace privlab::python {

namespace {
/// F from {'radius': B} (eq. (2)) or {'confidence': c, 'n': n} (eq. (3); n defaults to the count
/// total when the joint is given as counts).
rldp_mse::ChiSquareSet set_from(const py::dict& u, const Joint& estimate) {
  check_keys(u, "/uncertainty", {"radius", "confidence", "n"});
  if (u.contains("radius")) return rldp_mse::chi2_ball(estimate, u["radius"].cast<double>());
  if (u.contains("confidence")) {
    long long n = 0;
    if (u.contains("n"))
      n = u["n"].cast<long long>();
    else if (estimate.from_counts)
      n = static_cast<long long>(estimate.total);
    else
      bad_request("missing_field", "/n", "n (the sample size) is required with a confidence level");
    return rldp_mse::chi2_ball_confidence(estimate, u["confidence"].cast<double>(), n);
  }
  bad_request("missing_field", "/uncertainty/confidence", "uncertainty needs \"confidence\" or \"radius\"");
}

std::optional<Joint> truth_from(const std::optional<Matrix>& true_joint) {
  if (!true_joint) return std::nullopt;
  return make_joint(*true_joint, "/true_joint");
}

}  // namespace

void add_rldp_mse(py::module_& m) {
  py::module_ r = m.def_submodule("rldp_mse", "MSE release under robust privacy (typed API, privlab/rldp_mse.h).");
  r.def("problem_names", &rldp_mse::problem_names);
  r.def("radius_from_confidence", &rldp_mse::radius_from_confidence, py::arg("confidence"), py::arg("n"),
        py::arg("num_x"), "B of eq. (3): the chi-square quantile with |S||U| - 1 degrees of freedom, / n.");
  r.def(
      "design",
      [](const Matrix& joint, const std::string& problem, double epsilon, const py::dict& uncertainty,
         const std::optional<Vector>& values, const std::optional<Matrix>& true_joint, double gap_tolerance,
         int max_rounds) {
        const Joint hat = make_joint(joint);
        const rldp_mse::Problem p = rldp_mse::problem_from_name(problem);
        const rldp_mse::ChiSquareSet set = set_from(uncertainty, hat);
        const auto truth = truth_from(true_joint);
        rldp_mse::SolveOptions options;
        options.gap_tolerance = gap_tolerance;
        options.max_rounds = max_rounds;
        const Vector u = values ? *values : rldp_mse::default_values(hat.num_u());
        const rldp_mse::Design d =
            without_gil([&] { return rldp_mse::design(hat, p, epsilon, set, u, truth, options); });
        nlohmann::json out = rldp_mse::design_json(d, p, epsilon, set, u, truth);  // the JSON response's writer
        out["radius"] = set.radius;  // the Python dict's B at the top (docs/python.md); also uncertainty.radius
        return typed_result(out);
      },
      py::arg("joint"), py::arg("problem"), py::arg("epsilon"), py::arg("uncertainty"), py::arg("values") = py::none(),
      py::arg("true_joint") = py::none(), py::arg("gap_tolerance") = 1e-4, py::arg("max_rounds") = 150,
      "Solves 'nunp' (7), 'nurp' (8), 'runp' (9) or 'rurp' (10) for P-hat = joint [s][u] (probabilities or counts) "
      "over F = {'radius': B} or {'confidence': c, 'n': n} (eq. (2)-(3)), output values of U (default 0..|U|-1). "
      "Returns {'mechanism' [y][x] (x = s*|U|+u), 'audit', 'distortion', 'robust_distortion', 'epsilon', "
      "'robust_epsilon', 'objective', 'optimality_gap', 'true'?, ...}.");
  r.def(
      "measure",
      [](const Matrix& q, const Matrix& joint, const py::dict& uncertainty, const std::optional<Vector>& values,
         const std::optional<Matrix>& true_joint) {
        const Joint hat = make_joint(joint);
        const rldp_mse::ChiSquareSet set = set_from(uncertainty, hat);
        const Vector u = values ? *values : rldp_mse::default_values(hat.num_u());
        const auto truth = truth_from(true_joint);
        return typed_result(rldp_mse::metrics_json(rldp_mse::measure(q, hat, set, u, truth), set, u, truth));
      },
      py::arg("q"), py::arg("joint"), py::arg("uncertainty"), py::arg("values") = py::none(),
      py::arg("true_joint") = py::none(),
      "Distortion and privacy of a mechanism q [y][x] under P-hat, over F (certified) and under the true joint.");
}

}  // namespace privlab::python
