// Every CLI example the documentation shows runs as written (the extraction rule:
// doc_examples.hpp). Each source (a Markdown file, a README table row's steps, a command's --help)
// runs in its own scratch directory holding symbolic links to the repository's top-level folders
// (so the repo-relative paths tests/data/... and sweeps/examples/... resolve) and the files the
// document defines; outputs must be bare file names, so they land in the scratch directory and
// never in the source tree. Whole run ≈ 8 s; the slowest examples are `linkphy crossover --map ...
// --sensitivity ...` (≈ 1.4 s) and the two `linkphy com` runs (≈ 0.8 s and 1.1 s).
#include "cli_run.hpp"
#include "doc_examples.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
using linkphy::test::DocExample;
using linkphy::test::DocExamples;

namespace {

const fs::path repo = LINKPHY_SOURCE_DIR;

/// Changes the working directory for its lifetime.
class WorkingDirectory {
public:
  explicit WorkingDirectory(const fs::path &dir) : saved_(fs::current_path()) {
    fs::current_path(dir);
  }
  ~WorkingDirectory() {
    std::error_code ec;
    fs::current_path(saved_, ec);
  }
  WorkingDirectory(const WorkingDirectory &) = delete;
  WorkingDirectory &operator=(const WorkingDirectory &) = delete;

private:
  fs::path saved_;
};

/// The output files an example names (-o, --output, --plot [KIND=]FILE, --map, --points,
/// --sensitivity); "-" (stdout) is left out.
std::vector<std::string> output_files(const std::vector<std::string> &args) {
  static const std::set<std::string> output_options = {"-o",    "--output", "--plot",
                                                       "--map", "--points", "--sensitivity"};
  std::vector<std::string> files;
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (!output_options.count(args[i]))
      continue;
    std::string value = args[i + 1];
    if (args[i] == "--plot" && value.find('=') != std::string::npos)
      value = value.substr(value.find('=') + 1);
    if (value != "-")
      files.push_back(value);
  }
  return files;
}

/// Runs `examples` in order in a fresh scratch directory; returns one message per failure, each
/// naming the example's source ("FILE:LINE" or "linkphy CMD --help").
std::vector<std::string> run_examples(const std::vector<DocExample> &examples,
                                      const std::map<std::string, std::string> &files) {
  std::vector<std::string> failures;
  const fs::path dir = linkphy::test::scratch_dir("docex");
  for (const auto &entry : fs::directory_iterator(repo)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(".git", 0) != 0 && name.rfind("build", 0) != 0)
      fs::create_symlink(entry.path(), dir / name);
  }
  for (const auto &[name, text] : files)
    std::ofstream(dir / name, std::ios::binary) << text;
  {
    const WorkingDirectory cwd(dir);
    for (const auto &ex : examples) {
      const std::string where = ex.source + ": `" + ex.command + "`: ";
      auto args = linkphy::test::split_command_line(ex.command);
      args.erase(args.begin()); // "linkphy"
      const auto outputs = output_files(args);
      bool unsafe = false;
      for (const auto &out : outputs)
        if (out.find('/') != std::string::npos) {
          failures.push_back(where + "output '" + out + "' is not a bare file name (not run)");
          unsafe = true;
        }
      if (unsafe)
        continue;
      // Plots need gnuplot (Debian gnuplot-nox, installed by scripts/install-deps.sh).
      static const bool have_gnuplot = std::system("command -v gnuplot >/dev/null 2>&1") == 0;
      if (!have_gnuplot && ex.command.find("--plot") != std::string::npos) {
        WARN(where << "skipped: no gnuplot");
        continue;
      }
      const auto r = linkphy::test::run_cli(args);
      if (r.exit_code != ex.expect_exit) {
        failures.push_back(where + "exit " + std::to_string(r.exit_code) + ", expected " +
                           std::to_string(ex.expect_exit) + "; stderr: " + r.err);
        continue;
      }
      if (!ex.expect_err.empty() && r.err != ex.expect_err + "\n")
        failures.push_back(where + "stderr '" + r.err + "', documented '" + ex.expect_err + "'");
      if (ex.expect_exit != 0)
        continue;
      if (outputs.empty() && r.out.empty())
        failures.push_back(where + "nothing on stdout");
      for (const auto &out : outputs) {
        std::error_code ec;
        if (!fs::is_regular_file(out) || fs::file_size(out, ec) == 0)
          failures.push_back(where + "output file '" + out + "' missing or empty");
      }
    }
  }
  fs::remove_all(dir);
  return failures;
}

