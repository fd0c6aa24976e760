/**
 * @file privlab_module.cpp
 * @brief The Python module `privlab` (pybind11): a thin shell like cli/ and wasm/, no maths.
 *
 *   privlab.solve(dict) -> dict        the JSON API (api::solve): every family, experiments
 *   privlab.rldp.*, privlab.game.*, privlab.metrics.*, privlab.funnel.*, privlab.estimation.*,
 *   privlab.rldp_mse.*                 the typed API (core/include/privlab/) with numpy arrays:
 *                                      mechanisms [output][input], joint tables [s][u]; funnel,
 *                                      estimation and rldp_mse in python/bind_<family>.cpp
 *   privlab.PrivlabError               .code, .field (JSON pointer), .kind ("bad_request" or
 *                                      "solver_failure"), .exit_code (2 or 3)
 */
#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "common/field_path.h"
#include "json/json_fields.h"
#include "module_parts.h"
#include "privlab/api.h"
#include "privlab/game.h"
#include "privlab/metrics.h"
#include "privlab/model.h"
#include "privlab/rldp.h"
#include "game/design_json.h"
#include "rldp/design_json.h"

namespace py = pybind11;
using namespace privlab;

namespace {

/// The PrivlabError class, created once at import (the module object keeps it alive).
PyObject* g_error_class = nullptr;

[[noreturn]] void raise(const std::string& message, const std::string& code, const std::string& field,
                        bool solver_failure) {
  py::object cls = py::reinterpret_borrow<py::object>(g_error_class);
  py::object err = cls(message);
  err.attr("code") = code;
  err.attr("field") = field;
  err.attr("kind") = solver_failure ? "solver_failure" : "bad_request";
  err.attr("exit_code") = solver_failure ? 3 : 2;
  PyErr_SetObject(g_error_class, err.ptr());
  throw py::error_already_set();
}

rldp::UncertaintySet uncertainty_from(const py::object& u, long num_x) {
  if (u.is_none()) return rldp::point_set();
  if (py::isinstance<rldp::UncertaintySet>(u)) return u.cast<rldp::UncertaintySet>();
  if (py::isinstance<py::str>(u)) {
    const auto s = u.cast<std::string>();
    if (s == "point") return rldp::point_set();
    if (s == "simplex") return rldp::simplex_set();
    bad_request("unknown_value", "/uncertainty", "uncertainty must be \"point\", \"simplex\" or a dict");
  }
  if (!py::isinstance<py::dict>(u))
    bad_request("invalid_type", "/uncertainty",
                "uncertainty must be None, \"point\", \"simplex\", a dict or an UncertaintySet");
  const py::dict d = u.cast<py::dict>();
  python::check_keys(d, "/uncertainty", {"alpha", "radius", "confidence", "n"});
  const double alpha = d.contains("alpha") ? d["alpha"].cast<double>() : 2.0;
  if (d.contains("radius")) return rldp::renyi_ball(alpha, d["radius"].cast<double>());
  if (d.contains("confidence")) {
    if (!d.contains("n")) bad_request("missing_field", "/n", "n (the sample size) is required with a confidence level");
    return rldp::renyi_ball_confidence(alpha, d["confidence"].cast<double>(), d["n"].cast<long long>(), num_x);
  }
  bad_request("missing_field", "/uncertainty/radius", "a Renyi ball needs \"radius\" or \"confidence\"");
}

}  // namespace

