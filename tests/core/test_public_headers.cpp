// The typed public headers (core/include/privlab/, issue 14) include no JSON header, directly or
// through the internal headers they expose: this translation unit would not compile otherwise.
#include <doctest/doctest.h>

#include "privlab/audit.h"
#include "privlab/funnel.h"
#include "privlab/estimation.h"
#include "privlab/game.h"
#include "privlab/metrics.h"
#include "privlab/model.h"
#include "privlab/rldp.h"
#include "privlab/rldp_mse.h"

#if defined(INCLUDE_NLOHMANN_JSON_HPP_) || defined(NLOHMANN_JSON_VERSION_MAJOR)
#error "a public header of the typed API includes nlohmann/json"
#endif

TEST_CASE("public_headers: the typed API compiles without JSON") {
  const privlab::Joint p = privlab::make_joint(privlab::Matrix{{0.07, 0.10}, {0.26, 0.57}});
  CHECK(p.num_x() == 4);
}
