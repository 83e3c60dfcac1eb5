#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include <catch2/catch.hpp>

using namespace linkphy;
using Catch::Matchers::Contains;

template <class A, class B>
concept Addable = requires(A a, B b) {
  a + b;
};

TEST_CASE("quantities parse to SI values", "[units]") {
  // Exact conversion factors: 1 in = 25.4 mm, 1 mil = 25.4 µm (NIST SP 811, App. B).
  CHECK(parse_length("2 m").value() == 2.0);
  CHECK(parse_length("6 in").value() == Approx(0.1524).epsilon(1e-15));
  CHECK(parse_length("5 mil").value() == Approx(127e-6).epsilon(1e-15));
  CHECK(parse_length("1310 nm").value() == Approx(1.31e-6).epsilon(1e-15));
  CHECK(parse_frequency("26.5625 GHz").value() == Approx(26.5625e9).epsilon(1e-15));
  CHECK(parse_quantity_as("1 uH", Dimension::inductance) == Approx(1e-6).epsilon(1e-15));
  CHECK(parse_quantity_as("106.25 GBd", Dimension::symbol_rate) == Approx(106.25e9));
  CHECK(parse_quantity_as("212.5 Gb/s", Dimension::bit_rate) == Approx(212.5e9));
  CHECK(parse_dbm("-3 dBm").value() == -3.0);
  CHECK(parse_db("1.5 dB").value() == 1.5);
  CHECK(parse_temperature("25 degC").value() == Approx(298.15));
  CHECK(parse_quantity_as("0.35 dB/km", Dimension::attenuation) == Approx(0.35e-3));
  CHECK(parse_quantity_as("1 dB/in", Dimension::attenuation) == Approx(1 / 0.0254));
  // 17 ps/(nm km) = 17e-12 s / (1e-9 m · 1e3 m) = 1.7e-5 s/m²
  CHECK(parse_quantity_as("17 ps/(nm km)", Dimension::dispersion) == Approx(1.7e-5));
  CHECK(parse_quantity_as("17 ps/(nm·km)", Dimension::dispersion) == Approx(1.7e-5));
  CHECK(parse_quantity_as("0.093 ps/(nm^2 km)", Dimension::dispersion_slope) == Approx(93.0));
  CHECK(parse_quantity_as("5.8e7 S/m", Dimension::conductivity) == Approx(5.8e7));
  CHECK(parse_quantity_as("4.2", Dimension::dimensionless) == 4.2);
  CHECK(parse_quantity_as("500 MHz km", Dimension::bandwidth_length) == Approx(5e11));
  // A power in watts is accepted where a level is expected: 1 mW = 0 dBm.
  CHECK(parse_dbm("1 mW").value() == Approx(0.0).margin(1e-12));
}

TEST_CASE("bad quantities name the text and the units accepted", "[units][bad-input]") {
  CHECK_THROWS_WITH(parse_length("5", "width"),
                    Contains("width") && Contains("has no unit") && Contains("mil"));
  CHECK_THROWS_WITH(parse_length("5 parsec", "length"), Contains("unknown unit 'parsec'"));
  CHECK_THROWS_WITH(parse_length("2 GHz", "length"), Contains("is a frequency, not a length"));
  CHECK_THROWS_WITH(parse_quantity_as("3 dB/m", Dimension::temperature_coefficient, "df_tc"),
                    Contains("is an attenuation, not a temperature coefficient"));
  CHECK_THROWS_WITH(parse_length("", "length"), Contains("empty value"));
  CHECK_THROWS_WITH(parse_length("abc m", "length"), Contains("does not start with a number"));
  CHECK_THROWS_WITH(parse_length("nan m", "length"), Contains("not a finite number"));
  CHECK_THROWS_WITH(parse_length("1e400 m", "length"), Contains("outside the range of a double"));
  CHECK_THROWS_WITH(parse_temperature("-300 degC", "t"), Contains("below absolute zero"));
  CHECK_THROWS_AS(parse_dbm("-1 mW"), InputError);
}

TEST_CASE("dB differences and dBm levels keep their algebra", "[units]") {
  const Dbm tx(-3.0);
  const Db loss(2.5);
  CHECK((tx - loss).value() == -5.5);
  CHECK((Dbm(1.0) - Dbm(-2.0)).value() == 3.0);
  CHECK(Dbm(0.0).power().value() == Approx(1e-3));
  CHECK(Dbm::from_power(watts(1e-3)).value() == Approx(0.0).margin(1e-12));
  CHECK(Db(3.0).power_ratio() == Approx(1.9952623149688795));
  CHECK(Db(20.0).amplitude_ratio() == Approx(10.0));
  // Level + level must not compile.
  STATIC_REQUIRE_FALSE(Addable<Dbm, Dbm>);
  STATIC_REQUIRE(Addable<Dbm, Db>);
  STATIC_REQUIRE(Addable<Db, Db>);
}
