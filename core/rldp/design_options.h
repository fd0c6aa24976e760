/**
 * @file design_options.h
 * @brief Options of an RLDP design (shared by the JSON handler and the typed API privlab/rldp.h).
 */
#pragma once

namespace privlab::rldp {

struct DesignOptions {
  bool same_s_rows = true;  ///< PolyOpt: the paper's Definition 3 (with s1 = s2 rows) or not
  bool allow_large = false; ///< PolyOpt/NR up to |X| = kMaxPolyOptXLarge (command line only)
};

}  // namespace privlab::rldp
