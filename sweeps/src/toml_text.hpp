// Internal to sweeps: a TOML scalar as the text our typed parsers read (numbers in their shortest
// round-trip form).
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include <toml++/toml.h>

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
  throw InputError(where, "unsupported value (use a string with its unit, or a plain number)");
}

} // namespace linkphy::sweeps::detail
