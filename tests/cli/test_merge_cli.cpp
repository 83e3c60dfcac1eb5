// `linkphy merge` checks, from the shards' sidecars, that the set is complete: one --shard split,
// every K of N, every point of each shard. Before, a forgotten shard or one cut short merged into
// a CSV with points missing, exit 0 and no word.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::CliResult;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::scratch_dir;

namespace {

// `points` pre-FEC BERs of the fast fec evaluator.
fs::path fec_spec(const fs::path &dir, int points) {
  const auto p = dir / "spec.toml";
  std::ofstream(p) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                      "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = "
                   << points << " }\n";
  return p;
}

// Runs shard K/N of `spec` into dir/pK.csv (N = 1: the whole sweep into dir/whole.csv).
fs::path shard(const fs::path &spec, int k, int n) {
  std::string name = "whole.csv";
  if (n > 1) { // appended, not "p" + …: GCC 12 raises a false -Wrestrict on that
    name = "p";
    name += std::to_string(k);
    name += ".csv";
  }
  const auto out = spec.parent_path() / name;
  const auto r = run_cli({"sweep", spec.string(), "-q", "--threads", "1", "--shard",
                          std::to_string(k) + "/" + std::to_string(n), "-o", out.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return out;
}

CliResult merge(const std::vector<fs::path> &parts, const fs::path &out,
                const std::string &flag = "") {
  std::vector<std::string> args{"merge"};
  for (const auto &p : parts)
    args.push_back(p.string());
  args.insert(args.end(), {"-o", out.string()});
  if (!flag.empty())
    args.push_back(flag);
  return run_cli(args);
}

// Exit 2 with exactly `line` on stderr, `out` not written.
void check_refused(const CliResult &r, const std::string &line, const fs::path &out) {
  CHECK(r.exit_code == 2);
  CHECK(r.err == line + "\n");
  CHECK_FALSE(fs::exists(out));
}

// Exit 0 with exactly `line` on stderr.
void check_merged(const CliResult &r, const std::string &line) {
  CHECK(r.exit_code == 0);
  CHECK(r.err == line + "\n");
}

// The warning of a merge of parts without sidecars, `part` the first: then `tail`.
std::string unchecked(const fs::path &part, const std::string &tail) {
  return "linkphy: merge: warning: spec and completeness not checked: no sidecar records the "
         "spec_hash and shard of " +
         part.string() + " (" + part.string() + ".json)" + tail;
}

// The first `rows` lines after the header of `csv`, written back.
void keep_rows(const fs::path &csv, std::size_t rows) {
  const std::string text = read_text_file(csv);
  std::size_t at = text.find('\n');
  for (std::size_t i = 0; i < rows; ++i)
    at = text.find('\n', at + 1);
  std::ofstream(csv, std::ios::binary) << text.substr(0, at + 1);
}

// Rows of `csv` (lines after the header).
long rows_of(const fs::path &csv) {
  const std::string text = read_text_file(csv);
  return static_cast<long>(std::count(text.begin(), text.end(), '\n')) - 1;
}

} // namespace

TEST_CASE("merge refuses a set with a shard missing, and --allow-partial merges it",
          "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-missing");
  const auto spec = fec_spec(dir, 30);
  const auto whole = shard(spec, 1, 1), p1 = shard(spec, 1, 3), p2 = shard(spec, 2, 3),
             p3 = shard(spec, 3, 3), out = dir / "all.csv";
  CHECK_THAT(read_text_file(p2.string() + ".json"),
             Catch::Matchers::Contains("\"points\": 10,\n  \"sweep_points\": 30,"));
  {
    INFO("the complete set: the unsharded file, byte for byte, and nothing on stderr");
    const auto r = merge({p3, p1, p2}, out);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(read_text_file(out) == read_text_file(whole));
    fs::remove(out);
  }
  check_refused(merge({p1, p3}, out),
                "linkphy: merge: shard 2/3 missing (given: 1/3, 3/3); pass every shard, or "
                "--allow-partial to merge what is there",
                out);
  check_refused(merge({p2, p2}, out),
                "linkphy: merge: shards 1/3, 3/3 missing (given: 2/3); pass every shard, or "
                "--allow-partial to merge what is there",
                out);
  {
    INFO("a shard past the last point (N above the point count) holds none: not needed");
    const auto tiny = dir / "tiny.toml", t1 = dir / "t1.csv", t2 = dir / "t2.csv";
    std::ofstream(tiny) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                           "ber_pre = [1e-5, 1e-4]\n";
    for (const auto &[k, t] : {std::pair{1, t1}, std::pair{2, t2}})
      REQUIRE(run_cli({"sweep", tiny.string(), "-q", "--shard", std::to_string(k) + "/3", "-o",
                       t.string()})
                  .exit_code == 0);
    const auto r = merge({t1, t2}, out);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(rows_of(out) == 2);
    fs::remove(out);
    check_refused(merge({t2}, out),
                  "linkphy: merge: shard 1/3 missing (given: 2/3); pass every shard, or "
                  "--allow-partial to merge what is there",
                  out);
  }
  {
    check_merged(merge({p1, p3}, out, "--allow-partial"),
                 "linkphy: merge: incomplete, merged as --allow-partial asks: shard 2/3 missing "
                 "(given: 1/3, 3/3); merged 20 of 30 points");
    CHECK(rows_of(out) == 20);
  }
  fs::remove_all(dir);
}

TEST_CASE("merge refuses a shard with points missing", "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-short");
  const auto spec = fec_spec(dir, 9000);
  const auto whole = shard(spec, 1, 1), p1 = shard(spec, 1, 3), p2 = shard(spec, 2, 3),
             p3 = shard(spec, 3, 3), out = dir / "all.csv";
  SECTION("a finished shard that lost rows since") {
    keep_rows(p2, 1234);
    check_refused(merge({p1, p2, p3}, out),
                  "linkphy: " + p2.string() + ": 1,234 of 3,000 points of shard 2/3, though " +
                      p2.string() +
                      ".json records a finished run (rows were lost since: run the shard "
                      "again, or pass --allow-partial to merge what is there)",
                  out);
    const auto r = merge({p1, p2, p3}, out, "--allow-partial");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::Matchers::EndsWith("; merged 7,234 of 9,000 points\n"));
    CHECK(rows_of(out) == 7234);
  }
  SECTION("the partial of a killed run, then resumed") {
    const auto q2 = dir / "q2.csv", q2_partial = dir / "q2.csv.partial";
    ::setenv("LINKPHY_TEST_KILL_AFTER_ROWS", "500", 1);
    const auto killed = run_cli(
        {"sweep", spec.string(), "-q", "--threads", "1", "--shard", "2/3", "-o", q2.string()});
    ::unsetenv("LINKPHY_TEST_KILL_AFTER_ROWS");
    REQUIRE(killed.exit_code != 0);
    REQUIRE(fs::exists(q2_partial));
    REQUIRE_FALSE(fs::exists(q2));
    const auto r = merge({p1, q2_partial, p3}, out);
    CHECK(r.exit_code == 2);
    CHECK(std::regex_match(r.err, std::regex("linkphy: " + q2_partial.string() +
                                             ": [0-9,]+ of 3,000 points of shard 2/3 \\(the run "
                                             "did not finish: rerun it with --resume, or pass "
                                             "--allow-partial to merge what is there\\)\n")));
    CHECK_FALSE(fs::exists(out));
    const auto resumed = run_cli({"sweep", spec.string(), "-q", "--threads", "1", "--shard", "2/3",
                                  "-o", q2.string(), "--resume"});
    REQUIRE(resumed.exit_code == 0);
    const auto ok = merge({p1, q2, p3}, out);
    CHECK(ok.exit_code == 0);
    CHECK(ok.err.empty());
    CHECK(read_text_file(out) == read_text_file(whole));
  }
  SECTION("a sidecar beside another shard's rows") {
    fs::copy_file(p1.string() + ".json", p2.string() + ".json",
                  fs::copy_options::overwrite_existing);
    const auto r = merge({p1, p2, p3}, out);
    check_refused(r,
                  "linkphy: " + p2.string() +
                      ":2: point 1 is not one of shard 1/3's (index % 3 == "
                      "0, below 9000), as " +
                      p2.string() + ".json records",
                  out);
  }
  fs::remove_all(dir);
}

