// Every class of bad Touchstone input gives InputError with where = "FILE:LINE" (line 0: the
// file as a whole) and a message naming the problem. Files in tests/data/touchstone/bad/.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <catch2/catch.hpp>

#include <string>

using namespace linkphy;
using Catch::Matchers::Contains;

namespace {

const std::string kData = LINKPHY_TEST_DATA_DIR;

// parse_touchstone(text) refuses it at NAME:LINE with a detail holding `what`.
void fails_with(const std::string &text, const std::string &name, int line,
                const std::string &what) {
  INFO(text);
  try {
    (void)parse_touchstone(text, name, touchstone_ports_from_extension(name));
    FAIL("accepted");
  } catch (const InputError &e) {
    CHECK(e.where() == name + ":" + std::to_string(line));
    CHECK_THAT(e.detail(), Contains(what));
  }
}

struct BadCase {
  const char *file; // relative to tests/data
  int line;
  const char *what; // a fragment of the message
};

} // namespace

TEST_CASE("bad Touchstone files are rejected with file:line and a clear message",
          "[touchstone][errors]") {
  const BadCase cases[] = {
      {"touchstone/bad/empty.s2p", 0, "empty file"},
      {"touchstone/bad/does_not_exist.s2p", 0, "no such file"},
      {"touchstone/bad", 0, "is a directory"},
      {"touchstone/bad/truncated.s4p", 8, "truncated"},
      {"touchstone/bad/wrapped_wrong.s4p", 7, "wrong number of values"},
      {"touchstone/bad/two_port_data.s4p", 2, "the extension .s4p declares 4 ports"},
      {"touchstone/bad/non_ascending.s1p", 4, "frequencies not ascending"},
      {"touchstone/bad/unknown_option.s1p", 2, "unknown option 'DBX'"},
      {"touchstone/bad/nan_value.s2p", 3, "not a finite number"},
      {"touchstone/bad/garbage_number.s2p", 3, "expected a number"},
      {"touchstone/bad/unknown_keyword.ts", 5, "unknown keyword [Colour]"},
      {"touchstone/bad/port_count_mismatch.s4p", 3, "port count mismatch"},
      {"touchstone/bad/no_extension.txt", 2, "cannot tell the number of ports"},
      {"touchstone/bad/frequency_count.ts", 8, "[Number of Frequencies] says 3"},
      {"touchstone/bad/no_end.ts", 7, "[End]"},
      {"touchstone/bad/data_before_option.s1p", 1, "data before the option line"},
      {"touchstone/bad/complex_r.s1p", 1, "option R needs a positive"},
      {"touchstone/bad/no_option_line.s1p", 1, "no option line"},
      // scikit-rf's own ntwk_noise.s2p repeats 1.5 GHz (skrf accepts it; the specification
      // requires ascending frequencies).
      {"touchstone/skrf/ntwk_noise.s2p", 12, "frequencies not ascending"},
  };
  for (const auto &c : cases) {
    const std::string path = kData + "/" + c.file;
    INFO(path);
    try {
      (void)read_touchstone(path);
      FAIL("no error for " << path);
    } catch (const InputError &e) {
      CHECK(e.where() == path + ":" + std::to_string(c.line));
      CHECK_THAT(e.detail(), Contains(c.what));
    }
  }
}

