// Command registry of the CLI. Each command file defines `register_NAME(CLI::App&)` which adds its
// subcommand and stores a runner; register_all() calls them all.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace linkphy::cli {

using Runner = std::function<int()>;

/// Records the runner of a subcommand (called by the register_* functions).
void set_runner(CLI::App *sub, Runner run);
/// Adds every command to the app.
void register_all(CLI::App &app);
/// Runs the subcommand the user chose; returns the exit code.
int run_selected(CLI::App &app);

void register_touchstone(CLI::App &app);

} // namespace linkphy::cli
