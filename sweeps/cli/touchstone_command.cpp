// `linkphy touchstone info|convert|cascade|mixed-mode`: Touchstone utilities.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/touchstone.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/output.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

std::string num(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string json_num(double v) { return sweeps::json_number(v, sweeps::kShortestDigits); }

/// A CSV cell at full precision; non-finite as inf, -inf, nan (json_text.hpp: never "-nan").
void put(std::string &buf, double v) {
  if (!std::isfinite(v)) {
    buf += sweeps::csv_number(v);
    return;
  }
  char tmp[32];
  const auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
  buf.append(tmp, r.ptr);
}

using sweeps::json_string;

bool is_touchstone_name(const std::string &path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char &c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".ts" || touchstone_ports_from_extension(path) > 0;
}

/// "csv" or "touchstone": the --format given, else touchstone when OUT is named .sNp/.ts.
std::string output_format(const std::string &format, const std::string &out_path) {
  // A CSV under a Touchstone name would be read as Touchstone (and refused) by every reader.
  if (format == "csv" && is_touchstone_name(out_path))
    throw InputError("-o '" + out_path + "'",
                     "a Touchstone name (.sNp, .ts) for --format csv; accepted: another name "
                     "(e.g. .csv), or --format touchstone");
  if (!format.empty())
    return format;
  return is_touchstone_name(out_path) ? "touchstone" : "csv";
}

/// Column name of S_{i+1,j+1} with prefix ("s", "sdd", ...): s21, or s1_10 from 10 ports on.
std::string s_name(const std::string &prefix, int i, int j, int ports) {
  return prefix + std::to_string(i + 1) + (ports >= 10 ? "_" : "") + std::to_string(j + 1);
}

/// CSV freq_hz,s11_re,s11_im,s12_re,... (row-major, 1-based indices).
void write_s_csv(std::ostream &out, const Network &net) {
  const int n = net.ports;
  std::string buf = "freq_hz";
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const std::string name = s_name("s", i, j, n);
      buf += ',';
      buf += name;
      buf += "_re,";
      buf += name;
      buf += "_im";
    }
  buf += '\n';
  buf.reserve(net.frequencies() * static_cast<std::size_t>(n * n) * 48 + buf.size());
  for (std::size_t k = 0; k < net.frequencies(); ++k) {
    put(buf, net.freq_hz[k]);
    const Complex *s = net.s.data() + k * static_cast<std::size_t>(n * n);
    for (int e = 0; e < n * n; ++e) {
      buf += ',';
      put(buf, s[e].real());
      buf += ',';
      put(buf, s[e].imag());
    }
    buf += '\n';
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

/// Writes a network as Touchstone or CSV to `path` (stdout when empty), atomically.
void write_network(const Network &net, const std::string &path, const std::string &format,
                   const std::string &to) {
  const std::string fmt = output_format(format, path);
  if (fmt == "touchstone") {
    const int ext_ports = touchstone_ports_from_extension(path);
    if (ext_ports > 0 && ext_ports != net.ports)
      throw InputError(path, "output name says .s" + std::to_string(ext_ports) +
                                 "p but the network has " + std::to_string(net.ports) +
                                 " ports; name it .s" + std::to_string(net.ports) + "p or .ts");
  }
  TouchstoneWriteOptions opt;
  opt.format = parse_touchstone_format(to, "--to");
  opt.comments = {" written by linkphy from " + net.name};
  // A file not named .sNp (e.g. .ts) tells a reader its port count only in a version 2 header.
  if (fmt == "touchstone" && !path.empty() && path != "-" &&
      touchstone_ports_from_extension(path) <= 0)
    opt.version = 2;
  sweeps::OutputFile out(path);
  if (fmt == "touchstone")
    write_touchstone(out.stream(), net, opt);
  else
    write_s_csv(out.stream(), net);
  out.commit();
  // The CSV has no place for the reference impedance: say it when it is not the usual 50 ohm,
  // so the numbers are not taken for 50-ohm S-parameters.
  if (fmt != "touchstone" &&
      std::any_of(net.z0_ohm.begin(), net.z0_ohm.end(), [](double z) { return z != 50.0; })) {
    std::string z;
    for (double v : net.z0_ohm) {
      if (!z.empty())
        z += ' ';
      z += number_text(v);
    }
    std::cerr << "linkphy: warning: " << net.name << ": the CSV holds S-parameters referenced to "
              << z << " ohm (per port; the CSV has no z0 column)\n";
  }
}

// ---- info -------------------------------------------------------------------------------------

struct InfoOptions {
  std::string file;
  std::string format = "text";
  std::string output;
};

int run_info(const InfoOptions &o) {
  const TouchstoneData d = read_touchstone(o.file);
  const Network &n = d.network;
  const char *mf = d.matrix_format == MatrixFormat::Full    ? "Full"
                   : d.matrix_format == MatrixFormat::Upper ? "Upper"
                                                            : "Lower";
  sweeps::OutputFile out(o.output);
  std::ostream &os = out.stream();
  if (o.format == "json") {
    os << "{\"file\": " << json_string(o.file) << ", \"name\": " << json_string(n.name)
       << ", \"version\": " << json_string(d.version) << ", \"ports\": " << n.ports
       << ", \"points\": " << n.frequencies()
       << ", \"freq_start_hz\": " << json_num(n.freq_hz.front())
       << ", \"freq_stop_hz\": " << json_num(n.freq_hz.back()) << ", \"z0_ohm\": [";
    for (int p = 0; p < n.ports; ++p)
      os << (p ? ", " : "") << json_num(n.z0_ohm[static_cast<std::size_t>(p)]);
    os << "], \"parameter\": " << json_string(std::string(to_string(d.parameter)))
       << ", \"format\": " << json_string(std::string(to_string(d.format)))
       << ", \"frequency_unit\": " << json_string(std::string(to_string(d.unit)))
       << ", \"matrix_format\": " << json_string(mf)
       << ", \"noise_points\": " << d.noise.freq_hz.size() << "}\n";
  } else {
    os << "file:            " << o.file << "\n"
       << "version:         " << d.version << "\n"
       << "ports:           " << n.ports << "\n"
       << "points:          " << n.frequencies() << "\n"
       << "frequency:       " << num(n.freq_hz.front()) << " Hz to " << num(n.freq_hz.back())
       << " Hz\n"
       << "z0_ohm:         ";
    for (double z : n.z0_ohm)
      os << " " << num(z);
    os << "\n"
       << "parameter:       " << to_string(d.parameter)
       << (d.parameter == ParameterKind::S ? "" : " (converted to S)") << "\n"
       << "format:          " << to_string(d.format) << "\n"
       << "frequency unit:  " << to_string(d.unit) << "\n"
       << "matrix format:   " << mf << "\n"
       << "noise points:    " << d.noise.freq_hz.size() << "\n";
  }
  out.commit();
  return 0;
}

// ---- convert ----------------------------------------------------------------------------------

struct ConvertOptions {
  std::string input;
  std::string output;
  std::string format; // csv | touchstone | "" (from the output name)
  std::string to = "ri";
};

int run_convert(const ConvertOptions &o) {
  const TouchstoneData d = read_touchstone(o.input);
  write_network(d.network, o.output, o.format, o.to);
  return 0;
}

// ---- cascade ----------------------------------------------------------------------------------

struct CascadeOptions {
  std::vector<std::string> inputs;
  std::string output;
  std::string format;
  std::string to = "ri";
  std::string port_order; ///< "1,3,2,4": the inputs then the outputs of every file, 1-based
};

// --port-order "1,3,2,4" → 0-based {0, 2, 1, 3}, a permutation of the files' ports.
std::vector<int> parse_port_order(const std::string &text, int ports) {
  const std::string where = "--port-order '" + text + "'";
  const std::string accepted = "; accepted: a permutation of 1.." + std::to_string(ports) +
                               ", inputs first, ',' between (IEEE 802.3 COM files: 1,3,2,4)";
  std::vector<int> order;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    int v = 0;
    const auto r = std::from_chars(item.data(), item.data() + item.size(), v);
    if (item.empty() || r.ec != std::errc() || r.ptr != item.data() + item.size() || v < 1 ||
        v > ports)
      throw InputError(where, "'" + item + "' is not a port of these " + std::to_string(ports) +
                                  "-port files" + accepted);
    if (std::find(order.begin(), order.end(), v - 1) != order.end())
      throw InputError(where, "port " + item + " is listed twice" + accepted);
    order.push_back(v - 1);
    at = comma + 1;
  }
  if (static_cast<int>(order.size()) != ports)
    throw InputError(where, "lists " + std::to_string(order.size()) + " of the " +
                                std::to_string(ports) + " ports" + accepted);
  return order;
}

// A 4-port whose thrus run 1→2 and 3→4 rather than 1→3 and 2→4 is in the IEEE 802.3 order
// (1/3 in, 2/4 out), not the cascade's (1/2 in, 3/4 out). Judged over the lowest 5 % of the
// band, where a channel passes most: mean |S21|, |S43| above 0.3 (a thru, not a coupler or a
// crosstalk file) and above twice |S31|, |S42| (the IEEE channels here: 3.2–11×).
bool looks_ieee_ordered(const Network &n) {
  if (n.ports != 4)
    return false;
  const std::size_t low = std::max<std::size_t>(1, n.frequencies() / 20);
  double thru = 0, other = 0;
  for (std::size_t k = 0; k < low; ++k) {
    thru += std::abs(n.at(k, 1, 0)) + std::abs(n.at(k, 3, 2));
    other += std::abs(n.at(k, 2, 0)) + std::abs(n.at(k, 3, 1));
  }
  return thru > 0.6 * static_cast<double>(low) && thru > 2.0 * other;
}

int run_cascade(const CascadeOptions &o) {
  // Each network is named by its file as given while cascaded, so that cascade's errors name the
  // files (they named the stems: "cascade of network 'a' and network 'b'"); the output keeps
  // the stems' name.
  std::vector<Network> chain;
  std::string stems;
  for (const auto &f : o.inputs) {
    chain.push_back(read_touchstone(f).network);
    stems += (stems.empty() ? "" : "+") + chain.back().name;
    chain.back().name = f;
  }
  std::vector<int> order;
  if (!o.port_order.empty()) {
    order = parse_port_order(o.port_order, chain.front().ports);
    for (auto &n : chain) {
      if (n.ports != chain.front().ports)
        break; // cascade() refuses the mix, naming both networks
      n = reorder_ports(n, order);
    }
  }
  Network out = cascade(chain);
  if (!order.empty()) { // back to the files' own port order
    std::vector<int> inverse(order.size());
    for (std::size_t p = 0; p < order.size(); ++p)
      inverse[static_cast<std::size_t>(order[p])] = static_cast<int>(p);
    out = reorder_ports(out, inverse);
  }
  out.name = stems;
  write_network(out, o.output, o.format, o.to);
  if (order.empty()) // said once written (a failure is one line, DESIGN.md §6)
    for (const auto &n : chain)
      if (looks_ieee_ordered(n)) {
        std::cerr << "linkphy: warning: " << n.name
                  << ": its thru runs from port 1 to port 2 (1/3 in, 2/4 out, the IEEE 802.3 "
                     "order?) but cascade joins ports 3/4 of each file to 1/2 of the next; "
                     "give --port-order 1,3,2,4 for such files\n";
        break;
      }
  return 0;
}

// ---- mixed-mode -------------------------------------------------------------------------------

struct MixedModeOptions {
  std::string input;
  std::string ports;
  std::string output;
  std::string format;
  std::string to = "ri";
  std::vector<std::string> freqs;
};

/// CSV freq_hz, then 20·log10|S| of every entry of Sdd, Sdc, Scd, Scc in that order, each
/// row-major with 1-based pair indices: sdd11_db, sdd12_db, ..., scc{N}{N}_db.
void write_mixed_mode_csv(std::ostream &os, const Network &mm) {
  const int n = mm.ports / 2;
  const char *blocks[4] = {"sdd", "sdc", "scd", "scc"};
  const int row0[4] = {0, 0, n, n}, col0[4] = {0, n, 0, n};
  std::string buf = "freq_hz";
  for (int b = 0; b < 4; ++b)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        buf += ',';
        buf += s_name(blocks[b], i, j, n);
        buf += "_db";
      }
  buf += '\n';
  for (std::size_t k = 0; k < mm.frequencies(); ++k) {
    put(buf, mm.freq_hz[k]);
    for (int b = 0; b < 4; ++b)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          buf += ',';
          put(buf, 20.0 * std::log10(std::abs(mm.at(k, row0[b] + i, col0[b] + j))));
        }
    buf += '\n';
  }
  os.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

