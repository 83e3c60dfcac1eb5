// linkphy: the command-line tool. Each command registers itself from its own file (commands.hpp).
// Exit codes: 0 success, 2 bad input (one line `linkphy: WHERE: WHAT` on stderr), 1 other failure.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>

#include <CLI/CLI.hpp>

#include <iostream>

int main(int argc, char **argv) {
  CLI::App app{"linkphy — physical-layer models of copper and optical links", "linkphy"};
  app.set_version_flag("--version", std::string("linkphy ") + LINKPHY_VERSION);
  app.require_subcommand(1);
  linkphy::cli::register_all(app);
  try {
    app.parse(argc, argv);
    return linkphy::cli::run_selected(app);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    std::cerr << "linkphy: " << e.what() << "\n";
    return 2;
  } catch (const linkphy::InputError &e) {
    std::cerr << "linkphy: " << e.what() << "\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "linkphy: " << e.what() << "\n";
    return 1;
  }
}
