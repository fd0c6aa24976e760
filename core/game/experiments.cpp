#include "game/experiments.h"

#include "common/error.h"

namespace privlab::game {
nlohmann::json run_experiment(const nlohmann::json&, const Context&) {
  bad_request("not_implemented", "/experiment", "experiments are not available yet");
}
}  // namespace privlab::game
