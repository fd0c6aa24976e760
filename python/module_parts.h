/**
 * @file module_parts.h
 * @brief The pieces of the Python module `privlab` shared between its files: the audit as a
 *        dict, and the functions that add each family's submodule (one file per family).
 */
#pragma once
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "privlab/audit.h"

namespace privlab::python {

/// Runs f() with the GIL released (the long computations) and returns its result; f must not
/// touch Python objects. Errors propagate as privlab::Error, translated on the way out.
template <class F>
auto without_gil(F&& f) {
  pybind11::gil_scoped_release release;
  return f();
}

/// {"verified", "guarantee", "designed_epsilon", "measured_epsilon", "max_column_error",
/// "min_entry"}: the names of the JSON response's "audit".
pybind11::dict audit_dict(const audit::Report& report);

/// Refuses a key of a typed option dict that is not in `known` ("unknown_field" at path/key,
/// naming the nearest known key), as the JSON API refuses unknown request fields.
void check_keys(const pybind11::dict& options, const std::string& path, const std::vector<std::string>& known);

/// A JSON value from one of the core's JSON writers as Python objects (python/solve.cpp): the
/// typed results reuse the writers of the JSON responses instead of a second serialiser. With
/// `numpy`, rectangular arrays of numbers become float64 arrays and "Infinity" becomes inf.
pybind11::object json_to_python(const nlohmann::json& value, bool numpy);

/// privlab._core.solve (python/solve.cpp).
pybind11::object solve(const pybind11::object& request, const pybind11::object& progress, bool numpy);

/// privlab.funnel (privlab/funnel.h), python/bind_funnel.cpp.
void add_funnel(pybind11::module_& m);
/// privlab.estimation (privlab/estimation.h), python/bind_estimation.cpp.
void add_estimation(pybind11::module_& m);
/// privlab.rldp_mse (privlab/rldp_mse.h), python/bind_rldp_mse.cpp.
void add_rldp_mse(pybind11::module_& m);

}  // namespace privlab::python
