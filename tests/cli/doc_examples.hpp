// Extracts the CLI examples the documentation shows (README.md, docs/*.md, example READMEs and
// each command's --help), so that tests/cli/test_doc_examples_cli.cpp can run them as written.
//
// Extraction rule:
//  * A Markdown table whose header's last column is "example" (README.md's command table): in each
//    row that starts with "| `linkphy", every backticked span of the last cell that starts with
//    "linkphy "; a row's spans are steps run in order (e.g. two shard sweeps, then merge).
//  * Markdown code blocks (fenced ``` of any language, or lines indented by 4+ spaces outside a
//    fence) of README.md, docs/*.md and sweeps/examples/**/README.md: each line whose text starts
//    with "linkphy " or "$ linkphy "; a trailing "\" joins the next line; " # ..." is a comment.
//  * Prose (paragraphs outside code and tables): a backticked span, which may wrap over lines,
//    that starts with "linkphy CMD " and holds no placeholder (a word of capitals only before any
//    ".": T, R, L, FILE.toml) — records of runs such as "Run 2026-12-03: `linkphy reach --tech lpo
//    --rate 100G
//    --fidelity analytic`". A bare `linkphy CMD` names a command; fragments that name an option
//    only (`linkphy link --catalog`) are listed in prose_fragments() below and skipped.
//  * --help: in each command's help, the lines "  linkphy ..." after a line starting with
//    "Example" (Example:, Examples:, Examples (...):), up to the first line not indented.
//  * A synopsis, not an example, is skipped: a command holding "[", "|", "..." or "…".
//  * Expected outcome: exit 0, unless the comment says "(exit N)"; in a "$ " session, a line
//    right after the command that starts with "linkphy: " is its one-line error (exit 2, and
//    stderr must be exactly that line).
//  * Files the examples read: in a "$ " session, "$ cat NAME" followed by the lines up to the next
//    "$ " line; a ```toml block right after prose ending "`NAME`:" is the file NAME.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace linkphy::test {

struct DocExample {
  std::string source;     ///< "README.md:93" or "linkphy merge --help"
  std::string command;    ///< the command line as written, comment removed ("linkphy ...")
  int expect_exit = 0;    ///< the exit code the documentation implies
  std::string expect_err; ///< the stderr line shown for a failing example ("" = not checked)
  std::string kind;       ///< where it was found: "table", "code", "prose" or "help"
};

struct DocExamples {
  std::vector<DocExample> examples;         ///< in document order
  std::vector<std::string> synopses;        ///< "FILE:LINE: text" skipped as synopses
  std::map<std::string, std::string> files; ///< files the document defines, name → text
};

namespace doc_detail {

inline std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

inline bool starts_with(const std::string &s, const std::string &p) {
  return s.compare(0, p.size(), p) == 0;
}

inline std::size_t indent_of(const std::string &s) {
  const auto b = s.find_first_not_of(' ');
  return b == std::string::npos ? s.size() : b;
}

inline bool is_synopsis(const std::string &cmd) {
  return cmd.find('[') != std::string::npos || cmd.find('|') != std::string::npos ||
         cmd.find("...") != std::string::npos || cmd.find("…") != std::string::npos;
}

/// Removes a " # comment" outside quotes; returns the comment (without "#") in `comment`.
inline std::string strip_comment(const std::string &line, std::string &comment) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#' && i > 0 && line[i - 1] == ' ') {
      comment = line.substr(i + 1);
      return trim(line.substr(0, i));
    }
  }
  comment.clear();
  return trim(line);
}

inline int exit_from_comment(const std::string &comment) {
  static const std::regex re(R"(\(exit (\d+)\))");
  std::smatch m;
  return std::regex_search(comment, m, re) ? std::stoi(m[1]) : 0;
}

/// Backticked prose spans that quote options of a command without being a whole command.
inline bool is_prose_fragment(const std::string &cmd) {
  static const std::vector<std::string> fragments = {
      "linkphy link --catalog",                               // docs/crossover.md, docs/sweeps.md
      "linkphy reach --fidelity statistical",                 // docs/link.md: the option of a table
      "linkphy reach --fidelity statistical --tolerance 1cm", // docs/link.md: idem
  };
  return std::find(fragments.begin(), fragments.end(), cmd) != fragments.end();
}

