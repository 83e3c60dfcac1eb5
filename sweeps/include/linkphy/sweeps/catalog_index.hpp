// Every built-in catalog of linkphy by name (DESIGN.md §5 "Data", §6 `linkphy catalog`): the
// TOML files of the channels, transceivers and sweeps modules, each entry with its `source`.
#pragma once

#include <linkphy/phy/params.hpp>

#include <string>
#include <vector>

namespace linkphy::sweeps {

/// One built-in catalog.
struct CatalogInfo {
  std::string name;        ///< e.g. "laminates", "modules", "technologies"
  std::string module;      ///< linkphy module that ships it: channels, transceivers, sweeps
  std::string file;        ///< file name in the module's catalog directory, e.g. "laminates.toml"
  std::string description; ///< one line: what an entry is
};

/// The built-in catalogs, in module order then name.
const std::vector<CatalogInfo> &catalog_infos();

/// The loaded catalog `name` (one of catalog_infos(), exact and case-sensitive). Throws
/// InputError naming `where` and listing the known catalogs for an unknown name, or what loading
/// the catalog throws (a missing data directory or file, malformed TOML).
const Catalog &builtin_catalog_named(const std::string &name, const std::string &where);

} // namespace linkphy::sweeps