TEST_CASE("merge refuses shards of different splits", "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-mixed");
  const auto spec = fec_spec(dir, 30);
  const auto half = shard(spec, 1, 2), half1 = dir / "half1.csv", out = dir / "all.csv";
  fs::rename(half, half1);
  fs::rename(half.string() + ".json", half1.string() + ".json");
  const auto p2 = shard(spec, 2, 3), p3 = shard(spec, 3, 3);
  check_refused(merge({half1, p2, p3}, out),
                "linkphy: " + p2.string() + ".json: shard 2/3, but " + half1.string() +
                    ".json records 1/2: shards of different splits (accepted: the shards K/N of "
                    "one N; --allow-partial to merge them anyway)",
                out);
  const auto r = merge({half1, p2, p3}, out, "--allow-partial");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.err, Catch::Matchers::StartsWith("linkphy: merge: incomplete, merged as "
                                                "--allow-partial asks: ") &&
                        Catch::Matchers::EndsWith("; merged 25 of 30 points\n"));
  fs::remove_all(dir);
}

TEST_CASE("merge checks shards whose sidecars predate sweep_points, and without a sidecar says "
          "it could not",
          "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-old");
  const auto spec = fec_spec(dir, 30);
  const auto whole = shard(spec, 1, 1), p1 = shard(spec, 1, 3), p2 = shard(spec, 2, 3),
             p3 = shard(spec, 3, 3), out = dir / "all.csv";
  // A sidecar as linkphy wrote it before: "points" (the shard's) and "shard", no "sweep_points".
  for (const auto &p : {p1, p2, p3}) {
    const auto side = p.string() + ".json";
    const std::string text = read_text_file(side);
    const std::string old = std::regex_replace(text, std::regex("\n  \"sweep_points\": 30,"), "");
    CHECK(old.find("sweep_points") == std::string::npos);
    std::ofstream(side, std::ios::binary) << old;
  }
  {
    const auto r = merge({p1, p2, p3}, out);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(read_text_file(out) == read_text_file(whole));
    fs::remove(out);
  }
  check_refused(merge({p1, p2}, out),
                "linkphy: merge: shard 3/3 missing (given: 1/3, 2/3); pass every shard, or "
                "--allow-partial to merge what is there",
                out);
  keep_rows(p3, 4);
  check_refused(merge({p1, p2, p3}, out),
                "linkphy: " + p3.string() + ": 4 of 10 points of shard 3/3, though " + p3.string() +
                    ".json records a finished run (rows were lost since: run the shard again, or "
                    "pass --allow-partial to merge what is there)",
                out);
  // No sidecar (a shard written to stdout, or copied without it): merged with one line saying
  // what could not be checked; points missing below the last are refused (before: merged).
  shard(spec, 3, 3);
  fs::remove(p3.string() + ".json");
  {
    check_merged(merge({p1, p2, p3}, out),
                 unchecked(p3, "; merged 30 points, none missing up to point 29, but a shard past "
                               "it or rows of another sweep with this header would go unseen"));
    CHECK(read_text_file(out) == read_text_file(whole));
    fs::remove(out);
  }
  check_merged(merge({p1, p3}, out, "--allow-partial"),
               "linkphy: merge: incomplete, merged as --allow-partial asks: points 1, 4, 7, 10, "
               "13, 16, 19, 22, … (2 more) missing, the first after point 0 (" +
                   p1.string() + ":2) and before point 2 (" + p3.string() +
                   ":2): in no part, of points 0 to 29; merged 20 points");
  CHECK(rows_of(out) == 20);
  fs::remove(out);
  check_refused(merge({p1, p3}, out),
                "linkphy: merge: points 1, 4, 7, 10, 13, 16, 19, 22, … (2 more) missing, the "
                "first after point 0 (" +
                    p1.string() + ":2) and before point 2 (" + p3.string() +
                    ":2): in no part, of points 0 to 29 (accepted: every point from 0 to the last, "
                    "as the shards of one sweep hold them; pass every shard, or --allow-partial "
                    "to merge what is there)",
                out);
  fs::remove_all(dir);
}

