#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/output.hpp>

#include <map>

namespace linkphy::cli {
namespace {
std::map<const CLI::App *, Runner> &runners() {
  static std::map<const CLI::App *, Runner> r;
  return r;
}
std::map<std::string, Registrar> &registrars() {
  static std::map<std::string, Registrar> r;
  return r;
}
} // namespace

double check_frequency_hz(double f_hz, const std::string &where) {
  if (!(f_hz == 0.0 || (f_hz >= kMinFrequency_hz && f_hz <= kMaxFrequency_hz)))
    throw InputError(where, "accepted: 0 Hz, or 1 Hz to 10 THz");
  return f_hz;
}

bool add_command(const std::string &name, Registrar registrar) {
  registrars()[name] = registrar;
  return true;
}

void set_runner(CLI::App *sub, Runner run) { runners()[sub] = std::move(run); }

void register_all(CLI::App &app) {
  for (const auto &[name, reg] : registrars())
    reg(app);
}

int run_selected(CLI::App &app) {
  // Walk down to the deepest chosen subcommand that has a runner.
  const CLI::App *node = &app;
  const CLI::App *found_at = nullptr;
  Runner found;
  while (true) {
    auto subs = node->get_subcommands();
    if (subs.empty())
      break;
    node = subs.front();
    if (auto it = runners().find(node); it != runners().end()) {
      found = it->second;
      found_at = node;
    }
  }
  // Every command's -o is checked before it runs: no work, and no file touched, for a directory.
  if (found_at)
    if (const CLI::Option *o = found_at->get_option_no_throw("--output"); o && o->count() > 0)
      sweeps::check_output_path(o->as<std::string>(), "-o");
  return found ? found() : 0;
}

} // namespace linkphy::cli