void privlab::python::check_keys(const py::dict& options, const std::string& path,
                                 const std::vector<std::string>& known) {
  for (const auto& item : options) {
    const std::string key = py::str(item.first);
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    bad_request("unknown_field", field_path::child(path, key),
                "unknown field '" + key + "'; did you mean '" + json_read::nearest(key, known) + "'?");
  }
}

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "privlab: privacy mechanisms (RLDP, robust MSE, privacy funnel, estimation, privacy games). "
      "solve(dict) is the JSON API; rldp, rldp_mse, funnel, estimation, game and metrics are typed functions "
      "over numpy arrays "
      "(mechanisms [output][input], joint tables [s][u]).";
  g_error_class = PyErr_NewExceptionWithDoc(
      "privlab.PrivlabError",
      "A request privlab refuses (kind 'bad_request', exit_code 2) or cannot answer (kind 'solver_failure', "
      "exit_code 3). .code is the stable error code, .field the JSON pointer of the offending field.",
      PyExc_ValueError, nullptr);
  m.add_object("PrivlabError", py::handle(g_error_class));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      try {
        raise(e.what(), e.code(), e.path(), e.kind() == ErrorKind::kSolverFailure);
      } catch (py::error_already_set& set) { set.restore(); }
    }
  });

  m.def("solve", &python::solve, py::arg("request"), py::arg("progress") = py::none(), py::arg("numpy") = false,
        "Answers one JSON-level request given as a dict (docs/api.md; numpy arrays and scalars allowed) and returns "
        "the response as a dict (rectangular number arrays as numpy arrays when numpy=True). progress(fraction, "
        "stage) is called during long requests; Ctrl-C cancels. Raises PrivlabError with .code and .field.");
  m.def("version", &api::version);
  m.def("_check_keys", &python::check_keys, py::arg("options"), py::arg("path"), py::arg("known"),
        "Refuses a key not in known (unknown_field naming the nearest known key).");

  // ---- shared model and metrics ----
  py::module_ metrics_m = m.def_submodule("metrics", "Measurements that read a mechanism's matrix only.");
  metrics_m.def("entropy", &metrics::entropy, py::arg("p"), "H(P) in nats.");
  metrics_m.def("mutual_information", &metrics::mutual_information, py::arg("px"), py::arg("q"),
                "I(X;Y) for X ~ px and Q [y][x] (rldp eq. (44)-(45)).");
  metrics_m.def(
      "realized_epsilon",
      [](const Matrix& q, const Matrix& joint) { return metrics::realized_epsilon(q, make_joint(joint)); },
      py::arg("q"), py::arg("joint"), "Realized epsilon w.r.t. S under the joint [s][u] (rldp Section 8.3).");
  metrics_m.def("ldp_epsilon", &metrics::ldp_epsilon, py::arg("q"), "LDP level (rldp Definition 2).");
  metrics_m.def("simplex_rldp_epsilon", &metrics::simplex_rldp_epsilon, py::arg("q"), py::arg("num_s"),
                py::arg("num_u"), "(eps, simplex)-RLDP level (rldp Proposition 3).");

  // ---- rldp ----
  py::module_ r = m.def_submodule("rldp", "Robust local differential privacy (typed API, privlab/rldp.h).");
  py::class_<rldp::UncertaintySet>(r, "UncertaintySet")
      .def_property_readonly("kind",
                             [](const rldp::UncertaintySet& s) {
                               return s.kind == rldp::UncertaintySet::Kind::kPoint     ? "point"
                                      : s.kind == rldp::UncertaintySet::Kind::kSimplex ? "simplex"
                                                                                       : "renyi";
                             })
      .def_readonly("alpha", &rldp::UncertaintySet::alpha)
      .def_readonly("radius", &rldp::UncertaintySet::radius)
      .def_readonly("confidence", &rldp::UncertaintySet::confidence)
      .def_readonly("n", &rldp::UncertaintySet::n);
  r.def("point", &rldp::point_set, "F = {P-hat}.");
  r.def("simplex", &rldp::simplex_set, "F = the whole simplex.");
  r.def("renyi_ball", &rldp::renyi_ball, py::arg("alpha"), py::arg("radius"), "D_alpha(P-hat||P) <= radius (eq. 8).");
  r.def("renyi_ball_confidence", &rldp::renyi_ball_confidence, py::arg("alpha"), py::arg("confidence"), py::arg("n"),
        py::arg("num_x"), "The confidence ball (eq. 9 for alpha = 2).");
  r.def("mechanism_names", [] {
    std::vector<std::string> names;
    for (auto mech : {rldp::Mechanism::kGrr, rldp::Mechanism::kSrr, rldp::Mechanism::kIr, rldp::Mechanism::kNr,
                      rldp::Mechanism::kPolyOpt})
      names.push_back(rldp::mechanism_name(mech));
    return names;
  });
  r.def(
      "design",
      [](const Matrix& joint, const std::string& mechanism, double epsilon, const py::object& uncertainty,
         bool same_s_rows) {
        const Joint hat = make_joint(joint);
        const auto set = uncertainty_from(uncertainty, hat.num_x());
        rldp::DesignOptions opt;
        opt.same_s_rows = same_s_rows;
        const rldp::Mechanism mech = rldp::mechanism_from_name(mechanism);
        const rldp::Design d = python::without_gil([&] { return rldp::design(hat, mech, epsilon, set, opt); });
        // The JSON response's writer, plus the evaluate response's ldp_epsilon and simplex_epsilon.
        nlohmann::json out = rldp::design_json(d, mech, epsilon, hat, set, std::nullopt);
        out.update(rldp::worst_case_json(d.metrics));
        return python::typed_result(out);
      },
      py::arg("joint"), py::arg("mechanism"), py::arg("epsilon"), py::arg("uncertainty") = py::none(),
      py::arg("same_s_rows") = true,
      "Designs 'grr' | 'srr' | 'ir' | 'nr' | 'polyopt' for P-hat = joint [s][u] at epsilon over F "
      "(None/'point', 'simplex', {'alpha','radius'}, {'alpha','confidence','n'} or an UncertaintySet). "
      "Returns {'mechanism' [y][x] (x = s*|U|+u), 'audit', 'mutual_information', 'nmi', 'epsilon' (under P-hat), "
      "'robust_epsilon', 'robust_epsilon_exact', 'ldp_epsilon', 'simplex_epsilon', 'uncertainty', 'details'}.");
  r.def(
      "measure",
      [](const Matrix& q, const Matrix& joint, const py::object& uncertainty) {
        const Joint hat = make_joint(joint);
        const auto set = uncertainty_from(uncertainty, hat.num_x());
        const rldp::Metrics mt = rldp::measure(q, hat, set);
        nlohmann::json out = rldp::metrics_json(q, hat, set, mt, std::nullopt);  // as the "evaluate" response
        out.update(rldp::worst_case_json(mt));
        return python::typed_result(out);
      },
      py::arg("q"), py::arg("joint"), py::arg("uncertainty") = py::none(),
      "The metrics of a given mechanism q [y][x] for P-hat = joint [s][u] over F.");

  // ---- game ----
  py::module_ g = m.def_submodule("game", "Stackelberg privacy games (typed API, privlab/game.h).");
  g.def(
      "optimal_attack",
      [](const Matrix& p, const Vector& prior, const Matrix& distance) {
        const game::DeterministicAttack a = game::optimal_attack(p, prior, distance);
        return py::make_tuple(a.guess, a.error);
      },
      py::arg("p"), py::arg("prior"), py::arg("distance"),
      "The optimal attack (19) on p [o][s]: (guess per observation, expected error (7)).");
  g.def("bayes_attack", &game::bayes_attack, py::arg("p"), py::arg("prior"), "The Bayesian attack (25), [shat][o].");
  g.def(
      "design",
      [](const Vector& prior, const Matrix& distance, const std::string& mechanism,
         const std::optional<double>& epsilon, const std::optional<double>& min_distortion,
         const std::optional<Matrix>& loss, const std::optional<Matrix>& dp_distance) {
        const game::GameInputs in = game::make_inputs(prior, distance, loss, dp_distance);
        const game::MechanismKind kind = game::mechanism_kind(mechanism);
        // A level not given stays NaN ("not given"): design() refuses a kind that needs it
        // (missing_field, game::check_design_arguments), as a JSON request; never a silent 0.
        const double not_given = std::numeric_limits<double>::quiet_NaN();
        const game::DesignOptions opt =
            game::design_options(kind, epsilon.value_or(not_given), min_distortion.value_or(not_given));
        const game::AuditedDesign d = python::without_gil([&] { return game::design_audited(in, opt); });
        nlohmann::json out = game::measure_json(d.design.p, in, d.evaluation);  // the JSON response's writers
        out.update(game::design_json(d, opt, in));
        // The Python dict also has the LP certificate at the top (docs/python.md).
        for (const char* key : {"lower_bound", "gap", "exact"}) out[key] = out["lp"][key];
        return python::typed_result(out);
      },
      py::arg("prior"), py::arg("distance"), py::arg("mechanism"), py::arg("epsilon") = py::none(),
      py::arg("min_distortion") = py::none(), py::arg("loss") = py::none(), py::arg("dp_distance") = py::none(),
      "The optimal mechanism 'distortion' (21), 'dp' (22) or 'joint' (24) for the prior and distance d(shat,s) "
      "(O = S, Hamming utility loss unless loss [o][s] is given). Returns {'mechanism' [o][s], 'cost', "
      "'adversary_error', 'bayes_error', 'epsilon', 'attack', 'lower_bound', 'gap', 'exact', 'audit', ...}.");

  python::add_funnel(m);
  python::add_estimation(m);
  python::add_rldp_mse(m);
}
