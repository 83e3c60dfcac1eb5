// Sweep specifications (TOML): the axes to vary, how they combine, what each point evaluates.
//
//   [sweep]
//   name = "kp4-waterfall"        # free text
//   evaluator = "fec"             # what a point computes (evaluators.hpp: fec, pam, …)
//   combine = "product"           # or "zip" (all axes the same length)
//   fidelity = "analytic"         # passed to the evaluator as key `fidelity`
//   [fixed]                       # keys every point gets
//   fec = "KP4"
//   [axes]                        # one key per axis, in this order (first varies slowest)
//   ber_pre = { log = ["1e-6", "1e-2"], points = 41 }   # log range, ends included, ends > 0
//   length = { lin = ["0.5 m", "5 m"], points = 10 }    # linear range
//   (points: whole number 1 to 1e8 per range, even with --force; 1 gives the start only)
//   modulation = ["NRZ", "PAM4"]                        # list
//
// Range ends carry units like every input (both of one dimension); the generated values keep the
// start's unit, written with 12 significant digits.
#pragma once

#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// One axis: a key and its values as text (each parsed by the evaluator like any input).
struct Axis {
  std::string key;
  std::vector<std::string> values; ///< non-empty
  /// Dimension of the values when every value is a quantity of one dimension; nullopt for text
  /// axes (names like "PAM4", "100G"). Decides the CSV column: `key_UNIT` with the SI value.
  std::optional<Dimension> dimension;
  std::string where; ///< FILE:LINE of the axis
};

enum class Combine { product, zip };

struct SweepSpec {
  std::string name;
  std::string evaluator;
  std::string evaluator_where; ///< FILE:LINE of `evaluator = …`
  Combine combine = Combine::product;
  ParamSet fixed; ///< includes `fidelity` when given
  std::vector<Axis> axes;
  std::string source_text; ///< the TOML file's text (for the JSON sidecar)
  std::filesystem::path file;

  /// Number of points (product of axis lengths, saturating at UINT64_MAX, or the common length
  /// for zip); 0 when an axis of a spec built in code is empty (read_sweep_spec refuses one).
  std::uint64_t point_count() const;
  /// The axis value indices of point i (0 ≤ i < point_count(); std::out_of_range otherwise);
  /// first axis varies slowest.
  std::vector<std::size_t> point_indices(std::uint64_t i) const;
  /// The parameters of point i: fixed keys plus one value per axis. `i` as point_indices.
  ParamSet point(std::uint64_t i) const;
};

/// Points above this need `force` (a typo in a range should not start a week-long run).
inline constexpr std::uint64_t kMaxPointsWithoutForce = 100'000'000;

/// Reads a sweep spec. Throws InputError "FILE:LINE: what" on malformed TOML, an unknown table or
/// key in [sweep], an empty axis, a unit-less or mixed-unit range, a zip of unequal axes, or more
/// than kMaxPointsWithoutForce points without `force`.
SweepSpec read_sweep_spec(const std::filesystem::path &file, bool force = false);

/// What a sweep computes, as 16 hex digits: FNV-1a (64 bit) over the evaluator, `combine`, the
/// fixed keys (those of [sweep] included) and every axis' key and values as text — not the name,
/// comments or layout. Specs with the same fingerprint make the same rows (to hash collisions):
/// `--resume` and `linkphy merge` compare it (the JSON sidecar's `spec_hash`).
std::string spec_fingerprint(const SweepSpec &spec);

/// Column name of a quantity axis: `length` + length → "length_m". SI unit suffixes: m, hz, s, w,
/// dbm, db, k, bd, bps, db_per_m, s_per_m2, … (see the implementation table).
std::string column_name(const std::string &key, std::optional<Dimension> dimension);
/// The SI suffix of a dimension used in column names ("m", "hz", …; "" for dimensionless).
std::string si_suffix(Dimension d);

} // namespace linkphy::sweeps