/// True when a word is a placeholder: capitals only before any "." (T, R, L, FILE.toml).
inline bool has_placeholder(const std::string &cmd) {
  std::istringstream words(cmd);
  std::string w;
  while (words >> w) {
    if (const auto eq = w.find('='); eq != std::string::npos)
      w = w.substr(eq + 1);
    w = w.substr(0, w.find('.')); // FILE.toml, THRU.s4p
    if (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
      return true;
  }
  return false;
}

inline std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

} // namespace doc_detail

/// The examples of a Markdown file (`name` is how sources are labelled, e.g. "docs/sweeps.md").
inline DocExamples extract_markdown_examples(const std::string &name, const std::string &text) {
  DocExamples out;
  const auto lines = doc_detail::lines_of(text);
  static const std::regex backticked("`(linkphy [^`]*)`");
  static const std::regex file_intro("`([A-Za-z0-9_.-]+)`:\\s*$");
  bool in_fence = false;
  std::string fence_file; // the file a ```toml fence defines, if any
  std::string fence_text;
  std::string last_prose; // last non-blank line outside code
  bool prev_blank = true;
  bool in_indented = false;
  bool in_table = false;      // inside a Markdown table
  bool example_table = false; // whose header's last column is "example"
  std::string cat_file;       // "$ cat NAME" being collected
  std::size_t cat_indent = 0;
  std::string cat_text;
  std::string para;                                            // the prose paragraph being read
  std::vector<std::pair<std::size_t, std::size_t>> para_lines; // (offset in para, line number)
  auto end_para = [&] {
    static const std::regex span("`([^`]*)`");
    for (std::sregex_iterator it(para.begin(), para.end(), span), end; it != end; ++it) {
      std::string cmd;
      std::istringstream words((*it)[1].str());
      std::string w;
      while (words >> w)
        cmd += (cmd.empty() ? "" : " ") + w;
      if (!doc_detail::starts_with(cmd, "linkphy ") || cmd.find(' ', 8) == std::string::npos ||
          doc_detail::is_prose_fragment(cmd))
        continue;
      std::size_t line = para_lines.front().second;
      for (const auto &[offset, number] : para_lines)
        if (offset <= static_cast<std::size_t>(it->position()))
          line = number;
      const std::string where = name + ":" + std::to_string(line);
      if (doc_detail::is_synopsis(cmd) || doc_detail::has_placeholder(cmd))
        out.synopses.push_back(where + ": " + cmd);
      else
        out.examples.push_back({where, cmd, 0, "", "prose"});
    }
    para.clear();
    para_lines.clear();
  };
  auto end_cat = [&] {
    if (!cat_file.empty())
      out.files[cat_file] = cat_text;
    cat_file.clear();
    cat_text.clear();
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string &raw = lines[i];
    const std::string t = doc_detail::trim(raw);
    const std::string where = name + ":" + std::to_string(i + 1);
    if (doc_detail::starts_with(t, "```")) {
      end_cat();
      end_para();
      if (!in_fence) {
        in_fence = true;
        fence_text.clear();
        fence_file.clear();
        std::smatch m;
        if (t == "```toml" && std::regex_search(last_prose, m, file_intro))
          fence_file = m[1];
      } else {
        in_fence = false;
        if (!fence_file.empty())
          out.files[fence_file] = fence_text;
      }
      prev_blank = false;
      continue;
    }
    if (in_fence && !fence_file.empty()) {
      fence_text += raw + "\n";
      continue;
    }
    // An indented code block starts after a blank line and runs while lines are indented or blank.
    const bool indented = doc_detail::indent_of(raw) >= 4 && !t.empty();
    if (!in_fence) {
      if (indented && (prev_blank || in_indented))
        in_indented = true;
      else if (!t.empty())
        in_indented = false;
    }
    prev_blank = t.empty();
    const bool in_code = in_fence || (in_indented && (indented || t.empty()));
    if (!in_code) {
      end_cat();
      if (!t.empty())
        last_prose = t;
      if (t.empty() || doc_detail::starts_with(t, "|") || doc_detail::starts_with(t, "#")) {
        end_para();
      } else {
        para_lines.emplace_back(para.size(), i + 1);
        para += t + "\n";
      }
      // A table's header row decides whether its rows are examples: last column "example".
      if (doc_detail::starts_with(t, "|") && !in_table) {
        in_table = true;
        std::string header = t;
        if (header.back() == '|')
          header.pop_back();
        example_table = doc_detail::trim(header.substr(header.find_last_of('|') + 1)) == "example";
      } else if (!doc_detail::starts_with(t, "|")) {
        in_table = false;
      }
      // The command table: backticked commands in the last cell.
      if (example_table && doc_detail::starts_with(t, "| `linkphy")) {
        std::string row = t;
        if (!row.empty() && row.back() == '|')
          row.pop_back();
        const std::string cell = row.substr(row.find_last_of('|') + 1);
        for (std::sregex_iterator it(cell.begin(), cell.end(), backticked), end; it != end; ++it) {
          const std::string cmd = (*it)[1];
          if (doc_detail::is_synopsis(cmd))
            out.synopses.push_back(where + ": " + cmd);
          else
            out.examples.push_back({where, cmd, 0, "", "table"});
        }
      }
      continue;
    }
    end_para();
    // Inside code: a "$ " session line, a command, or text (a file being shown, an error line).
    std::string body = t;
    const bool session = doc_detail::starts_with(body, "$ ");
    if (session) {
      end_cat();
      body = doc_detail::trim(body.substr(2));
      if (doc_detail::starts_with(body, "cat ")) {
        cat_file = doc_detail::trim(body.substr(4));
        cat_indent = doc_detail::indent_of(raw);
        continue;
      }
    } else if (!cat_file.empty()) {
      cat_text += (raw.size() > cat_indent ? raw.substr(cat_indent) : doc_detail::trim(raw)) + "\n";
      continue;
    }
    if (!doc_detail::starts_with(body, "linkphy "))
      continue;
    while (!body.empty() && body.back() == '\\' && i + 1 < lines.size())
      body = doc_detail::trim(body.substr(0, body.size() - 1)) + " " + doc_detail::trim(lines[++i]);
    std::string comment;
    const std::string cmd = doc_detail::strip_comment(body, comment);
    if (doc_detail::is_synopsis(cmd)) {
      out.synopses.push_back(where + ": " + cmd);
      continue;
    }
    DocExample ex{where, cmd, doc_detail::exit_from_comment(comment), "", "code"};
    if (session && i + 1 < lines.size() &&
        doc_detail::starts_with(doc_detail::trim(lines[i + 1]), "linkphy: ")) {
      ex.expect_exit = 2;
      ex.expect_err = doc_detail::trim(lines[i + 1]);
    }
    out.examples.push_back(ex);
  }
  end_cat();
  end_para();
  return out;
}