TEST_CASE("bad Touchstone text: version 2 keyword rules", "[touchstone][errors]") {
  const std::string v2 = "[Version] 2.0\n# GHz S RI R 50\n";
  fails_with(v2 + "[Number of Ports] 2\n[Number of Frequencies] 1\n[Network Data]\n", "a.ts", 5,
             "[Two-Port Data Order]");
  fails_with("[Version] 3.0\n", "a.ts", 1, "unsupported [Version]");
  fails_with("# GHz S RI R 50\n[Number of Ports] 1\n", "a.s1p", 2, "version 2 files");
  fails_with(v2 + "[Number of Ports] 3\n[Reference] 50 50\n[Number of Frequencies] 1\n", "a.ts", 5,
             "[Reference]");
  fails_with(v2 + "[Number of Ports] 1\n[Matrix Format] Diagonal\n", "a.ts", 4, "[Matrix Format]");
  fails_with(
      v2 + "[Number of Ports] 1\n[Number of Frequencies] 1\n[Network Data]\n1 0 0\n[End]\n2 0 0\n",
      "a.ts", 8, "after [End]");
  fails_with("# GHz S RI R 50\n1 1e999 0\n", "a.s1p", 2, "out of the range");
  fails_with("# GHz Q RI R 50\n", "a.s1p", 1, "unknown option 'Q'");
  fails_with("# GHz S RI R 50\n1 0 0\n1 0 0\n", "a.s1p", 3, "not ascending");
  // A 2-port whose frequency goes down is read as the start of a noise block (version 1): the
  // message says so and suggests non-ascending frequencies.
  fails_with("# GHz S RI R 50\n1 0 0 1 0 1 0 0 0\n3 0 0 1 0 1 0 0 0\n2 0 0 1 0 1 0 0 0\n", "b.s2p",
             4, "are the frequencies not ascending?");
  fails_with("# GHz H RI R 50\n1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", "a.s3p", 2,
             "2-ports only");
}

TEST_CASE("Touchstone structure faults say what is accepted", "[touchstone][errors]") {
  // Each refusal names its line and ends in "(accepted: …)" (DESIGN.md §6).
  auto refused = [](const std::string &text, const std::string &name, int line,
                    const std::string &accepted) {
    fails_with(text, name, line, "accepted: " + accepted);
  };
  const std::string v2 = "[Version] 2.0\n# GHz S RI R 50\n";
  refused(v2 + "[Number of Ports] 1\n[Number of Ports] 1\n", "a.ts", 4,
          "once, before [Network Data])");
  refused("[Version] 2.0\n[Number of Ports] 1\n[Number of Frequencies] 1\n[Network Data]\n", "a.ts",
          4, "the option line '# <unit> <parameter> <format> R <ohms>' first)");
  refused("# GHz S RI GHz R 50\n", "a.s1p", 1,
          "at most one each of unit, parameter, format and R <ohms>)");
  refused("1 0 0\n# GHz S RI R 50\n", "a.s1p", 1,
          "the option line '# <unit> <parameter> <format> R <ohms>' before any data)");
  refused(v2 + "[Number of Ports] 1\n1 0 0\n", "a.ts", 4,
          "data lines after [Network Data] or [Noise Data] and before [End], in a version 2 "
          "file)");
  refused("# GHz S RI R 50\n-1 0 0\n", "a.s1p", 2, "frequencies >= 0, ascending)");
  refused(v2 + "[Number of Ports] 1\n[Number of Frequencies] 1\n[Network Data]\n1 0 0\n", "a.ts", 6,
          "a version 2 file ends with [End])");
  // Found by scripts/fuzz-files.py (seeds 21-23): a point cut short by [End], [Noise Data] or
  // the end of the file, text after [End], a keyword in a version 1 file, a misspelt [Version].
  const std::string v2p1 = v2 + "[Number of Ports] 1\n[Number of Frequencies] 1\n[Network Data]\n";
  refused(v2p1 + "1 0\n[End]\n", "a.ts", 7,
          "3 numbers per point, frequency + 2 numbers for 1 port)");
  refused("# GHz S RI R 50\n1 0 0 0 0 0 0 0 0\n2 0 0 0 0\n", "a.s2p", 3,
          "9 numbers per point, frequency + 8 numbers for 2 ports (port count from the extension "
          ".s2p))");
  refused(v2 + "[Number of Ports] 2\n[Two-Port Data Order] 12_21\n[Number of Frequencies] 1\n"
               "[Number of Noise Frequencies] 1\n[Network Data]\n1 0 0 0 0\n[Noise Data]\n",
          "a.ts", 9, "9 numbers per point, frequency + 8 numbers for 2 ports)");
  refused(v2p1 + "1 0 0\n[End]\n[End]\n", "a.ts", 8, "only comments and blank lines after [End])");
  refused("# GHz S RI R 50\n[Number of Ports] 1\n", "a.s1p", 2,
          "keywords belong to version 2 files, which start with [Version] 2.0)");
  refused(v2 + "[Number of Ports] 2\n", "a.s1p", 3, "the extension .s2p or .ts for this file)");
  refused(v2 + "[Number of Ports] 100000\n", "a.ts", 3, "1 to 10000)");
  refused("# GHz S RI R 50\n1 0 0\n1 0 0\n", "a.s1p", 3,
          "strictly ascending frequencies, each once");
  const std::string two_port = "# GHz S RI R 50\n1 0 0 1 0 1 0 0 0\n2 0 0 1 0 1 0 0 0\n";
  refused(two_port + "1 3 0.5 10 0.2\n0.5 3 0.5 10 0.2\n", "a.s2p", 5,
          "strictly ascending noise frequencies, each once");
  refused(v2 + "[Number of Ports] 2\n[Two-Port Data Order] 12_21\n[Number of Frequencies] 1\n"
               "[Number of Noise Frequencies] 1\n[Network Data]\n1 0 0 1 0 1 0 0 0\n[Noise Data]\n"
               "-1 3 0.5 10 0.2\n[End]\n",
          "a.ts", 10, "frequencies >= 0, ascending)");
  fails_with("[Versoin] 2.0\n# GHz S RI R 50\n", "a.ts", 1,
             "unknown keyword [Versoin]; accepted: "
             "[Version], [Number of Ports]");
}