int run_mixed_mode(const MixedModeOptions &o) {
  const Network se = read_touchstone(o.input).network;
  Network mm;
  try { // a bad pair list is named by the option that gave it
    mm = to_mixed_mode(se, parse_port_pairs(o.ports));
  } catch (const InputError &e) {
    const bool says = e.detail().find("expected") != std::string::npos;
    throw InputError("--ports '" + o.ports + "'",
                     e.detail() +
                         (says ? ""
                               : "; accepted: pairs P-N of ports 1.." + std::to_string(se.ports) +
                                     ", ':' between pairs, e.g. 1-3:2-4"));
  }
  mm.name = se.name + " mixed-mode";
  if (!o.freqs.empty()) {
    // Each value is checked here, so the refusal names it (interpolate() names neither the
    // option nor the value as typed, and printed the band with std::to_string).
    std::vector<double> f;
    const double lo = mm.freq_hz.front(), hi = mm.freq_hz.back();
    for (const auto &text : o.freqs) {
      const std::string where = "--freq '" + text + "'";
      const double x = check_frequency_hz(parse_frequency(text, "--freq").value(), where);
      if (x < lo || x > hi)
        throw InputError(where, "outside the file's band; accepted: " + number_text(lo / 1e9) +
                                    " to " + number_text(hi / 1e9) +
                                    " GHz (data are interpolated, never extrapolated)");
      if (!f.empty() && !(x > f.back()))
        throw InputError(where, "not above the --freq before it; accepted: ascending frequencies, "
                                "each given once");
      f.push_back(x);
    }
    mm = interpolate(mm, f);
  }
  const std::string fmt = output_format(o.format, o.output);
  if (fmt == "touchstone") {
    write_network(mm, o.output, fmt, o.to);
    return 0;
  }
  sweeps::OutputFile out(o.output);
  write_mixed_mode_csv(out.stream(), mm);
  out.commit();
  return 0;
}

