// Crossover studies in TOML (docs/crossover.md). Tables and keys, every dimensioned value with its
// unit (a bare number is accepted only for ber_target, tolerance, lanes, scan_points, points and
// dimensionless technology keys such as awg):
//   [crossover] name, criterion (feasible|energy|cost), fidelity (analytic|statistical),
//               rates = ["25G", …], copper = [tech, …], optical = [tech, …], ber_target,
//               temperature ("25 degC"), lanes (0–1024; 0: one module's lanes per technology and
//               rate), search_min, search_max (lengths), scan_points (≥ 3), tolerance (relative, >
//               0), plot_rate, sets = ["key=value", …], catalogs = ["KIND=FILE", …] (user channel
//               catalogs, user_catalog.hpp; a relative FILE is read beside the study file)
//   [map]       distances = ["1 m", …] or { log|lin = [START, STOP], points = N }
//   [sensitivity] KEY = [value, …] or { relative = P } (± P % around the base value); KEY is
//               ber_target, temperature or a technology key (awg, host_length, …)
#pragma once

#include <linkphy/sweeps/crossover.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// Reads a study. Throws InputError with file:line on unknown tables/keys, unit-less numbers for
/// dimensioned keys, empty lists, unknown criterion/fidelity/rates/technologies, or a user
/// catalog that is malformed, missing, has an unknown key or breaks a technology of the study.
/// `catalogs`: user channel catalogs "KIND=FILE" given outside the file (`--catalog`; FILE as
/// given, relative to the working directory), loaded after the study's own `catalogs` (a later
/// entry of the same name overrides an earlier one key by key); errors name "read_crossover_study
/// catalogs" (`linkphy crossover` prints "--catalog"; sweeps/cli/option_names.hpp).
CrossoverStudy read_crossover_study(const std::filesystem::path &file,
                                    const std::vector<std::string> &catalogs = {});

/// The shipped default study (sweeps/examples/crossover/default.toml, found beside the
/// technologies catalog or installed); InputError if it cannot be found.
std::filesystem::path default_crossover_study();

} // namespace linkphy::sweeps
