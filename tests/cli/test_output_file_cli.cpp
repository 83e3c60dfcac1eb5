// -o onto something that is not a regular file: a FIFO (as /dev/null, a device) is written in
// place. OutputFile renamed its temporary onto the target, which replaced the node by a regular
// file: `linkphy com ... -o /dev/null` run as root turned the machine's /dev/null into a file.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("an -o onto a FIFO writes through it and leaves it a FIFO", "[cli][output]") {
  const fs::path dir = linkphy::test::scratch_dir("out-fifo");
  const fs::path fifo = dir / "pipe", copy = dir / "copy.txt";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string file = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/pcb_stripline_119mm.s2p";
  // A reader drains the FIFO; `timeout` ends it should nothing ever open the FIFO for writing
  // (the old behaviour: the FIFO was renamed over, the reader blocked).
  const std::string cmd = "sh -c \"timeout 20 cat '" + fifo.string() + "' > '" + copy.string() +
                          "' & '" + std::string(LINKPHY_CLI) + "' touchstone info '" + file +
                          "' -o '" + fifo.string() + "'; st=\\$?; wait; exit \\$st\"";
  const int st = std::system(cmd.c_str());
  REQUIRE(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 0);
  CHECK(fs::is_fifo(fifo));
  CHECK(linkphy::test::read_text_file(copy).find("ports:           2") != std::string::npos);
  // No temporary left beside it.
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);
  fs::remove_all(dir);
}

TEST_CASE("crossover --plot onto a symbolic link or FIFO is refused before any work",
          "[cli][output]") {
  // The plot is rendered beside its path and renamed onto it, which replaced a symbolic link (or a
  // device, as root) by a plain file after the whole study had run.
  const fs::path dir = linkphy::test::scratch_dir("plot-link");
  const fs::path target = dir / "target.svg", link = dir / "link.svg", fifo = dir / "pipe.svg";
  { std::ofstream(target) << "kept\n"; }
  fs::create_symlink(target, link);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  for (const fs::path &p : {link, fifo}) {
    const auto r = linkphy::test::run_program(
        LINKPHY_CLI, {"crossover", "--rates", "100G", "--plot", p.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("linkphy: --plot '" + p.string() + "': is ") == 0);
  }
  CHECK(fs::is_symlink(fs::symlink_status(link)));
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
  CHECK(linkphy::test::read_text_file(target) == "kept\n");
  fs::remove_all(dir);
}
