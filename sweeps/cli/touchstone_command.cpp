// `linkphy touchstone info|convert|cascade|mixed-mode`.
#include "commands.hpp"

namespace linkphy::cli {
namespace {
void register_touchstone(CLI::App &app) {
  auto *ts = app.add_subcommand("touchstone", "Touchstone file utilities");
  ts->require_subcommand(1);
}
const bool registered = add_command("touchstone", register_touchstone);
} // namespace
} // namespace linkphy::cli