/// The Markdown files whose examples run: README.md, docs/*.md, sweeps/examples/**/README.md.
std::vector<fs::path> markdown_sources() {
  std::vector<fs::path> paths = {"README.md"};
  for (const auto &e : fs::directory_iterator(repo / "docs"))
    if (e.path().extension() == ".md")
      paths.push_back(fs::relative(e.path(), repo));
  for (const auto &e : fs::recursive_directory_iterator(repo / "sweeps" / "examples"))
    if (e.path().filename() == "README.md")
      paths.push_back(fs::relative(e.path(), repo));
  std::sort(paths.begin() + 1, paths.end());
  return paths;
}

DocExamples markdown_examples(const fs::path &rel) {
  return linkphy::test::extract_markdown_examples(rel.string(),
                                                  linkphy::test::read_text_file(repo / rel));
}

/// Every command path the CLI's --help lists, depth first ({"touchstone", "info"}, ...).
std::vector<std::vector<std::string>> command_paths(const std::vector<std::string> &prefix = {}) {
  std::vector<std::vector<std::string>> paths;
  auto args = prefix;
  args.push_back("--help");
  for (const auto &sub : linkphy::test::help_subcommands(linkphy::test::run_cli(args).out)) {
    auto path = prefix;
    path.push_back(sub);
    paths.push_back(path);
    for (auto &deeper : command_paths(path))
      paths.push_back(deeper);
  }
  return paths;
}

std::string joined(const std::vector<std::string> &words) {
  std::string s;
  for (const auto &w : words)
    s += (s.empty() ? "" : " ") + w;
  return s;
}

std::vector<DocExample> help_examples(const std::vector<std::string> &path) {
  auto args = path;
  args.push_back("--help");
  return linkphy::test::extract_help_examples("linkphy " + joined(path) + " --help",
                                              linkphy::test::run_cli(args).out);
}

std::string all_lines(const std::vector<std::string> &lines) {
  std::string s;
  for (const auto &l : lines)
    s += l + "\n";
  return s;
}

} // namespace

TEST_CASE("doc examples: the extractor finds commands, steps, files and expected failures",
          "[cli][docs]") {
  const std::string md =
      "# T\n"
      "| command | what | example |\n"
      "| `linkphy a X` | does | after `linkphy b 1 -o p.csv`: `linkphy c p.csv` |\n"
      "\n"
      "```sh\n"
      "  linkphy d --x 1 \\\n"
      "      --y 2   # a comment (exit 3)\n"
      "mpirun -n 2 linkphy e\n"
      "```\n"
      "\n"
      "    $ cat bad.toml\n"
      "    k = 1\n"
      "\n"
      "    [s]\n"
      "    $ linkphy f --config bad.toml\n"
      "    linkphy: bad.toml:1: wrong\n"
      "\n"
      "```\n"
      "linkphy g FILE.toml [-o FILE]\n"
      "```\n"
      "The catalog, in `my.toml`:\n"
      "\n"
      "```toml\n"
      "[x]\n"
      "```\n"
      "Prose names `linkphy h`, runs `linkphy h --x\n"
      "1` once, skips `linkphy h --tech T` and `linkphy link --catalog`.\n"
      "\n"
      "| work | how |\n"
      "| `linkphy i` | `linkphy i --not-an-example` |\n";
  const auto got = linkphy::test::extract_markdown_examples("T.md", md);
  REQUIRE(got.examples.size() == 5);
  CHECK(got.examples[4].source == "T.md:26");
  CHECK(got.examples[4].command == "linkphy h --x 1");
  CHECK(got.examples[0].kind == "table");
  CHECK(got.examples[2].kind == "code");
  CHECK(got.examples[4].kind == "prose");
  CHECK(got.examples[0].source == "T.md:3");
  CHECK(got.examples[0].command == "linkphy b 1 -o p.csv");
  CHECK(got.examples[1].command == "linkphy c p.csv");
  CHECK(got.examples[2].source == "T.md:6");
  CHECK(got.examples[2].command == "linkphy d --x 1 --y 2");
  CHECK(got.examples[2].expect_exit == 3);
  CHECK(got.examples[3].source == "T.md:15");
  CHECK(got.examples[3].command == "linkphy f --config bad.toml");
  CHECK(got.examples[3].expect_exit == 2);
  CHECK(got.examples[3].expect_err == "linkphy: bad.toml:1: wrong");
  CHECK(got.synopses == std::vector<std::string>{"T.md:19: linkphy g FILE.toml [-o FILE]",
                                                 "T.md:27: linkphy h --tech T"});
  CHECK(got.files.at("bad.toml") == "k = 1\n\n[s]\n");
  CHECK(got.files.at("my.toml") == "[x]\n");

  const auto help = linkphy::test::extract_help_examples(
      "h", "Usage: linkphy x\n  linkphy x not-an-example\nExamples (after y):\n"
           "  linkphy x 1            # first\n  linkphy x 2\nExit 2 on bad input\n  linkphy x 3\n");
  REQUIRE(help.size() == 2);
  CHECK(help[0].command == "linkphy x 1");
  CHECK(help[1].command == "linkphy x 2");
}

