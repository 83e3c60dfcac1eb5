// Fibre spec strings and the fibre as a 2-port network.
#include <linkphy/channels/fibre_spec.hpp>
#include <linkphy/phy/error.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("smf spec: il_db at 0 Hz is the optical loss, S21/S21(0) the intensity response",
          "[optics][fibre]") {
  const auto link =
      make_fibre_link(parse_spec("smf:length=2km,wavelength=1310nm,type=os2,connectors=2"));
  const FibreNetwork net(link);
  const std::vector<double> f{0, 10e9, 30e9};
  const Network n = net.network(f, Conditions{});
  // OS2: 0.4 dB/km × 2 km + 2 × 0.75 dB = 2.3 dB optical.
  CHECK(-20 * std::log10(std::abs(n.at(0, 1, 0))) == Approx(2.3).epsilon(1e-12));
  std::vector<std::complex<double>> h(3);
  link.fibre->intensity_response(f, link.carrier, h);
  for (std::size_t k = 0; k < f.size(); ++k) {
    CHECK(std::abs(n.at(k, 1, 0) / n.at(0, 1, 0) - h[k]) < 1e-12);
    CHECK(n.at(k, 0, 1) == n.at(k, 1, 0)); // reciprocal
    CHECK(std::abs(n.at(k, 0, 0)) == 0.0);
  }
}

TEST_CASE("mmf spec defaults and bad input", "[optics][fibre]") {
  const auto mm = make_fibre_link(parse_spec("mmf:length=100m"));
  CHECK(mm.fibre->type().name == "om4");
  CHECK(mm.carrier.wavelength_m == Approx(850e-9));
  auto err = [](const std::string &spec, const std::string &needle) {
    try {
      make_fibre_link(parse_spec(spec));
      FAIL("accepted " << spec);
    } catch (const InputError &e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(needle) != std::string::npos);
    }
  };
  err("smf:length=2km,wavelength=850nm", "outside the window of fibre g652d");
  err("smf:length=2km,type=om3", "multimode (use mmf:)");
  err("mmf:length=2km,type=g652d", "single-mode (use smf:)");
  err("smf:length=2km,type=g999", "unknown fibre 'g999'");
  err("smf:length=2km,colour=blue", "unknown key");
  err("smf:length=2", "length");
  err("smf:wavelength=1310nm", "missing key 'length'");
}
