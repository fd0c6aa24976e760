/**
 * @file error.h
 * @brief The error raised inside core and turned into {"error":{code,message,path}} by the
 *        dispatcher. It never crosses the public API (api.h catches it).
 */
#pragma once
#include <stdexcept>
#include <string>

namespace privlab {

enum class ErrorKind { kBadRequest, kSolverFailure };

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string code, std::string path, const std::string& message)
      : std::runtime_error(message), kind_(kind), code_(std::move(code)), path_(std::move(path)) {}
  ErrorKind kind() const { return kind_; }
  const std::string& code() const { return code_; }
  /// JSON pointer to the offending request field ("" when the request as a whole is at fault).
  const std::string& path() const { return path_; }

 private:
  ErrorKind kind_;
  std::string code_;
  std::string path_;
};

/// A request the tool cannot accept: exit 2, naming the field.
[[noreturn]] inline void bad_request(const std::string& code, const std::string& path, const std::string& message) {
  throw Error(ErrorKind::kBadRequest, code, path, message);
}

/// A valid request the solver could not answer (or whose answer failed its audit): exit 3.
[[noreturn]] inline void solver_failure(const std::string& code, const std::string& message) {
  throw Error(ErrorKind::kSolverFailure, code, "", message);
}

}  // namespace privlab
