// Measured channel as a stage: Touchstone reader (phy/touchstone.hpp), mixed-mode conversion
// (Bockelman & Eisenstadt 1995), interpolation and DC extension (phy/network_ops.hpp).
#include <linkphy/channels/touchstone_stage.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

namespace linkphy::channels {

namespace {
int port_number(const std::string &text, const std::string &where, int ports) {
  int v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || v < 1 || v > ports)
    throw InputError(where, "'" + text + "' is not a port of this " + std::to_string(ports) +
                                "-port file; accepted: 1 to " + std::to_string(ports));
  return v - 1;
}

// The 2-port sub-network between ports a (input) and b (output): S_aa, S_ab, S_ba, S_bb.
Network sub_two_port(const Network &n, int a, int b) {
  Network out(n.freq_hz, 2, n.z0_ohm[static_cast<std::size_t>(a)]);
  out.z0_ohm = {n.z0_ohm[static_cast<std::size_t>(a)], n.z0_ohm[static_cast<std::size_t>(b)]};
  const int idx[2] = {a, b};
  for (std::size_t k = 0; k < n.frequencies(); ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        out.at(k, i, j) = n.at(k, idx[i], idx[j]);
  return out;
}
} // namespace

TouchstoneStage::TouchstoneStage(const std::string &path, const std::string &ports)
    : path_(path), ports_(ports) {
  const TouchstoneData d = read_touchstone(path);
  require_channel_magnitudes(d, path);
  const Network &n = d.network;
  const std::string where = "touchstone '" + path + "' ports '" + ports + "'";
  if (ports.empty()) {
    if (n.ports != 2)
      throw InputError(where, "a " + std::to_string(n.ports) +
                                  "-port file needs ports=A:B (single-ended path) or "
                                  "ports=1-3:2-4 (differential pairs)");
    net_ = n;
  } else if (ports.find('-') != std::string::npos) {
    std::vector<PortPair> pairs;
    Network mm;
    try { // the pair parser and the conversion name neither the spec nor the file: say them
      pairs = parse_port_pairs(ports);
      if (static_cast<int>(pairs.size()) * 2 != n.ports || pairs.size() != 2)
        throw InputError(where,
                         "differential ports need a 4-port file and two pairs, e.g. 1-3:2-4");
      mm = to_mixed_mode(n, pairs);
    } catch (const InputError &e) {
      if (e.where() == where)
        throw;
      throw InputError(where, e.detail() + "; accepted: two pairs P-N of ports 1 to " +
                                  std::to_string(n.ports) + ", e.g. 1-3:2-4");
    }
    net_ = sub_two_port(mm, 0, 1); // [d1, d2] block: Sdd
  } else {
    const auto colon = ports.find(':');
    if (colon == std::string::npos)
      throw InputError(where, "expected A:B (e.g. 1:2) or pairs P1-N1:P2-N2 (e.g. 1-3:2-4)");
    const int a = port_number(ports.substr(0, colon), where, n.ports);
    const int b = port_number(ports.substr(colon + 1), where, n.ports);
    if (a == b)
      throw InputError(where, "input and output port must differ");
    net_ = sub_two_port(n, a, b);
  }
  net_.name = n.name;
  if (net_.frequencies() < 2)
    throw InputError("touchstone '" + path + "'", "needs at least 2 frequencies");
  if (net_.freq_hz.front() > 0.0)
    net_ = extrapolate_to_dc(net_);
  // Magnitude and unwrapped phase per entry, for interpolation in polar coordinates.
  const std::size_t nf = net_.frequencies();
  mag_.resize(nf * 4);
  phase_.resize(nf * 4);
  for (std::size_t e = 0; e < 4; ++e) {
    double prev = 0.0;
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex v = net_.s[k * 4 + e];
      double ph = std::arg(v);
      if (k > 0) {
        const double d = ph - prev;
        ph = prev + std::remainder(d, 2 * std::numbers::pi); // unwrap: step within ±π
      }
      mag_[k * 4 + e] = std::abs(v);
      phase_[k * 4 + e] = ph;
      prev = ph;
    }
  }
}

Network TouchstoneStage::network(std::span<const double> freq_hz, const Conditions &) const {
  // Linear in magnitude and unwrapped phase (scikit-rf Network.interpolate(coords='polar')):
  // between file points a long channel's phase turns by tens of degrees, and linear re/im
  // interpolation would cut |S21| on the chord (0.3 dB on the 2 m IEEE cable at 10 MHz steps).
  Network out(std::vector<double>(freq_hz.begin(), freq_hz.end()), 2, net_.z0_ohm[0]);
  out.z0_ohm = net_.z0_ohm;
  const auto &f = net_.freq_hz;
  const double hi = f.back();
  std::size_t j = 0;
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    const double x = freq_hz[k];
    if (!(x >= 0.0))
      throw InputError("touchstone '" + path_ + "'",
                       "frequency " + number_text(x) +
                           " Hz in the grid is negative or not a number; accepted: 0 Hz up to " +
                           number_text(hi / 1e9) + " GHz, the file's last frequency");
    if (x > hi * (1 + 1e-12))
      throw InputError("touchstone '" + path_ + "'",
                       "the frequency grid goes above the file's last frequency (" +
                           number_text(hi / 1e9) + " GHz); accepted: 0 Hz up to that");
    while (j + 2 < f.size() && f[j + 1] < x)
      ++j;
    if (x < f[j])
      j = static_cast<std::size_t>(std::upper_bound(f.begin(), f.end(), x) - f.begin()) - 1;
    const double t = std::clamp((x - f[j]) / (f[j + 1] - f[j]), 0.0, 1.0);
    for (std::size_t e = 0; e < 4; ++e) {
      const double m = mag_[j * 4 + e] + t * (mag_[(j + 1) * 4 + e] - mag_[j * 4 + e]);
      const double p = phase_[j * 4 + e] + t * (phase_[(j + 1) * 4 + e] - phase_[j * 4 + e]);
      out.s[k * 4 + e] = std::polar(m, p);
    }
  }
  out.name = describe();
  return out;
}

std::string TouchstoneStage::describe() const {
  return "touchstone " + path_ + (ports_.empty() ? "" : " ports " + ports_);
}

} // namespace linkphy::channels
