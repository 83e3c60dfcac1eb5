// Command registry of the CLI. Each command lives in its own file and registers itself with a
// static `const bool registered = add_command("name", register_fn);`, so adding a command never
// touches another file. A register function adds its subcommand to the app and calls set_runner().
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace linkphy::cli {

using Runner = std::function<int()>;
using Registrar = void (*)(CLI::App &app);

/// Records a command's registration function; commands are added in name order.
bool add_command(const std::string &name, Registrar registrar);
/// Records the runner of a subcommand (called by the registration functions).
void set_runner(CLI::App *sub, Runner run);
/// Adds every registered command to the app.
void register_all(CLI::App &app);
/// Runs the subcommand the user chose; returns the exit code.
int run_selected(CLI::App &app);

/// Frequencies a command accepts on its grid (--freq): 0, or 1 Hz to 10 THz. Below 1 Hz the
/// models' skin-depth and log terms lose meaning; above 10 THz no copper model applies.
inline constexpr double kMinFrequency_hz = 1.0;
inline constexpr double kMaxFrequency_hz = 10e12;
/// Returns `f_hz` if it is accepted (above), else throws InputError(where, …).
double check_frequency_hz(double f_hz, const std::string &where);

} // namespace linkphy::cli
