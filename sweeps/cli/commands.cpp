#include "commands.hpp"

#include <linkphy/channels/specs.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include <algorithm>
#include <filesystem>
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

// An option given an empty or blank value is refused, naming what it accepts (its help text):
// without this, "" reads as the default for a number (CLI11) or as "not given" for text.
void refuse_blank_values(CLI::App &app) {
  for (CLI::Option *opt : app.get_options()) {
    if (opt->get_type_size_max() == 0) // a flag (--help, --force): takes no value
      continue;
    const std::string accepted =
        opt->check_lname("output") ? "a file path, or - for stdout" : opt->get_description();
    opt->check(CLI::Validator(
        [accepted](std::string &value) {
          if (value.find_first_not_of(" \t") != std::string::npos)
            return std::string();
          return std::string(value.empty() ? "empty value" : "blank value '" + value + "'") +
                 "; accepted: " + accepted;
        },
        ""));
  }
  for (CLI::App *sub : app.get_subcommands({}))
    refuse_blank_values(*sub);
}
} // namespace

CLI::Validator one_of(const std::vector<std::string> &names) {
  std::string desc;
  for (const auto &n : names)
    desc += (desc.empty() ? "" : ",") + n;
  const std::string list = join_list(names);
  return CLI::Validator(
      [names, list](std::string &value) {
        for (const auto &n : names)
          if (value == n)
            return std::string();
        return "'" + value + "' is not accepted; accepted: " + list;
      },
      "{" + desc + "}");
}

void check_technology(const std::string &tech) {
  const auto known = sweeps::technology_names();
  if (std::find(known.begin(), known.end(), tech) != known.end())
    return;
  throw InputError("--tech", "unknown technology '" + tech + "'; accepted: " + join_list(known));
}

void check_ber_target(double ber_target, const CLI::App &sub) {
  if (!(ber_target > 0 && ber_target < 0.5))
    throw InputError(given_text(sub, "--ber-target"), "accepted: a BER above 0, below 0.5");
}

void check_user_catalogs(const std::vector<std::string> &catalogs) {
  channels::ChannelCatalogs cats = channels::ChannelCatalogs::builtin();
  for (const auto &c : catalogs) {
    const sweeps::UserCatalog u = sweeps::parse_user_catalog(c, "--catalog");
    check_input_file(u.file.string(), "--catalog '" + c + "' FILE",
                     "KIND=FILE with FILE a TOML catalog", "catalog file not found");
    try {
      cats.load_user(u.kind, u.file);
    } catch (const InputError &e) { // named by the option, keeping the file (and line) at fault
      throw InputError("--catalog '" + c + "'",
                       (e.where().empty() ? "" : e.where() + ": ") + e.detail());
    }
  }
}

void check_input_file(const std::string &path, const std::string &where,
                      const std::string &accepted, const std::string &missing, bool regular) {
  const std::string at = where + " '" + path + "'";
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status))
    throw InputError(at, missing + "; accepted: " + accepted);
  if (std::filesystem::is_directory(status))
    throw InputError(at, "is a directory; accepted: " + accepted);
  if (regular && !std::filesystem::is_regular_file(status))
    throw InputError(at, "not a regular file; accepted: " + accepted);
}

std::string given_text(const CLI::App &sub, const std::string &name) {
  const CLI::Option *opt = sub.get_option_no_throw(name);
  if (!opt || opt->results().empty())
    return name;
  return name + " '" + opt->results().back() + "'";
}

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
  refuse_blank_values(app);
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
  // sweep, merge and crossover write a sidecar (and sweep a partial) beside -o: a device or FIFO
  // is refused there; the other commands write one file, in place onto a device or FIFO.
  if (found_at)
    if (const CLI::Option *o = found_at->get_option_no_throw("--output"); o && o->count() > 0) {
      const std::string name = found_at->get_name();
      const bool sidecar = name == "sweep" || name == "merge" || name == "crossover";
      sweeps::check_output_path(o->as<std::string>(), "-o",
                                sidecar ? sweeps::StreamTarget::refuse
                                        : sweeps::StreamTarget::write_in_place);
    }
  return found ? found() : 0;
}

} // namespace linkphy::cli
