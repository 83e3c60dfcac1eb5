#include "commands.hpp"

#include <map>

namespace linkphy::cli {
namespace {
std::map<const CLI::App *, Runner> &runners() {
  static std::map<const CLI::App *, Runner> r;
  return r;
}
} // namespace

void set_runner(CLI::App *sub, Runner run) { runners()[sub] = std::move(run); }

void register_all(CLI::App &app) { register_touchstone(app); }

int run_selected(CLI::App &app) {
  // Walk down to the deepest chosen subcommand with a runner.
  const CLI::App *node = &app;
  Runner found;
  while (true) {
    auto subs = node->get_subcommands();
    if (subs.empty())
      break;
    node = subs.front();
    if (auto it = runners().find(node); it != runners().end())
      found = it->second;
  }
  return found ? found() : 0;
}

} // namespace linkphy::cli
