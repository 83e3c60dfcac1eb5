// Link technologies (sweeps/catalog/technologies.toml): each is hops of stages given as channel
// spec strings and a SerDes class per hop. Every key is a template value: `{length}` is the link
// length and `{key}` any other key of the entry, so `--set key=value` overrides anything.
#pragma once

#include <linkphy/phy/params.hpp>

#include <string>
#include <vector>

namespace linkphy::sweeps {

struct TechnologyHop {
  std::string name;                     ///< "hop1", …
  std::vector<std::string> stage_specs; ///< channel spec strings, TX side first
  std::string serdes;                   ///< SerDes class name (transceivers/serdes.hpp)
};

struct Technology {
  std::string name, source, description;
  std::vector<TechnologyHop> hops;
  ParamSet serdes_overrides;  ///< from `serdes.KEY=value` sets
  double length_min_m = 0.01; ///< reach search range, m (> 0)
  double length_max_m = 10;   ///< m (> length_min_m)
};

/// Names of the built-in technologies.
std::vector<std::string> technology_names();

/// A technology at link length `length_m` (≥ 0 m), with `sets` ("key=value"; "serdes.KEY=value"
/// goes to the SerDes class) applied. Throws InputError for an unknown name (listing the known
/// ones), a set of an unknown key, a malformed set, or an unresolved `{key}`.
Technology make_technology(const std::string &name, double length_m,
                           const std::vector<std::string> &sets = {});

} // namespace linkphy::sweeps
