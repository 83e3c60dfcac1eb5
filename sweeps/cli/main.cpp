// linkphy: the command-line tool. Each command registers itself from its own file (commands.hpp).
// Exit codes: 0 success, 2 bad input (one line `linkphy: WHERE: WHAT` on stderr), 1 other failure.
#include "commands.hpp"
#include "option_names.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

// Escapes control characters and bytes that are not UTF-8 (\n, \t, \xNN) so that an error
// message echoing input (a spec, a TOML value, a corrupted file's bytes) stays one line.
std::string one_line(const std::string &text) {
  static const char *hex = "0123456789abcdef";
  std::string out;
  const auto *s = reinterpret_cast<const unsigned char *>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    // Length of a well-formed UTF-8 sequence starting here (0: not one).
    std::size_t len = c < 0x80           ? 1
                      : (c >> 5) == 0x6  ? 2
                      : (c >> 4) == 0xe  ? 3
                      : (c >> 3) == 0x1e ? 4
                                         : 0;
    for (std::size_t k = 1; k < len; ++k)
      if (i + k >= n || (s[i + k] & 0xc0) != 0x80)
        len = 0;
    if (len > 1) {
      out.append(text, i, len);
      i += len;
      continue;
    }
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f || len == 0)
      out += std::string("\\x") + hex[c >> 4] + hex[c & 0xf];
    else
      out += static_cast<char>(c);
    ++i;
  }
  return out;
}

// The single place errors are printed: `linkphy: WHERE: WHAT`, always one line; returns 2. The
// library's names of request fields become the options that set them (option_names.hpp).
int fail(const std::string &message, int code = 2) {
  std::cerr << "linkphy: " << one_line(linkphy::cli::with_option_names(message)) << "\n";
  return code;
}

// The deepest subcommand the command line chose, and its words ("touchstone info").
const CLI::App *chosen(const CLI::App &app, std::string &words) {
  const CLI::App *at = &app;
  for (bool deeper = true; deeper;) {
    deeper = false;
    for (const CLI::App *sub : at->get_subcommands())
      if (sub->parsed()) {
        at = sub;
        words += (words.empty() ? "" : " ") + sub->get_name();
        deeper = true;
        break;
      }
  }
  return at;
}

// What an option accepts, from its help text and type: "; accepted: a number (FLOAT): …".
std::string accepted(const CLI::Option *opt) {
  if (!opt)
    return "";
  const std::string type = opt->get_type_name();
  std::string kind = type == "FLOAT"  ? "a number"
                     : type == "INT"  ? "a whole number"
                     : type == "UINT" ? "a whole number >= 0"
                                      : "";
  std::string s =
      "; accepted: " + (kind.empty() ? std::string() : kind + ", ") + opt->get_description();
  return s;
}

// A word the command line held that CLI11 took for an unknown option ("-inf"): when a required
// positional then went missing, that word was most likely meant as its value.
std::string dash_word_hint(const CLI::App *at) {
  for (const std::string &w : at->remaining())
    if (w.size() > 1 && w[0] == '-')
      return "; '" + w + "' was read as an option, not as a value: put values that start with " +
             "'-' after '--'";
  return "";
}

// CLI11's own parse errors in the `WHERE: WHAT` form: the command, the option, what it accepts.
std::string parse_message(const CLI::App &app, const CLI::ParseError &e) {
  std::string words;
  const CLI::App *at = chosen(app, words);
  const std::string what = e.what();
  const std::string cmd = words.empty() ? "" : words + " ";
  auto option = [&](const std::string &name) { return at->get_option_no_throw(name); };
  if (dynamic_cast<const CLI::ConversionError *>(&e)) { // "Could not convert: NAME = VALUE"
    const std::string head = "Could not convert: ";
    const auto eq = what.find(" = ");
    if (what.rfind(head, 0) == 0 && eq != std::string::npos) {
      const std::string name = what.substr(head.size(), eq - head.size());
      return cmd + name + " '" + what.substr(eq + 3) + "': not accepted" + accepted(option(name));
    }
  }
  if (dynamic_cast<const CLI::RequiredError *>(&e)) { // "NAME is required"
    const auto pos = what.rfind(" is required");
    if (pos != std::string::npos && pos + 12 == what.size()) {
      const std::string name = what.substr(0, pos);
      return cmd + name + ": missing (required)" + accepted(option(name)) + " (see " +
             (words.empty() ? "linkphy" : "linkphy " + words) + " --help)" + dash_word_hint(at);
    }
  }
  if (dynamic_cast<const CLI::ArgumentMismatch *>(&e)) { // "NAME: At least N required but …"
    const auto colon = what.find(": ");
    if (colon != std::string::npos) {
      const std::string name = what.substr(0, colon);
      if (const CLI::Option *opt = option(name))
        return cmd + name + ": " + what.substr(colon + 2) + accepted(opt) + dash_word_hint(at);
    }
  }
  return cmd.empty() ? what : words + ": " + what;
}

