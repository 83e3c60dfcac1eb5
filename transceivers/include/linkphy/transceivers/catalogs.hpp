// Built-in catalogs of the transceivers module (transceivers/catalog/*.toml, or
// $LINKPHY_DATA_DIR/transceivers): IEEE PMDs, lasers, photodiodes, TIAs.
#pragma once

#include <linkphy/phy/params.hpp>

#include <string>

namespace linkphy::transceivers {

/// The catalog in `file` (e.g. "ieee_pmds.toml"; a file name in the data directory's
/// transceivers/, not checked further), loaded once per name. Throws InputError if the data
/// directory or the file is missing ("catalog file not found") or on malformed TOML.
const Catalog &builtin_catalog(const std::string &file);

} // namespace linkphy::transceivers
