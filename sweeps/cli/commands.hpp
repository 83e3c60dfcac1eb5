// Command registry of the CLI. Each command lives in its own file and registers itself with a
// static `const bool registered = add_command("name", register_fn);`, so adding a command never
// touches another file. A register function adds its subcommand to the app and calls set_runner().
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace linkphy::cli {

using Runner = std::function<int()>;
using Registrar = void (*)(CLI::App &app);

/// Records a command's registration function; commands are added in name order.
bool add_command(const std::string &name, Registrar registrar);
/// Records the runner of a subcommand (called by the registration functions).
void set_runner(CLI::App *sub, Runner run);
/// Adds every registered command to the app; every option that takes a value then refuses an
/// empty or blank one (a silent fallback to the default otherwise: --temperature "").
void register_all(CLI::App &app);
/// Runs the subcommand the user chose; returns the exit code.
int run_selected(CLI::App &app);

/// Frequencies a command accepts on its grid (--freq): 0, or 1 Hz to 10 THz. Below 1 Hz the
/// models' skin-depth and log terms lose meaning; above 10 THz no copper model applies.
inline constexpr double kMinFrequency_hz = 1.0;
inline constexpr double kMaxFrequency_hz = 10e12;
/// Returns `f_hz` if it is accepted (above), else throws InputError(where, …).
double check_frequency_hz(double f_hz, const std::string &where);

/// CLI11 check of an option that takes one of `names` (as CLI::IsMember, same help text
/// "{a,b}"), refusing anything else with "'VALUE' is not accepted; accepted: a, b".
CLI::Validator one_of(const std::vector<std::string> &names);

/// Throws InputError("--tech", …) naming the technologies accepted unless `tech` is one.
void check_technology(const std::string &tech);
/// Throws InputError("--ber-target 'TEXT'", …) unless 0 < `ber_target` < 0.5.
void check_ber_target(double ber_target, const CLI::App &sub);

/// Refuses an input file that is missing or a directory (with `regular`, anything but a regular
/// file), before any work: "WHERE 'PATH': no such file; accepted: ACCEPTED" (`missing` replaces
/// "no such file" where a reader's wording is kept). A file's content is its reader's to judge.
/// Checks user channel catalogs "KIND=FILE" (KIND laminates, foils, cables, packages; FILE a
/// TOML catalog) by loading them: InputError naming `--catalog 'KIND=FILE'` (and the file:line at
/// fault) on any problem.
void check_user_catalogs(const std::vector<std::string> &catalogs);

void check_input_file(const std::string &path, const std::string &where,
                      const std::string &accepted, const std::string &missing = "no such file",
                      bool regular = false);

/// The text given for option `name` of `sub` (its last value), for messages: "--lanes '-1'".
std::string given_text(const CLI::App &sub, const std::string &name);

} // namespace linkphy::cli
