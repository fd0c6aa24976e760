/**
 * @file audit.h
 * @brief privlab's typed API: the audit every returned mechanism passes (columns are
 *        distributions; the claimed privacy re-measured from the matrix alone).
 *
 *   audit::audit_mechanism(q, {guarantee, designed epsilon, measured}) -> audit::Report
 * throws privlab::Error (solver failure "audit_failed") when either check fails.
 */
#pragma once
#include "audit/audit.h"
#include "privlab/model.h"
