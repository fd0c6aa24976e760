// The scenario files examples/game-*.json stay valid requests: each solves with exit 0.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;

TEST_CASE("game/examples: every examples/game-*.json scenario solves") {
  // The source tree from CMake (__FILE__ is relative under ccache's base_dir, so it only
  // resolved from build/).
  const auto root = std::filesystem::path(PRIVLAB_SOURCE_DIR);
  const auto dir = root / "examples";
  REQUIRE(std::filesystem::is_directory(dir));
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("game-", 0) != 0 || entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    const auto request = nlohmann::json::parse(in);
    CHECK(request.contains("title"));
    CHECK(request.contains("description"));
    const auto outcome = api::solve(request.dump());
    INFO(name << ": " << outcome.json.substr(0, 300));
    CHECK(outcome.exit_code == 0);
    ++count;
  }
  CHECK(count >= 6);
}
