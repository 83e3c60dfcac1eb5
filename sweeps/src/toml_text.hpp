// Internal to sweeps: a TOML scalar as the text our typed parsers read (numbers in their shortest
// round-trip form).
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/toml_syntax.hpp>

#include <toml++/toml.h>

#include <filesystem>
#include <string>

namespace linkphy::sweeps::detail {

/// The text of a string, integer, float or boolean node; InputError at `where` otherwise.
inline std::string toml_scalar_text(const toml::node &n, const std::string &where) {
  if (auto s = n.as_string())
    return s->get();
  if (auto i = n.as_integer())
    return std::to_string(i->get());
  if (auto f = n.as_floating_point())
    return number_text(f->get());
  if (auto b = n.as_boolean())
    return b->get() ? "true" : "false";
  throw InputError(where, "unsupported value type (accepted: a string, e.g. a number with its unit "
                          "in quotes, a plain number or a boolean)");
}

/// Parses a TOML file. InputError "FILE: <what> not found" for a missing file, toml_syntax_error
/// for malformed TOML.
inline toml::table parse_toml_file(const std::filesystem::path &file, const std::string &what) {
  const std::string fname = file.string();
  if (!std::filesystem::is_regular_file(file))
    throw InputError(fname, what + " not found");
  try {
    return toml::parse_file(fname);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(fname, e.source().begin.line, e.source().begin.column, e.description());
  }
}

} // namespace linkphy::sweeps::detail