TEST_CASE("S-parameters beyond 120 dB are refused as a channel at their point's line",
          "[touchstone][errors]") {
  // 1e300 in two cells of a COM channel crashed the equaliser search (SIGSEGV); all cells 1e300
  // in a crosstalk file cancelled in the mixed-mode sums to a silent zero crosstalk. The reader
  // itself takes any finite number (touchstone info/convert); channels are checked.
  auto fails_with = [](const std::string &text, const std::string &name, int line,
                       const std::string &what) {
    INFO(text);
    const auto d = parse_touchstone(text, name, touchstone_ports_from_extension(name));
    try {
      require_channel_magnitudes(d, name);
      FAIL("accepted");
    } catch (const InputError &e) {
      CHECK(e.where() == name + ":" + std::to_string(line));
      CHECK_THAT(e.detail(), Contains(what));
    }
  };
  const std::string head = "! channel\n# GHz S RI R 50\n1 0.1 0 0.9 0 0.9 0 0.1 0\n";
  fails_with(head + "2 0.1 0 0.9 0 0.9 0 0.1\n 1e300\n", "a.s2p", 4,
             "S22 has magnitude 1e+300 at 2 GHz; accepted for a channel: |S| <= 1e6 (120 dB)");
  fails_with(head + "2 0.1 0 0.9 0 1.1e6 0 0.1 0\n", "a.s2p", 4, "S12 has magnitude 1.1e+06");
  fails_with("# GHz S DB R 50\n1 -1 0 121 0 -1 0 -1 0\n", "a.s2p", 2, "S21 has magnitude");
  // Z data (normalised to R in version 1) of z = −(1 + 1e-7) give |S| ≈ 2e7: named as converted.
  fails_with("# GHz Z RI R 50\n1 -1.0000001 0\n", "a.s1p", 2, "(converted to S)");
  // 1e6 itself (120 dB) is accepted: amplifiers' gains stay far below it.
  const auto ok = parse_touchstone("# GHz S RI R 50\n1 1e6 0\n", "a.s1p", 1);
  CHECK_NOTHROW(require_channel_magnitudes(ok, "a.s1p"));
}
