// Touchstone writer: version 1.1 or 2.0 text (IBIS Open Forum, "Touchstone File Format
// Specification" rev 2.0, 2009), numbers in the shortest form that reads back exactly.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numbers>
#include <ostream>
#include <string>
#include <vector>

namespace linkphy {
namespace {

constexpr double kRadToDeg = 180.0 / std::numbers::pi;

void put(std::string &buf, double v) {
  char tmp[32];
  const auto res = std::to_chars(tmp, tmp + sizeof tmp, v); // shortest round-trip form
  buf.append(tmp, res.ptr);
}

void put_pair(std::string &buf, Complex c, TouchstoneFormat f) {
  double a = c.real(), b = c.imag();
  if (f != TouchstoneFormat::RI) {
    a = std::abs(c);
    b = std::arg(c) * kRadToDeg;
    // |S| = 0 has no dB value; the smallest normal double stands for it (≈ −6153 dB).
    if (f == TouchstoneFormat::DB)
      a = 20.0 * std::log10(std::max(a, std::numeric_limits<double>::min()));
  }
  buf += ' ';
  put(buf, a);
  buf += ' ';
  put(buf, b);
}

// Frequencies as a reader needs them: finite, ≥ 0 Hz, strictly ascending (a version 1 reader
// takes a step down for the start of the noise block).
void check_frequencies(const std::string &where, const char *what, const std::vector<double> &f) {
  for (std::size_t k = 0; k < f.size(); ++k)
    if (!(f[k] >= 0) || !std::isfinite(f[k]) || (k > 0 && !(f[k] > f[k - 1])))
      throw InputError(where, std::string(what) + ": " + number_text(f[k]) + " Hz at index " +
                                  std::to_string(k) +
                                  " (accepted: finite, >= 0 Hz, strictly ascending)");
}

// The noise block (Touchstone 2.0 §[Noise Data]: two-port noise parameters only): every vector
// one value per noise frequency.
void check_noise(const std::string &where, int ports, const NoiseData &nd) {
  if (ports != 2)
    throw InputError(where, "noise parameters are for 2-ports only; this network has " +
                                std::to_string(ports) +
                                " ports (accepted: no noise data, or a 2-port)");
  const std::size_t n = nd.freq_hz.size();
  if (nd.nfmin_db.size() != n || nd.gamma_opt.size() != n || nd.rn_ohm.size() != n)
    throw InputError(where, "noise data: " + std::to_string(n) + " frequencies but " +
                                std::to_string(nd.nfmin_db.size()) + " NFmin, " +
                                std::to_string(nd.gamma_opt.size()) + " Gamma_opt and " +
                                std::to_string(nd.rn_ohm.size()) +
                                " Rn values (accepted: one of each per frequency)");
  check_frequencies(where, "noise frequencies", nd.freq_hz);
  for (std::size_t k = 0; k < n; ++k)
    if (!std::isfinite(nd.nfmin_db[k]) || !std::isfinite(nd.gamma_opt[k].real()) ||
        !std::isfinite(nd.gamma_opt[k].imag()) || !std::isfinite(nd.rn_ohm[k]))
      throw InputError(where, "noise data at index " + std::to_string(k) +
                                  ": NFmin, Gamma_opt and Rn must be finite");
}

} // namespace

void write_touchstone(std::ostream &out, const Network &net, const TouchstoneWriteOptions &opt) {
  const std::string where = net.name.empty() ? "touchstone output" : net.name;
  const int n = net.ports;
  const auto un = static_cast<std::size_t>(n);
  const std::size_t nf = net.freq_hz.size();
  if (n < 1 || net.s.size() != nf * un * un || net.z0_ohm.size() != un)
    throw InputError(where, "inconsistent network: S must hold frequencies × ports² values and "
                            "z0 one impedance per port");
  for (double z : net.z0_ohm)
    if (!(z > 0) || !std::isfinite(z))
      throw InputError(where, "reference impedances must be finite and > 0 ohm");
  const bool same_z0 = std::all_of(net.z0_ohm.begin(), net.z0_ohm.end(),
                                   [&](double z) { return z == net.z0_ohm[0]; });
  int version = opt.version == 0 ? (same_z0 ? 1 : 2) : opt.version;
  if (version != 1 && version != 2)
    throw InputError(where, "Touchstone version must be 1 or 2");
  if (version == 1 && !same_z0)
    throw InputError(where, "a version 1 Touchstone file has one reference impedance for every "
                            "port; these ports differ (write version 2)");
  check_frequencies(where, "network frequencies", net.freq_hz);
  const bool noise = !opt.noise.empty();
  if (noise)
    check_noise(where, n, opt.noise);
  if (noise && version == 1 && nf > 0 && opt.noise.freq_hz.front() > net.freq_hz.back())
    throw InputError(where, "a version 1 noise block must start at or below the last network "
                            "frequency (readers find it where the frequency goes down)");
  const double per = hz_per(opt.unit);

  std::string buf;
  buf.reserve(nf * (un * un * 2 + 1) * 24 + 1024);
  for (const auto &c : opt.comments) {
    buf += '!';
    buf += c;
    buf += '\n';
  }
  if (version == 2)
    buf += "[Version] 2.0\n";
  buf += "# ";
  buf += to_string(opt.unit);
  buf += " S ";
  buf += to_string(opt.format);
  buf += " R ";
  put(buf, net.z0_ohm[0]);
  buf += '\n';
  if (version == 2) {
    buf += "[Number of Ports] " + std::to_string(n) + "\n";
    if (n == 2)
      buf += "[Two-Port Data Order] 12_21\n";
    buf += "[Number of Frequencies] " + std::to_string(nf) + "\n";
    if (noise)
      buf += "[Number of Noise Frequencies] " + std::to_string(opt.noise.freq_hz.size()) + "\n";
    buf += "[Reference]";
    for (double z : net.z0_ohm) {
      buf += ' ';
      put(buf, z);
    }
    buf += "\n[Network Data]\n";
  }
  for (std::size_t k = 0; k < nf; ++k) {
    put(buf, net.freq_hz[k] / per);
    const Complex *s = net.s.data() + k * un * un;
    if (n == 1) {
      put_pair(buf, s[0], opt.format);
    } else if (n == 2) { // version 1: N11 N21 N12 N22; version 2 declares 12_21 (row-major)
      put_pair(buf, s[0], opt.format);
      put_pair(buf, version == 1 ? s[2] : s[1], opt.format);
      put_pair(buf, version == 1 ? s[1] : s[2], opt.format);
      put_pair(buf, s[3], opt.format);
    } else { // one matrix row per line, wrapped after 4 pairs
      for (std::size_t i = 0; i < un; ++i) {
        if (i > 0)
          buf += '\n';
        for (std::size_t j = 0; j < un; ++j) {
          if (j > 0 && j % 4 == 0)
            buf += '\n';
          put_pair(buf, s[i * un + j], opt.format);
        }
      }
    }
    buf += '\n';
  }
  if (noise) {
    const NoiseData &nd = opt.noise;
    if (version == 2)
      buf += "[Noise Data]\n";
    else
      buf += "! noise parameters: freq NFmin_dB |Gamma_opt| angle_deg Rn/R\n";
    for (std::size_t k = 0; k < nd.freq_hz.size(); ++k) {
      put(buf, nd.freq_hz[k] / per);
      buf += ' ';
      put(buf, nd.nfmin_db[k]);
      buf += ' ';
      put(buf, std::abs(nd.gamma_opt[k]));
      buf += ' ';
      put(buf, std::arg(nd.gamma_opt[k]) * kRadToDeg);
      buf += ' ';
      put(buf, version == 2 ? nd.rn_ohm[k] : nd.rn_ohm[k] / net.z0_ohm[0]);
      buf += '\n';
    }
  }
  if (version == 2)
    buf += "[End]\n";
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

} // namespace linkphy
