// Named parameters as text with their provenance: one mechanism behind spec strings
// ("stripline:material=megtron7,width=5mil"), catalog entries (TOML tables) and --set overrides.
// Typed getters parse units (quantity.hpp) and throw InputError naming the place and the key;
// unused() lists keys nobody asked for, so callers can reject unknown keys.
#pragma once

#include <linkphy/phy/quantity.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace linkphy {

class ParamSet {
public:
  ParamSet() = default;
  /// `where` names the whole set in messages, e.g. "spec 'stripline:...'" or "laminates.toml".
  explicit ParamSet(std::string where) : where_(std::move(where)) {}

  /// Sets (or overrides) a key. `where` is its own place (file:line), defaults to the set's.
  void set(const std::string &key, std::string value, std::string where = {});
  /// Adds every key of `other` over this one (user overrides of a catalog entry).
  void merge(const ParamSet &other);
  bool has(const std::string &key) const { return values_.count(key) != 0; }
  const std::map<std::string, std::string> &values() const { return values_; }
  const std::string &where() const { return where_; }
  /// The place of a key: "FILE:LINE: key 'k'" or "spec '...': key 'k'".
  std::string where_key(const std::string &key) const;

  /// Raw text of a required key; throws InputError "missing key 'k'" when absent.
  const std::string &text(const std::string &key) const;
  /// Raw text of a key, nullopt when absent.
  std::optional<std::string> text_or(const std::string &key) const;
  /// A number with a unit of dimension `dim`, in SI (see Dimension); required. No range is
  /// checked (parse_quantity_as; any sign): callers check theirs with require_range.
  double quantity(const std::string &key, Dimension dim) const;
  /// The same, `fallback` (SI; returned as given, not checked) when absent.
  double quantity_or(const std::string &key, Dimension dim, double fallback) const;
  /// A plain number (dimensionless, "%" and "ppm" accepted); `min`/`max` bound it (inclusive),
  /// else InputError "'TEXT' is out of range; accepted: MIN to MAX" (printed with 6 significant
  /// digits). min ≤ max is not checked (min > max rejects every value).
  double number(const std::string &key, double min, double max) const;
  /// number(), or `fallback` when the key is absent (`fallback` is returned as given: not checked
  /// against [min, max]).
  double number_or(const std::string &key, double fallback, double min, double max) const;
  /// A whole number in [min, max] (as number(), then InputError "is not a whole number" for a
  /// fraction; "1e3" reads as 1000).
  long integer(const std::string &key, long min, long max) const;
  /// Throws InputError "'TEXT' is out of range; accepted: `accepted`" when `value` (read by the
  /// caller, SI units) is outside [min, max] or NaN. `accepted` states the range in the user's
  /// units; it is not compared with min and max.
  void require_range(const std::string &key, double value, double min, double max,
                     const std::string &accepted) const;

  /// Keys that were never read through a getter (for "unknown key" errors).
  std::vector<std::string> unused() const;
  /// Throws InputError naming the first unused key and the accepted ones.
  void reject_unused(const std::vector<std::string> &accepted) const;

private:
  std::string where_;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> key_where_;
  mutable std::set<std::string> used_;
};

/// A parsed spec string "KIND:key=value,key=value". Values may contain ':' (port maps) but not ','.
struct Spec {
  std::string kind;
  ParamSet params;
};
/// Parses a spec string. Throws InputError naming the spec on malformed text (missing kind, a
/// key without '=', a duplicate key). Keys and values are taken as written (not trimmed); an
/// empty value ("key=") is kept and fails only when a getter parses it.
Spec parse_spec(const std::string &text);

/// Catalog: TOML files whose top-level tables are entries, e.g.
///   [megtron7]
///   source = "Panasonic R-5785(N) data sheet"
///   dk = 3.37
///   df = 0.002
///   f_ref = "10 GHz"
/// Every entry must have `source`. Values (strings, numbers, booleans, arrays of them) are kept as
/// text; arrays become comma-separated text. Later files override earlier ones key by key.
class Catalog {
public:
  /// Reads one TOML file into the catalog (overriding keys of entries that exist already).
  /// Throws InputError "FILE:LINE:COL: not valid TOML: …" (toml_syntax.hpp) on malformed TOML,
  /// "FILE:LINE: ..." on an entry without `source`.
  void load(const std::filesystem::path &file);
  bool has(const std::string &name) const { return entries_.count(name) != 0; }
  /// A copy of an entry; throws InputError "unknown NOUN 'name' (known: a, b, c)".
  ParamSet entry(const std::string &name, const std::string &noun) const;
  std::vector<std::string> names() const;

private:
  std::map<std::string, ParamSet> entries_;
};

/// Finds a data directory shipped with linkphy (SUBDIR: channels, transceivers or sweeps), the
/// first that exists of: $LINKPHY_DATA_DIR/SUBDIR; data_root()/SUBDIR; PREFIX/share/linkphy/SUBDIR
/// where the running program is PREFIX/bin/NAME (an installed linkphy CLI, moved or not; the build
/// tree has the same layout); `candidates` (the configured install prefix). InputError otherwise.
std::filesystem::path find_data_dir(const std::string &subdir,
                                    const std::vector<std::filesystem::path> &candidates);

/// The folder holding an installed linkphy's data (PREFIX/share/linkphy, with channels/,
/// transceivers/ and sweeps/), searched by find_data_dir after $LINKPHY_DATA_DIR. A program built
/// against an installed linkphy (find_package) gets it set, before main, to that installation's
/// folder (the exported targets compile share/linkphy/linkphy_data_root.cpp into it); a caller
/// may set another one. Set it before the first catalog is loaded: catalogs are read once.
/// Thread-safe. Empty: none.
void set_data_root(const std::filesystem::path &root);
std::filesystem::path data_root();

} // namespace linkphy