// Before, a shard's cells were joined unread: garbage in a result cell merged into the output,
// exit 0. The evaluator comes from the sidecar, or without one from the header.
TEST_CASE("merge refuses a shard with a corrupted cell", "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-cells");
  const auto spec = fec_spec(dir, 30);
  const auto p1 = shard(spec, 1, 2), p2 = shard(spec, 2, 2), out = dir / "all.csv";
  const std::string good = read_text_file(p2);
  // Line 3's cell `column` (0-based; point,ber_pre,fec,ber_post_fec,...) replaced by `cell`.
  const auto corrupt = [&](int column, const std::string &cell) {
    std::string text = good;
    std::size_t at = text.find('\n', text.find('\n') + 1) + 1;
    for (int c = 0; c < column; ++c)
      at = text.find(',', at) + 1;
    text.replace(at, text.find_first_of(",\n", at) - at, cell);
    std::ofstream(p2, std::ios::binary) << text;
  };
  for (const bool sidecar : {true, false}) {
    INFO((sidecar ? "with" : "without") << " a sidecar");
    if (!sidecar)
      fs::remove(p2.string() + ".json");
    const std::string flag = sidecar ? "" : "--allow-partial";
    // Without: p2 first, so the evaluator comes from its header.
    const std::vector<fs::path> parts = sidecar ? std::vector{p1, p2} : std::vector{p2, p1};
    // `cell` put in line 3's `column`: refused, one line naming p2.csv:3 and saying `what`.
    const auto refused = [&](int column, const std::string &cell, const std::string &what) {
      corrupt(column, cell);
      check_refused(merge(parts, out, flag),
                    "linkphy: " + p2.string() + ":3: " + what + "; not merging", out);
    };
    refused(3, "abc",
            "column 'ber_post_fec': 'abc' is not a number (accepted: a number, or nan/inf/-inf as "
            "the sweep writes them)");
    refused(2, "K\x7fP4",
            "column 'fec': 'K\\x7fP4' is not printable UTF-8 text (accepted: text without control "
            "characters, quoted as the sweep writes it)");
    refused(1, "1e\xc3",
            "column 'ber_pre': '1e\\xc3' is not printable UTF-8 text (accepted: text without "
            "control characters, quoted as the sweep writes it)");
    corrupt(3, "nan"); // as the sweep writes "not available"
    CHECK(merge(parts, out, flag).exit_code == 0);
    const std::string lf = read_text_file(out);
    fs::remove(out);
    INFO("CRLF line ends (a shard a Windows tool saved): read as LF, not a control character");
    std::string crlf;
    for (const char c : read_text_file(p2))
      crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    std::ofstream(p2, std::ios::binary) << crlf;
    CHECK(merge(parts, out, flag).exit_code == 0);
    CHECK(read_text_file(out) == lf);
    fs::remove(out);
  }
  fs::remove_all(dir);
}

