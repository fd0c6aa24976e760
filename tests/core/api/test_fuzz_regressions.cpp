// Replays the fuzzer's kept findings (tests/fuzz/regressions/) and the scenario seeds through
// api::solve: each must end in a response or an error object, never a crash (issue 13).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "privlab/api.h"

using namespace privlab;

TEST_CASE("api/solve: fuzz regressions replay without a crash") {
  const std::filesystem::path dir = std::filesystem::path(PRIVLAB_SOURCE_DIR) / "tests" / "fuzz" / "regressions";
  REQUIRE(std::filesystem::is_directory(dir));
  long replayed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    INFO(entry.path().filename().string());
    const auto outcome = api::solve(text.str());
    CHECK((outcome.exit_code == 0 || outcome.exit_code == 2 || outcome.exit_code == 3));
    const auto response = nlohmann::json::parse(outcome.json, nullptr, false);
    CHECK(!response.is_discarded());
    CHECK(response.contains("error") == (outcome.exit_code != 0));
    ++replayed;
  }
  CHECK(replayed >= 7);  // at least the issue 13 reproductions kept there
}