/// The examples of one --help text (`name` labels them, e.g. "linkphy merge --help").
inline std::vector<DocExample> extract_help_examples(const std::string &name,
                                                     const std::string &help) {
  std::vector<DocExample> out;
  bool in_examples = false;
  for (const auto &line : doc_detail::lines_of(help)) {
    if (doc_detail::starts_with(line, "Example")) {
      in_examples = true;
      continue;
    }
    if (!doc_detail::starts_with(line, "  ")) {
      in_examples = false;
      continue;
    }
    const std::string t = doc_detail::trim(line);
    if (!in_examples || !doc_detail::starts_with(t, "linkphy "))
      continue;
    std::string comment;
    const std::string cmd = doc_detail::strip_comment(t, comment);
    if (!doc_detail::is_synopsis(cmd))
      out.push_back({name, cmd, doc_detail::exit_from_comment(comment), "", "help"});
  }
  return out;
}

/// The subcommand names a --help text lists under "Subcommands:".
inline std::vector<std::string> help_subcommands(const std::string &help) {
  std::vector<std::string> names;
  bool in_list = false;
  for (const auto &line : doc_detail::lines_of(help)) {
    if (doc_detail::starts_with(line, "Subcommands:")) {
      in_list = true;
      continue;
    }
    if (in_list) {
      if (!doc_detail::starts_with(line, "  "))
        break;
      std::istringstream words(line);
      std::string word;
      words >> word;
      names.push_back(word);
    }
  }
  return names;
}

} // namespace linkphy::test