TEST_CASE("merge refuses a shard whose header is not the one its sidecar records",
          "[cli][merge][sweep]") {
  // A header changed after the run (a BOM an editor added, a renamed column) merged silently,
  // under a header no sweep wrote, when every shard had the same change.
  const auto dir = scratch_dir("merge-header");
  const auto spec = fec_spec(dir, 20);
  const auto p1 = shard(spec, 1, 2), p2 = shard(spec, 2, 2), out = dir / "all.csv";
  const std::string recorded = "point,ber_pre,fec,ber_post_fec,codeword_error_ratio,"
                               "frame_loss_ratio";
  const auto edit_header = [](const fs::path &csv, const std::string &header) {
    const std::string text = read_text_file(csv);
    std::ofstream(csv, std::ios::binary) << header << text.substr(text.find('\n'));
  };
  REQUIRE(read_text_file(p1).rfind(recorded + "\n", 0) == 0);
  for (const std::string &bad : std::vector<std::string>{
           "\xef\xbb\xbf" + recorded, "point,ber_pre,fec,ber_post,codeword_error_ratio,"
                                      "frame_loss_ratio"}) {
    edit_header(p1, bad);
    edit_header(p2, bad);
    check_refused(merge({p1, p2}, out),
                  "linkphy: " + p1.string() + ":1: header differs from the columns " + p1.string() +
                      ".json records (accepted: " + recorded + "); not merging",
                  out);
  }
  // Restored, the shards merge.
  edit_header(p1, recorded);
  edit_header(p2, recorded);
  CHECK(merge({p1, p2}, out).exit_code == 0);
  fs::remove_all(dir);
}

