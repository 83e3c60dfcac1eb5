// `linkphy catalog list [NAME] | show NAME ENTRY [--format text|json]`: what the built-in catalogs
// hold (DESIGN.md §6), each entry with its source and every key with the file:line it comes from.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/catalog_index.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/output.hpp>

#include <algorithm>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

struct Options {
  std::vector<std::string> list_args, show_args;
  std::string format = "text", output;
};

void check_format(const std::string &format) {
  if (format != "text" && format != "json")
    throw InputError("--format '" + format + "'", "accepted: text, json");
}

std::string pad(const std::string &s, std::size_t width) {
  return s.size() >= width ? s + "  " : s + std::string(width + 2 - s.size(), ' ');
}

void list_catalogs(std::ostream &os, const std::string &format) {
  const auto &infos = sweeps::catalog_infos();
  if (format == "json") {
    os << "[";
    for (std::size_t i = 0; i < infos.size(); ++i) {
      const auto &c = sweeps::builtin_catalog_named(infos[i].name, "catalog");
      os << (i ? ",\n " : "") << "{\"name\": " << sweeps::json_string(infos[i].name)
         << ", \"module\": " << sweeps::json_string(infos[i].module)
         << ", \"file\": " << sweeps::json_string(infos[i].file)
         << ", \"entries\": " << c.names().size()
         << ", \"description\": " << sweeps::json_string(infos[i].description) << "}";
    }
    os << "]\n";
    return;
  }
  os << pad("catalog", 13) << pad("module", 12) << pad("entries", 7) << "what an entry is\n";
  for (const auto &info : infos) {
    const auto &c = sweeps::builtin_catalog_named(info.name, "catalog");
    os << pad(info.name, 13) << pad(info.module, 12) << pad(std::to_string(c.names().size()), 7)
       << info.description << "\n";
  }
}

void list_entries(std::ostream &os, const std::string &name, const std::string &format) {
  const Catalog &c = sweeps::builtin_catalog_named(name, "catalog list");
  const auto names = c.names();
  std::size_t width = 5;
  for (const auto &n : names)
    width = std::max(width, n.size());
  if (format == "json")
    os << "[";
  else
    os << pad("entry", width) << "source\n";
  for (std::size_t i = 0; i < names.size(); ++i) {
    const ParamSet e = c.entry(names[i], name + " entry");
    if (format == "json")
      os << (i ? ",\n " : "") << "{\"name\": " << sweeps::json_string(names[i])
         << ", \"source\": " << sweeps::json_string(e.text("source")) << "}";
    else
      os << pad(names[i], width) << e.text("source") << "\n";
  }
  if (format == "json")
    os << "]\n";
}

void show_entry(std::ostream &os, const std::string &name, const std::string &entry,
                const std::string &format) {
  const Catalog &c = sweeps::builtin_catalog_named(name, "catalog show");
  const ParamSet e = c.entry(entry, name + " entry");
  if (format == "json") {
    os << "{\"catalog\": " << sweeps::json_string(name)
       << ", \"entry\": " << sweeps::json_string(entry) << ", \"keys\": {";
    bool first = true;
    for (const auto &[k, v] : e.values()) {
      os << (first ? "" : ", ") << sweeps::json_string(k) << ": " << sweeps::json_string(v);
      first = false;
    }
    os << "}}\n";
    return;
  }
  os << "[" << entry << "]  # " << e.where() << "\n";
  for (const auto &[k, v] : e.values())
    os << k << " = " << sweeps::json_string(v) << "\n";
}

int run_list(const Options &o) {
  check_format(o.format);
  if (o.list_args.size() > 1)
    throw InputError("catalog list", "takes at most one catalog name");
  sweeps::OutputFile out(o.output);
  if (o.list_args.empty())
    list_catalogs(out.stream(), o.format);
  else
    list_entries(out.stream(), o.list_args.front(), o.format);
  out.commit();
  return 0;
}

int run_show(const Options &o) {
  check_format(o.format);
  if (o.show_args.size() != 2)
    throw InputError("catalog show", "takes a catalog name and an entry name, e.g. "
                                     "'linkphy catalog show laminates megtron7'");
  sweeps::OutputFile out(o.output);
  show_entry(out.stream(), o.show_args[0], o.show_args[1], o.format);
  out.commit();
  return 0;
}

void register_catalog(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand("catalog", "What the built-in catalogs hold (entries, sources)");
  sub->footer("Examples:\n  linkphy catalog list\n  linkphy catalog list laminates\n"
              "  linkphy catalog show modules dsp_800g_dr8 --format json\n"
              "Exit 2 with one line for an unknown catalog or entry (the known ones are listed).");
  sub->require_subcommand(1);
  auto *list = sub->add_subcommand("list", "the catalogs, or the entries of one with sources");
  list->add_option("catalog", opt->list_args, "catalog name (optional)");
  list->add_option("--format", opt->format, "text (default) | json");
  list->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(list, [opt] { return run_list(*opt); });
  auto *show = sub->add_subcommand("show", "every key of one entry, as stored");
  show->add_option("catalog entry", opt->show_args, "catalog name and entry name")->expected(2);
  show->add_option("--format", opt->format, "text (default) | json");
  show->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(show, [opt] { return run_show(*opt); });
}

const bool registered = add_command("catalog", register_catalog);

} // namespace
} // namespace linkphy::cli
