/**
 * @file module_parts.h
 * @brief The pieces of the Python module `privlab` shared between its files: JSON values as
 *        Python objects (the typed results come from the JSON response's writers), and the
 *        functions that add each family's submodule (one file per family).
 */
#pragma once
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace privlab::python {

/// Runs f() with the GIL released (the long computations) and returns its result; f must not
/// touch Python objects. Errors propagate as privlab::Error, translated on the way out.
template <class F>
auto without_gil(F&& f) {
  pybind11::gil_scoped_release release;
  return f();
}

/// Refuses a key of a typed option dict that is not in `known` ("unknown_field" at path/key,
/// naming the nearest known key), as the JSON API refuses unknown request fields.
void check_keys(const pybind11::dict& options, const std::string& path, const std::vector<std::string>& known);

/// A JSON value as Python objects (python/solve.cpp). With `numpy`, rectangular arrays of
/// numbers become float64 arrays and "Infinity" becomes inf.
pybind11::object json_to_python(const nlohmann::json& value, bool numpy);

/// A typed function's result: the object one of the core's JSON writers wrote for the JSON
/// response (core/<family>/*_json.h), so that every field is named once. As json_to_python with
/// `numpy`, except that arrays of integers only (indices, such as the game's "attack") stay lists.
pybind11::dict typed_result(const nlohmann::json& value);

/// privlab._core.solve (python/solve.cpp).
pybind11::object solve(const pybind11::object& request, const pybind11::object& progress, bool numpy);

/// privlab.funnel (privlab/funnel.h), python/bind_funnel.cpp.
void add_funnel(pybind11::module_& m);
/// privlab.estimation (privlab/estimation.h), python/bind_estimation.cpp.
void add_estimation(pybind11::module_& m);
/// privlab.rldp_mse (privlab/rldp_mse.h), python/bind_rldp_mse.cpp.
void add_rldp_mse(pybind11::module_& m);

}  // namespace privlab::python
