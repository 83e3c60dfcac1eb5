// Touchstone® files: reading versions 1.0/1.1 and 2.0, writing 1.1 and 2.0 (IBIS Open Forum,
// "Touchstone File Format Specification", version 2.0, 2009; version 1.1, 2002).
#pragma once

#include <linkphy/phy/network.hpp>
#include <linkphy/phy/network_ops.hpp>

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy {

/// How a complex number is written: real/imaginary, magnitude/angle (degrees), dB/angle
/// (20·log10|x|, degrees).
enum class TouchstoneFormat { RI, MA, DB };
/// Unit of the frequency column.
enum class FrequencyUnit { Hz, kHz, MHz, GHz };
/// Version 2.0 [Matrix Format]: the whole matrix, or only its upper/lower triangle (symmetric).
enum class MatrixFormat { Full, Upper, Lower };
/// Order of the two off-diagonal entries of 2-port data: "21_12" = N11 N21 N12 N22 (the only
/// order of version 1), "12_21" = N11 N12 N21 N22 (row-major).
enum class TwoPortOrder { N21_N12, N12_N21 };

/// Two-port noise parameters (Touchstone noise block), one row per noise frequency: every vector
/// holds freq_hz.size() values. The reader checks the frequencies; write_touchstone checks the
/// sizes, the frequencies and that every value is finite (InputError before writing anything).
struct NoiseData {
  std::vector<double> freq_hz;    ///< Hz, finite, strictly ascending, ≥ 0 Hz
  std::vector<double> nfmin_db;   ///< minimum noise figure, dB (finite; ≥ 0 meaningful)
  std::vector<Complex> gamma_opt; ///< optimum source reflection coefficient, referenced to z0
                                  ///< (finite)
  std::vector<double> rn_ohm;     ///< effective noise resistance, ohms (version 1 files store it
                                  ///< normalised to R; it is multiplied by R here); finite
  bool empty() const { return freq_hz.empty(); }
};

/// Everything a Touchstone file holds. The network is always S-parameters (Y/Z/H/G data are
/// converted); `parameter`, `format`, `unit` record what the file held.
struct TouchstoneData {
  Network network;             ///< S on freq_hz, z0 per port (ohms), name = file stem
  std::string version = "1.0"; ///< "1.0" (any file without [Version]) or "2.0"
  ParameterKind parameter = ParameterKind::S;
  TouchstoneFormat format = TouchstoneFormat::MA;
  FrequencyUnit unit = FrequencyUnit::GHz;
  double option_r_ohm = 50.0; ///< the option line's R (ohms; finite and > 0, else InputError)
  MatrixFormat matrix_format = MatrixFormat::Full;
  TwoPortOrder two_port_order = TwoPortOrder::N21_N12;
  NoiseData noise;                   ///< empty when the file has no noise block
  std::vector<std::string> comments; ///< text after '!' on lines before the first data line
  std::vector<int> point_lines;      ///< the line each frequency point starts on
};

/// Largest |S| a channel may have: 1e6 (120 dB of gain). Passive networks stay within 1 and
/// amplifiers within ~60 dB.
inline constexpr double kMaxChannelAbsS = 1e6;

/// Refuses a file read as a channel (COM, link stages) whose S-parameters exceed
/// kMaxChannelAbsS: InputError "PATH:LINE: Sij has magnitude … at F GHz; accepted for a channel:
/// |S| <= 1e6 (120 dB)", LINE the point's first line. Values such as 1e300 are finite numbers
/// that read_touchstone accepts, but they overflow the package cascades and pulse responses to
/// inf/NaN or, equal in every cell, cancel in the mixed-mode sums to an exact zero.
void require_channel_magnitudes(const TouchstoneData &d, const std::string &path);

/// Reads a Touchstone file: version 1 needs the extension .sNp (N = port count, any N ≥ 1),
/// version 2 (.ts or .sNp) starts with [Version] 2.0. Rows may wrap anywhere (numbers are read
/// until a frequency point is complete, which must end at a line end). z0 is the option line's R
/// or version 2 [Reference]; vendor comments such as HFSS "! Port Impedance" lines (complex,
/// frequency-dependent impedances that scikit-rf reads) are ignored. Version 1.x 2-port files
/// may end with a noise block, found where the frequency goes down (or repeats on a 5-number
/// line). A port count (.sNp or [Number of Ports]) or [Number of Frequencies] whose numbers the
/// rest of the file cannot hold (B bytes hold at most (B + 1)/2 numbers) is refused at its line
/// before anything is allocated for it. Throws InputError with where =
/// "FILE:LINE" (line 0 = the file as a whole: missing, a directory, empty) on any bad input.
TouchstoneData read_touchstone(const std::string &path);

/// Parses Touchstone text already in memory. `source` names it in errors and gives the network
/// name's stem; `ports_from_extension` is N of a .sNp name (0 = unknown: version 2 keyword
/// [Number of Ports] is then required; ≤ 0 with version 1 text is an InputError); above 10000
/// (the bound of touchstone_ports_from_extension and [Number of Ports]) an InputError naming
/// `source`.
TouchstoneData parse_touchstone(std::string_view text, const std::string &source,
                                int ports_from_extension);

/// N of a file name ending in .sNp (case-insensitive), 1 ≤ N ≤ 10000; 0 otherwise (also for
/// N = 0, N > 10000 or a non-number).
int touchstone_ports_from_extension(const std::string &path);

/// Options of write_touchstone().
struct TouchstoneWriteOptions {
  TouchstoneFormat format = TouchstoneFormat::RI;
  FrequencyUnit unit = FrequencyUnit::Hz;
  /// 1: version 1.1 (needs one z0 for every port); 2: version 2.0 with [Reference];
  /// 0: version 1 when every port has the same z0, version 2 otherwise. Any other value:
  /// InputError "Touchstone version must be 1 or 2".
  int version = 0;
  std::vector<std::string> comments; ///< written as '!' lines at the top
  /// Written when not empty; a 2-port's only (InputError for other networks), sizes and
  /// frequencies as NoiseData says (InputError otherwise).
  NoiseData noise;
};

/// Writes S-parameters as Touchstone text with every number at full double precision (shortest
/// representation that reads back to the same double). Rows of ≥ 3-port data wrap after 4
/// pairs, as version 1 requires. Throws InputError when version 1 is asked and z0 differ, on an
/// inconsistent network (ports < 1, S or z0 of the wrong size), a z0 not finite and > 0 ohm,
/// network or noise frequencies not finite, ≥ 0 Hz and strictly ascending, noise data on a
/// network that is not a 2-port or with vectors of different sizes, or a version 1 noise block
/// starting above the last frequency; all checked before anything is written to `out`.
void write_touchstone(std::ostream &out, const Network &net,
                      const TouchstoneWriteOptions &options = {});

/// Names as written in an option line: "RI", "MA", "DB"; "Hz", "kHz", "MHz", "GHz" (parameter
/// letters: to_string(ParameterKind) in network_ops.hpp)
std::string_view to_string(TouchstoneFormat format);
std::string_view to_string(FrequencyUnit unit);
/// Multiplier from `unit` to hertz (1, 1e3, 1e6, 1e9; 1 for a value outside the enum).
double hz_per(FrequencyUnit unit);
/// "ri", "ma", "db" in any case; throws InputError(where, ...) otherwise.
TouchstoneFormat parse_touchstone_format(std::string_view text, const std::string &where);

} // namespace linkphy
