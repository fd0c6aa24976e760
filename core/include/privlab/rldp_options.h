/**
 * @file rldp_options.h
 * @brief privlab's typed API, family rldp: the options of an RLDP design (rldp::design; shared
 *        with the JSON handler). Included by privlab/rldp.h.
 */
#pragma once

namespace privlab::rldp {

struct DesignOptions {
  bool same_s_rows = true;   ///< PolyOpt: the paper's Definition 3 (with s1 = s2 rows) or not
  bool allow_large = false;  ///< PolyOpt/NR up to |X| = kMaxPolyOptXLarge (command line only)
};

}  // namespace privlab::rldp
