/**
 * @file solve.cpp
 * @brief privlab._core.solve: a request given as Python objects (dicts, lists, numpy arrays and
 *        scalars) -> api::solve -> the response as Python objects, and the progress / Ctrl-C
 *        plumbing of long requests. The JSON text is written and read by the same nlohmann
 *        writers as the CLI's (no second serialiser).
 */
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "common/field_path.h"
#include "module_parts.h"
#include "privlab/api.h"

namespace py = pybind11;
using Json = nlohmann::json;

namespace privlab::python {

namespace {

/// Python -> JSON, naming the field of anything JSON cannot carry (NaN, infinity, an object).
Json to_json(const py::handle& value, const std::string& path, int depth) {
  if (depth > 64) bad_request("too_deep", path, "arrays and objects nest deeper than 64 levels");
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  py::module_ np = py::module_::import("numpy");
  if (py::isinstance(value, np.attr("ndarray"))) {
    const std::string kind = py::str(value.attr("dtype").attr("kind"));
    if (kind != "b" && kind != "i" && kind != "u" && kind != "f")
      bad_request("not_a_number", path,
                  "a numpy array of dtype " + std::string(py::str(value.attr("dtype"))) + " is not numbers");
    return to_json(value.attr("tolist")(), path, depth);
  }
  if (py::isinstance(value, np.attr("generic"))) return to_json(value.attr("item")(), path, depth);
  if (py::isinstance<py::int_>(value)) {
    try {
      return value.cast<long long>();
    } catch (const py::cast_error&) { return value.cast<double>(); }
  }
  if (py::isinstance<py::float_>(value)) {
    const double x = value.cast<double>();
    if (!std::isfinite(x)) bad_request("not_finite", path, "expected a finite number (NaN and infinity are refused)");
    return x;
  }
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    Json out = Json::object();
    for (const auto& item : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(item.first))
        bad_request("not_a_string", path, "object keys must be strings, got " + std::string(py::repr(item.first)));
      const std::string key = item.first.cast<std::string>();
      out[key] = to_json(item.second, field_path::child(path, key), depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json out = Json::array();
    std::size_t i = 0;
    for (const auto& item : value) out.push_back(to_json(item, field_path::child(path, i++), depth + 1));
    return out;
  }
  bad_request("invalid_type", path,
              "cannot send a " + std::string(py::str(value.get_type().attr("__name__"))) +
                  " (numbers, strings, booleans, None, lists, dicts and numpy arrays only)");
}

/// How JSON arrays become Python objects: lists; float64 numpy arrays for every rectangular
/// array of numbers (solve(numpy=True)); or numpy arrays except for arrays of integers only,
/// which stay lists of int (the typed results: indices such as the game's "attack").
enum class Arrays { kLists, kNumpy, kNumpyButIntegers };

/// A number, or one of the JSON convention's "Infinity" / "-Infinity".
bool number_like(const Json& x) { return x.is_number() || (x.is_string() && (x == "Infinity" || x == "-Infinity")); }

bool is_integer(const Json& x) { return x.is_number_integer() || x.is_number_unsigned(); }

/// A rectangular array of numbers of depth 1 or 2 that `arrays` turns into a numpy array.
bool numpy_array(const Json& v, Arrays arrays) {
  if (arrays == Arrays::kLists || !v.is_array() || v.empty()) return false;
  bool integers = true;
  if (number_like(v[0])) {
    for (const auto& x : v) {
      if (!number_like(x)) return false;
      integers = integers && is_integer(x);
    }
    return !(integers && arrays == Arrays::kNumpyButIntegers);
  }
  if (!v[0].is_array() || v[0].empty()) return false;
  const std::size_t cols = v[0].size();
  for (const auto& row : v) {
    if (!row.is_array() || row.size() != cols) return false;
    for (const auto& x : row) {
      if (!number_like(x)) return false;
      integers = integers && is_integer(x);
    }
  }
  return !(integers && arrays == Arrays::kNumpyButIntegers);
}

/// JSON -> Python; "Infinity" strings stay strings (the JSON convention) unless arrays become
/// numpy arrays, then they are +-inf; arrays as `arrays` says.
py::object to_python(const Json& v, Arrays arrays) {
  const bool numpy = arrays != Arrays::kLists;
  switch (v.type()) {
    case Json::value_t::null: return py::none();
    case Json::value_t::boolean: return py::bool_(v.get<bool>());
    case Json::value_t::number_integer: return py::int_(v.get<long long>());
    case Json::value_t::number_unsigned: return py::int_(v.get<unsigned long long>());
    case Json::value_t::number_float: return py::float_(v.get<double>());
    case Json::value_t::string:
      if (numpy && number_like(v)) return py::float_(v == "Infinity" ? HUGE_VAL : -HUGE_VAL);
      return py::str(v.get<std::string>());
    case Json::value_t::object: {
      py::dict out;
      for (const auto& item : v.items()) out[py::str(item.key())] = to_python(item.value(), arrays);
      return out;
    }
    case Json::value_t::array: {
      if (numpy_array(v, arrays)) {
        py::list rows;
        for (const auto& x : v) rows.append(to_python(x, Arrays::kNumpy));
        return py::module_::import("numpy").attr("asarray")(rows, py::arg("dtype") = "float64");
      }
      py::list out;
      for (const auto& x : v) out.append(to_python(x, arrays));
      return out;
    }
    default: return py::none();
  }
}

/// What the solving thread and the waiting Python thread share (owned by both, so a thread
/// left behind after Ctrl-C still has it).
struct Shared {
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::pair<double, std::string>> progress;
  bool done = false;
  std::atomic<bool> cancel{false};
  api::Outcome outcome;
};

}  // namespace

py::object json_to_python(const Json& value, bool numpy) {
  return to_python(value, numpy ? Arrays::kNumpy : Arrays::kLists);
}

py::dict typed_result(const Json& value) { return to_python(value, Arrays::kNumpyButIntegers).cast<py::dict>(); }

py::object solve(const py::object& request, const py::object& progress, bool numpy) {
  if (!py::isinstance<py::dict>(request)) bad_request("not_an_object", "", "the request must be a dict");
  const std::string text = to_json(request, "", 0).dump();
  auto shared = std::make_shared<Shared>();
  // The request runs on its own thread; this one waits with the GIL released, wakes every 0.1 s
  // for Ctrl-C (PyErr_CheckSignals) and passes progress to the callback. Cancelling sets a flag
  // that the core's progress hook turns into an error at its next report.
  std::thread worker([shared, text] {
    api::Outcome out = api::solve(text, [shared](double fraction, const std::string& stage) {
      if (shared->cancel) solver_failure("cancelled", "cancelled from Python (Ctrl-C or the progress callback)");
      std::lock_guard<std::mutex> lock(shared->mutex);
      shared->progress.emplace_back(fraction, stage);
      shared->changed.notify_all();
    });
    std::lock_guard<std::mutex> lock(shared->mutex);
    shared->outcome = std::move(out);
    shared->done = true;
    shared->changed.notify_all();
  });
  for (;;) {
    std::deque<std::pair<double, std::string>> reports;
    bool done = false;
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(shared->mutex);
      shared->changed.wait_for(lock, std::chrono::milliseconds(100),
                               [&] { return shared->done || !shared->progress.empty(); });
      reports.swap(shared->progress);
      done = shared->done;
    }
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!progress.is_none())
        for (const auto& [fraction, stage] : reports) progress(fraction, stage);
    } catch (...) {
      shared->cancel = true;
      worker.detach();  // it stops at its next progress report; `shared` keeps its state alive
      throw;
    }
    if (done) break;
  }
  worker.join();
  const Json response = Json::parse(shared->outcome.json);
  if (shared->outcome.exit_code != api::kOk) {
    const Json& e = response.at("error");
    throw Error(shared->outcome.exit_code == api::kSolverFailure ? ErrorKind::kSolverFailure : ErrorKind::kBadRequest,
                e.value("code", ""), e.value("path", ""), e.value("message", ""));
  }
  return json_to_python(response, numpy);
}

}  // namespace privlab::python
