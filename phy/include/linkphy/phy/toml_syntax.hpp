// The one error every TOML reader raises for a file that does not parse (DESIGN.md §6: where,
// what, what is accepted), so catalogs, COM tables, sweep specs, plans, studies and configs all
// say it the same way.
#pragma once

#include <linkphy/phy/error.hpp>

#include <string>
#include <string_view>

namespace linkphy {

/// InputError with where() "FILE:LINE:COLUMN" (1-based, as the TOML parser reports them; a 0
/// is left out) and detail() "not valid TOML: <the parser's description>; accepted: TOML 1.0 …",
/// the accepted form spelled out with the quoting rule users most often miss (a quantity with
/// its unit is a string: length = "2 m").
InputError toml_syntax_error(const std::string &file, long line, long column,
                             std::string_view description);

} // namespace linkphy