TEST_CASE("doc examples: a broken example fails, naming its file and line", "[cli][docs]") {
  const auto broken = linkphy::test::extract_markdown_examples(
      "docs/x.md", "text\n\n    linkphy catalog show laminates no_such_laminate\n");
  const auto failures = run_examples(broken.examples, broken.files);
  REQUIRE(failures.size() == 1);
  CHECK(failures[0].rfind("docs/x.md:3: `linkphy catalog show laminates no_such_laminate`: exit 2",
                          0) == 0);
  const auto unsafe = linkphy::test::extract_markdown_examples(
      "docs/y.md", "    linkphy catalog list -o sweeps/x.txt\n");
  CHECK(run_examples(unsafe.examples, unsafe.files).at(0).find("not a bare file name") !=
        std::string::npos);
}

TEST_CASE("doc examples: every Markdown example runs as written", "[cli][docs]") {
  std::size_t total = 0;
  for (const auto &rel : markdown_sources()) {
    const auto doc = markdown_examples(rel);
    total += doc.examples.size();
    INFO(rel.string() << ": " << doc.examples.size() << " examples; synopses skipped:\n"
                      << all_lines(doc.synopses));
    const auto failures = run_examples(doc.examples, doc.files);
    CHECK(all_lines(failures) == "");
  }
  CHECK(total >= 30);
}

TEST_CASE("doc examples: every --help example runs as written", "[cli][docs]") {
  for (const auto &path : command_paths()) {
    const auto examples = help_examples(path);
    INFO("linkphy " << joined(path) << " --help: " << examples.size() << " examples");
    CHECK(all_lines(run_examples(examples, {})) == "");
  }
}

TEST_CASE("doc examples: every command has an example in README's table and in its --help",
          "[cli][docs]") {
  std::vector<DocExample> readme_table;
  for (const auto &ex : markdown_examples("README.md").examples)
    if (ex.kind == "table")
      readme_table.push_back(ex);
  for (const auto &path : command_paths()) {
    if (path.size() != 1)
      continue;
    const std::string prefix = "linkphy " + path[0] + " ";
    INFO(prefix);
    bool in_readme = false;
    for (const auto &ex : readme_table)
      in_readme = in_readme || ex.command.rfind(prefix, 0) == 0;
    CHECK(in_readme);
    // The command's own --help, or (a command with subcommands) that of each subcommand.
    auto examples = help_examples(path);
    CHECK(!examples.empty());
  }
}

TEST_CASE("doc examples: list them (hidden; for reports)", "[.][docs-list]") {
  for (const auto &rel : markdown_sources()) {
    const auto doc = markdown_examples(rel);
    for (const auto &ex : doc.examples)
      WARN(ex.source << ": " << ex.command << " (exit " << ex.expect_exit << ")");
    for (const auto &s : doc.synopses)
      WARN("synopsis " << s);
  }
  for (const auto &path : command_paths())
    for (const auto &ex : help_examples(path))
      WARN(ex.source << ": " << ex.command);
}
