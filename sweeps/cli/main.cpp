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
  } catch (const CLI::RequiredError &e) {
    // A command group given without its command (or no command at all): name what is accepted.
    const CLI::App *at = &app;
    int depth = 0; // command words parsed
    for (bool deeper = true; deeper;) {
      deeper = false;
      for (const CLI::App *sub : at->get_subcommands())
        if (sub->parsed()) {
          at = sub;
          ++depth;
          deeper = true;
          break;
        }
    }
    const auto subs = at->get_subcommands({});
    if (subs.empty() || at->get_subcommands().size() > 0) {
      std::cerr << "linkphy: " << e.what() << "\n";
      return 2;
    }
    std::string names;
    for (const CLI::App *sub : subs)
      names += (names.empty() ? "" : ", ") + sub->get_name();
    const std::string word = depth + 1 < argc ? argv[depth + 1] : "";
    std::cerr << "linkphy" << (at == &app ? "" : " " + at->get_name()) << ": "
              << (word.empty() || word[0] == '-' ? "a command is required"
                                                 : "unknown command '" + word + "'")
              << "; accepted: " << names << " (--help for each)\n";
    return 2;
  } catch (const CLI::ExtrasError &e) {
    // An unknown command word lands here: say it is not a command and list the commands.
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty()) {
      std::string names;
      for (const CLI::App *sub : app.get_subcommands({}))
        names += (names.empty() ? "" : ", ") + sub->get_name();
      std::cerr << "linkphy: unknown command '" << argv[1] << "'; accepted: " << names << "\n";
      return 2;
    }
    std::cerr << "linkphy: " << e.what() << "\n";
    return 2;
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
