/**
 * @file metrics.h
 * @brief privlab's typed API: measurements that read a mechanism's matrix only (the audit's
 *        independent side). See privlab/model.h for the conventions.
 *
 *   metrics::entropy(p)                        H(P), nats
 *   metrics::mutual_information(px, q)         I(X;Y) [rldp eq. (44)-(45)]
 *   metrics::realized_epsilon(q, joint)        realized epsilon w.r.t. S under P [rldp Sec. 8.3]
 *   metrics::ldp_epsilon(q)                    LDP level [rldp Definition 2]
 *   metrics::simplex_rldp_epsilon(q, |S|, |U|) (eps, simplex)-RLDP level [rldp Proposition 3]
 */
#pragma once
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "privlab/model.h"