// Shards copied without their sidecars: before, merge checked only that the headers were alike,
// that a point's rows agreed and the cells of the evaluator the last header column names; a
// renamed column, a BOM, a part given twice, a row or a shard missing merged with exit 0.
TEST_CASE("merge without sidecars checks the header, every point and says what it could not",
          "[cli][merge][sweep]") {
  const auto dir = scratch_dir("merge-bare");
  const auto spec = fec_spec(dir, 30);
  const auto whole = shard(spec, 1, 1), p1 = shard(spec, 1, 2), p2 = shard(spec, 2, 2),
             out = dir / "all.csv";
  for (const auto &p : {p1, p2})
    fs::remove(p.string() + ".json");
  const std::string good1 = read_text_file(p1), good2 = read_text_file(p2);
  const auto restore = [&] {
    std::ofstream(p1, std::ios::binary) << good1;
    std::ofstream(p2, std::ios::binary) << good2;
  };
  {
    INFO("complete: the unsharded file, and one line saying what was not checked");
    check_merged(merge({p2, p1}, out),
                 unchecked(p2, " nor of 1 more part; merged 30 points, none missing up to point "
                               "29, but a shard past it or rows of another sweep with this "
                               "header would go unseen"));
    CHECK(read_text_file(out) == read_text_file(whole));
    fs::remove(out);
  }
  const std::string fec_header = "point, the axis columns (keys fec takes, a quantity's with its "
                                 "unit suffix: ber_pre, fec, frame_bits, fidelity), then fec's "
                                 "columns that are not axes: fec, ber_post_fec, "
                                 "codeword_error_ratio, frame_loss_ratio";
  const std::string recorded = "point,ber_pre,fec,ber_post_fec,codeword_error_ratio,"
                               "frame_loss_ratio";
  REQUIRE(good1.rfind(recorded + "\n", 0) == 0);
  // Both parts' headers edited alike (a BOM, a renamed column): not a header a sweep writes.
  for (const auto &[bad, what] : std::vector<std::pair<std::string, std::string>>{
           {"\xef\xbb\xbf" + recorded, "column 1 '\\xef\\xbb\\xbfpoint' is not 'point'"},
           {"point,ber_pre,fec,ber_post,codeword_error_ratio,frame_loss_ratio",
            "column 4 'ber_post' is not 'ber_post_fec'"},
           {"point,ber_pre,fec,ber_post_fec,codeword_error_ratio,frame_loss",
            "column 6 'frame_loss' is not 'frame_loss_ratio'"},
           {"point,ber_pr,fec,ber_post_fec,codeword_error_ratio,frame_loss_ratio",
            "column 2 'ber_pr' is not an axis column a sweep of fec writes"}}) {
    for (const auto &[p, good] : {std::pair{p1, good1}, std::pair{p2, good2}})
      std::ofstream(p, std::ios::binary) << bad << good.substr(good.find('\n'));
    const std::string tail = what.find("axis") != std::string::npos ? ""
                                                                    : ", as a sweep of fec "
                                                                      "writes it";
    check_refused(merge({p1, p2}, out),
                  "linkphy: " + p1.string() + ":1: header " + what + tail +
                      " (accepted: " + fec_header + "); not merging",
                  out);
  }
  restore();
  // A point twice: the same file given twice, a row repeated, a row copied into the other part.
  check_refused(merge({p1, p2, p1}, out),
                "linkphy: " + p1.string() + ":2: point 0 also at " + p1.string() +
                    ":2 (the same file given twice) (accepted: each point in one part, as the "
                    "shards of one sweep hold them); not merging",
                out);
  const std::string row0 =
      good1.substr(good1.find('\n') + 1, good1.find('\n', good1.find('\n') + 1) - good1.find('\n'));
  std::ofstream(p1, std::ios::binary) << good1 << row0;
  check_refused(merge({p1, p2}, out),
                "linkphy: " + p1.string() + ":17: point 0 again, as at " + p1.string() +
                    ":2 (accepted: each point once, as a sweep writes it); not merging",
                out);
  restore();
  std::ofstream(p2, std::ios::binary) << good2 << row0;
  check_refused(merge({p1, p2}, out),
                "linkphy: " + p2.string() + ":17: point 0 also at " + p1.string() +
                    ":2 (accepted: each point in one part, as the shards of one sweep hold "
                    "them); not merging",
                out);
  restore();
  // A point index not as a sweep writes it (before: "+2" was copied into the output).
  std::ofstream(p1, std::ios::binary)
      << good1.substr(0, good1.find('\n') + 1) + "+" + good1.substr(good1.find('\n') + 1);
  check_refused(merge({p1, p2}, out),
                "linkphy: " + p1.string() +
                    ":2: malformed row: point '+0' (accepted: rows that start with the point "
                    "index, 0, 1, 2, … in digits, as a sweep writes it); not merging",
                out);
  restore();
  // A row deleted from a part, a part forgotten.
  {
    std::string text = good2;
    const std::size_t row2 = text.find('\n', text.find('\n') + 1) + 1; // point 3
    text.erase(row2, text.find('\n', row2) + 1 - row2);
    std::ofstream(p2, std::ios::binary) << text;
  }
  check_refused(merge({p1, p2}, out),
                "linkphy: merge: point 3 missing, after point 2 (" + p1.string() +
                    ":3) and before point 4 (" + p1.string() +
                    ":4): in no part, of points 0 to 29 (accepted: every "
                    "point from 0 to the last, as the shards of one sweep hold them; pass every "
                    "shard, or --allow-partial to merge what is there)",
                out);
  restore();
  check_refused(
      merge({p1}, out),
      "linkphy: merge: points 1, 3, 5, 7, 9, 11, 13, 15, … (6 more) missing, the "
      "first after point 0 (" +
          p1.string() + ":2) and before point 2 (" + p1.string() +
          ":3): in no part, of points 0 to 28 (accepted: every point from 0 to the last, as the "
          "shards of one sweep hold them; pass every shard, or --allow-partial to merge "
          "what is there)",
      out);
  {
    INFO("one part with its sidecar: its sweep_points tells that none is missing");
    shard(spec, 1, 2);
    check_merged(merge({p1, p2}, out),
                 "linkphy: merge: warning: spec not checked: no sidecar records the spec_hash and "
                 "shard of " +
                     p2.string() + " (" + p2.string() +
                     ".json); merged 30 of 30 points, but rows of another sweep with this header "
                     "would go unseen");
    CHECK(read_text_file(out) == read_text_file(whole));
  }
  fs::remove_all(dir);
}
