// Built-in catalogs of the transceivers module (transceivers/catalog/*.toml, or
// $LINKPHY_DATA_DIR/transceivers): IEEE PMDs, lasers, photodiodes, TIAs.
#pragma once

#include <linkphy/phy/params.hpp>

#include <string>

namespace linkphy::transceivers {

/// The catalog in `file` (e.g. "ieee_pmds.toml"), loaded once. Throws InputError if missing.
const Catalog &builtin_catalog(const std::string &file);

} // namespace linkphy::transceivers