// Edit distance of two option names (Levenshtein), for "did you mean".
std::size_t edit_distance(const std::string &a, const std::string &b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// CLI11's "The following arguments were not expected: …" (which lists them in reverse) as one
// line naming the first word the command did not take: an unknown option, with the command's
// options and the closest one, or a stray argument.
std::string extras_message(const CLI::App &app) {
  std::string words;
  const CLI::App *at = chosen(app, words);
  const std::vector<std::string> extra = at->remaining();
  const std::string cmd = words.empty() ? "linkphy" : "linkphy " + words;
  if (extra.empty())
    return "";
  std::string given = extra.front();
  if (given.rfind("--", 0) == 0 && given.find('=') != std::string::npos)
    given.erase(given.find('='));
  std::string names, best;
  std::size_t best_distance = std::string::npos;
  for (const CLI::Option *opt : at->get_options()) {
    for (const std::string &name : opt->get_lnames()) {
      if (name == "help")
        continue;
      const std::string dashed = "--" + name;
      names += (names.empty() ? "" : ", ") + dashed;
      const std::string bare = given.substr(given.find_first_not_of('-') == std::string::npos
                                                ? given.size()
                                                : given.find_first_not_of('-'));
      std::size_t d = edit_distance(given, dashed);
      if (!bare.empty() && name.size() > 2 &&
          (bare.find(name) != std::string::npos || name.find(bare) != std::string::npos))
        d = std::min<std::size_t>(d, 2);
      if (d < best_distance) {
        best_distance = d;
        best = dashed;
      }
    }
  }
  const std::string where = words.empty() ? "" : words + ": ";
  if (given.size() > 1 && given[0] == '-') {
    std::string m = where + "unknown option '" + given + "'";
    if (best_distance <= 3)
      m += " (did you mean " + best + "?)";
    return m + "; accepted: " + names + " (see " + cmd + " --help)";
  }
  return where + "unexpected argument '" + given + "' (this command takes no further positional " +
         "arguments; options: " + names + "; see " + cmd + " --help)";
}
} // namespace

int main(int argc, char **argv) {
  CLI::App app{"linkphy — physical-layer models of copper and optical links", "linkphy"};
  app.set_version_flag("--version", std::string("linkphy ") + LINKPHY_VERSION);
  app.require_subcommand(1);
  linkphy::cli::register_all(app);
  try {
    app.parse(argc, argv);
    const int code = linkphy::cli::run_selected(app);
    // Rows or a report to a full disk or a closed stdout must not end with exit 0.
    std::cout.flush();
    if (code == 0 && (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)))
      return fail("stdout: write failed" +
                  (errno ? " (" + std::string(std::strerror(errno)) + ")" : std::string()) +
                  "; the output is incomplete");
    return code;
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
    if (subs.empty() || at->get_subcommands().size() > 0)
      return fail(parse_message(app, e));
    const std::string names = linkphy::join_list(subs, &CLI::App::get_name);
    const std::string word = depth + 1 < argc ? argv[depth + 1] : "";
    std::cerr << "linkphy" << (at == &app ? "" : " " + at->get_name()) << ": "
              << one_line(word.empty() || word[0] == '-' ? "a command is required"
                                                         : "unknown command '" + word + "'")
              << "; accepted: " << names << " (--help for each)\n";
    return 2;
  } catch (const CLI::ExtrasError &e) {
    // An unknown command word lands here: say it is not a command and list the commands.
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty()) {
      return fail("unknown command '" + std::string(argv[1]) + "'; accepted: " +
                  linkphy::join_list(app.get_subcommands({}), &CLI::App::get_name));
    }
    const std::string m = extras_message(app);
    return fail(m.empty() ? parse_message(app, e) : m);
  } catch (const CLI::ParseError &e) {
    return fail(parse_message(app, e));
  } catch (const linkphy::InputError &e) {
    // Not e.what(): a C string ends at the first NUL, and input may hold one ("\u0000" in TOML).
    return fail(e.where().empty() ? e.detail() : e.where() + ": " + e.detail());
  } catch (const std::exception &e) {
    return fail(e.what(), 1);
  }
}
