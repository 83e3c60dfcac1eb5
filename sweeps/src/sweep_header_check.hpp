// Whether a CSV header is one `linkphy sweep` writes (sweep_header, sweep_runner_io.cpp), from the
// evaluators' own column lists: `linkphy merge` of a shard without a sidecar recording its
// columns. Internal to sweeps/src.
#pragma once

#include <linkphy/sweeps/evaluators.hpp>

#include <memory>
#include <string>
#include <vector>

namespace linkphy::sweeps::detail {

/// The evaluator whose sweep writes `header` (its names, as csv_cells splits them): `point`, one
/// column per axis (a key the evaluator accepts, with a unit suffix for a quantity:
/// column_name), then the evaluator's columns() that are not axes. `evaluator_name` ("" for
/// any) restricts it to one evaluator. Throws InputError(where, "header column K 'NAME' is not …
/// (accepted: …)" + tail) when no evaluator writes it, naming the first column that differs from
/// the header of the evaluator it comes closest to.
std::unique_ptr<Evaluator> evaluator_of_header(const std::vector<std::string> &header,
                                               const std::string &evaluator_name,
                                               const std::string &where, const char *tail);

} // namespace linkphy::sweeps::detail