void register_touchstone(CLI::App &app) {
  auto *ts = app.add_subcommand("touchstone", "Touchstone file utilities (read v1.0/1.1/2.0)");
  ts->footer("Examples (each subcommand's --help has more):\n"
             "  linkphy touchstone info tests/data/channels/CA_19p75dB_thru.s4p\n"
             "  linkphy touchstone convert tests/data/channels/CA_19p75dB_thru.s4p -o ch.csv");
  ts->require_subcommand(1);

  auto info_opt = std::make_shared<InfoOptions>();
  auto *info = ts->add_subcommand(
      "info", "Summary of a Touchstone file: ports, points, frequency range, z0, version, "
              "parameter and format as written in the file");
  info->add_option("FILE", info_opt->file, "Touchstone file (.sNp, or .ts version 2)")->required();
  info->add_option("--format", info_opt->format, "text (default) or json")
      ->check(one_of({"text", "json"}));
  info->add_option("-o,--output", info_opt->output, "write to this file instead of stdout");
  info->footer(
      "Example:\n  linkphy touchstone info tests/data/channels/CA_19p75dB_thru.s4p --format json");
  set_runner(info, [info_opt] { return run_info(*info_opt); });

  auto conv_opt = std::make_shared<ConvertOptions>();
  auto *conv = ts->add_subcommand(
      "convert", "Rewrite a Touchstone file as CSV (freq_hz,s11_re,s11_im,s12_re,... row-major, "
                 "1-based; from 10 ports on s1_10_re) or as Touchstone S-parameters (version 1, "
                 "or 2 when port impedances differ), numbers at full double precision");
  conv->add_option("IN", conv_opt->input, "input Touchstone file")->required();
  conv->add_option("-o,--output", conv_opt->output, "output file (default stdout)");
  conv->add_option(
          "--format", conv_opt->format,
          "csv or touchstone (default: touchstone when OUT ends in .sNp/.ts, else csv; csv "
          "is refused for such an OUT)")
      ->check(one_of({"csv", "touchstone"}));
  conv->add_option("--to", conv_opt->to, "Touchstone number format: ri (default), ma or db")
      ->check(one_of({"ri", "ma", "db", "RI", "MA", "DB"}));
  conv->footer("Examples:\n  linkphy touchstone convert tests/data/channels/CA_19p75dB_thru.s4p -o "
               "channel.csv\n"
               "  linkphy touchstone convert tests/data/channels/pcb_stripline_119mm.s2p -o "
               "new.s2p --to db");
  set_runner(conv, [conv_opt] { return run_convert(*conv_opt); });

  auto cas_opt = std::make_shared<CascadeOptions>();
  auto *cas = ts->add_subcommand(
      "cascade", "Cascade 2N-port networks on the same frequency grid: the last N ports of each "
                 "connect to the first N of the next (2-ports: the usual chain); output as for "
                 "convert");
  cas->add_option("FILES", cas_opt->inputs, "two or more Touchstone files, in signal order")
      ->required()
      ->expected(2, -1);
  cas->add_option("-o,--output", cas_opt->output, "output file (default stdout)");
  cas->add_option("--format", cas_opt->format,
                  "csv or touchstone (default: touchstone when OUT ends in .sNp/.ts, else csv; csv "
                  "is refused for such an OUT)")
      ->check(one_of({"csv", "touchstone"}));
  cas->add_option("--to", cas_opt->to, "Touchstone number format: ri (default), ma or db")
      ->check(one_of({"ri", "ma", "db", "RI", "MA", "DB"}));
  cas->add_option("--port-order", cas_opt->port_order,
                  "the files' ports in cascade order, 1-based, inputs first: 1,3,2,4 for IEEE "
                  "802.3 channel files (1/3 in, 2/4 out); the output keeps the files' order");
  cas->footer(
      "Examples:\n  linkphy touchstone cascade tests/data/channels/pcb_stripline_119mm.s2p "
      "tests/data/channels/pcb_stripline_238mm.s2p tests/data/channels/pcb_stripline_119mm.s2p "
      "-o line.s2p\n"
      "  linkphy touchstone cascade tests/data/channels/CA_19p75dB_thru.s4p "
      "tests/data/channels/DPO_4in_Meg7_THRU.s4p --port-order 1,3,2,4 -o ch.s4p");
  set_runner(cas, [cas_opt] { return run_cascade(*cas_opt); });

  auto mm_opt = std::make_shared<MixedModeOptions>();
  auto *mm = ts->add_subcommand(
      "mixed-mode",
      "Single-ended 2N-port to mixed-mode (differential reference 2·z0, common z0/2, as "
      "scikit-rf se2gmm). CSV: freq_hz, then sdd11_db, sdd12_db, ..., sdc.._db, scd.._db, "
      "scc.._db (20·log10|S|, each block row-major, pairs numbered in --ports order). "
      "Touchstone output (-o X.sNp/.ts or --format touchstone): ports d1..dN, c1..cN");
  mm->add_option("IN", mm_opt->input, "single-ended Touchstone file")->required();
  mm->add_option("--ports", mm_opt->ports,
                 "differential pairs, positive-negative, 1-based, ':' between pairs: 1-3:2-4")
      ->required();
  mm->add_option("-o,--output", mm_opt->output, "output file (default stdout)");
  mm->add_option("--format", mm_opt->format,
                 "csv or touchstone (default: touchstone when OUT ends in .sNp/.ts, else csv; csv "
                 "is refused for such an OUT)")
      ->check(one_of({"csv", "touchstone"}));
  mm->add_option("--to", mm_opt->to, "Touchstone number format: ri (default), ma or db")
      ->check(one_of({"ri", "ma", "db", "RI", "MA", "DB"}));
  mm->add_option("--freq", mm_opt->freqs,
                 "report only at these frequencies (with unit, e.g. 26.5625GHz; repeatable), "
                 "linear interpolation of real and imaginary parts");
  mm->footer(
      "Examples:\n  linkphy touchstone mixed-mode tests/data/channels/CA_19p75dB_thru.s4p --ports "
      "1-3:2-4 "
      "--freq 26.5625GHz\n  linkphy touchstone mixed-mode tests/data/channels/CA_19p75dB_thru.s4p "
      "--ports 1-3:2-4 -o thru_mm.ts");
  set_runner(mm, [mm_opt] { return run_mixed_mode(*mm_opt); });
}

const bool registered = add_command("touchstone", register_touchstone);

} // namespace
} // namespace linkphy::cli
