// `linkphy touchstone info|convert|cascade|mixed-mode` — placeholder registration; the commands
// are implemented with the Touchstone reader.
#include "commands.hpp"

namespace linkphy::cli {
void register_touchstone(CLI::App &app) {
  auto *ts = app.add_subcommand("touchstone", "Touchstone file utilities");
  ts->require_subcommand(1);
}
} // namespace linkphy::cli
