// `linkphy merge`'s completeness check (sweep_merge_check.hpp).
#include "sweep_merge_check.hpp"

#include "sweep_runner_text.hpp"

#include <linkphy/phy/error.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace linkphy::sweeps::detail {

namespace {

/// 1234567 → "1,234,567" (counts of points in messages).
std::string grouped(long long v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-')
      out += ',';
    out += digits[i];
  }
  return out;
}

/// "1/3, 3/3": the first 8 of `count` shards `ks` (ascending), then "… (N more)".
std::string shard_list(const std::vector<long long> &ks, long long n, long long count) {
  std::string out;
  for (std::size_t i = 0; i < ks.size() && i < 8; ++i)
    out += (i ? ", " : "") + std::to_string(ks[i]) + "/" + std::to_string(n);
  const long long listed = std::min<long long>(static_cast<long long>(ks.size()), 8);
  if (count > listed)
    out += ", … (" + grouped(count - listed) + " more)";
  return out;
}

bool parse_shard(const std::string &text, long long &k, long long &n) {
  const auto slash = text.find('/');
  if (slash == std::string::npos)
    return false;
  try {
    std::size_t p1 = 0, p2 = 0;
    k = std::stoll(text.substr(0, slash), &p1);
    n = std::stoll(text.substr(slash + 1), &p2);
    return p1 == slash && p2 == text.size() - slash - 1 && n >= 1 && k >= 1 && k <= n;
  } catch (const std::exception &) {
    return false;
  }
}

} // namespace

bool MergeShard::holds(long long pt) const {
  if (n <= 0)
    return true;
  return pt % n == k - 1 && (sweep_points < 0 || pt < sweep_points);
}

MergeShard read_merge_shard(const std::string &part) {
  MergeShard s;
  s.part = part;
  const std::string sidecar = part + ".json", suffix = ".partial";
  if (std::filesystem::exists(sidecar))
    s.side = sidecar;
  else if (part.size() > suffix.size() &&
           part.compare(part.size() - suffix.size(), suffix.size(), suffix) == 0 &&
           std::filesystem::exists(part + ".spec")) {
    s.side = part + ".spec"; // OUT.partial: the stamp of the run still writing it, or killed
    s.unfinished = true;
  }
  if (s.side.empty())
    return s;
  s.spec_hash = json_field(s.side, "spec_hash");
  if (!parse_shard(json_field(s.side, "shard"), s.k, s.n))
    s.k = s.n = 0;
  s.sweep_points = json_count(s.side, "sweep_points");
  if (s.n > 0 && s.sweep_points >= 0) // the shard's count follows from the sweep's
    s.expected = s.k - 1 < s.sweep_points ? (s.sweep_points - (s.k - 1) + s.n - 1) / s.n : 0;
  else if (s.n > 0) // a sidecar of a binary before sweep_points: this shard's count
    s.expected = json_count(s.side, "points");
  return s;
}

std::string check_merge_complete(std::vector<MergeShard> &shards, bool allow_partial,
                                 const MergeGaps &gaps) {
  const long long merged_points = gaps.end - gaps.missing;
  const MergeShard *first_known = nullptr;
  std::vector<const MergeShard *> unknown;
  std::string problem; // the first one found; thrown unless allow_partial
  const auto found = [&](const std::string &where, const std::string &what,
                         const std::string &advice) {
    if (!allow_partial)
      throw InputError(where, what + advice);
    if (problem.empty())
      problem = (where == "merge" ? "" : where + ": ") + what;
  };
  // One split: shards 1/2 and 2/3 share points (0 is in both) and leave others out.
  for (const auto &s : shards) {
    if (!s.known()) {
      unknown.push_back(&s);
      continue;
    }
    if (!first_known)
      first_known = &s;
    else if (s.n != first_known->n)
      found(s.side,
            "shard " + std::to_string(s.k) + "/" + std::to_string(s.n) + ", but " +
                first_known->side + " records " + std::to_string(first_known->k) + "/" +
                std::to_string(first_known->n) + ": shards of different splits",
            " (accepted: the shards K/N of one N; --allow-partial to merge them anyway)");
  }
  // Every K of N: only when every part says which shard it is (a part without a sidecar may be
  // the one that looks missing).
  if (first_known && unknown.empty() && problem.empty()) {
    const long long n = first_known->n;
    std::set<long long> given;
    for (const auto &s : shards)
      given.insert(s.k);
    // A shard past the sweep's last point (N above the point count) holds none: not needed.
    const long long total = first_known->sweep_points;
    const long long needed = total >= 0 ? std::min(n, total) : n;
    long long n_missing = needed; // every K up to `needed` not given (N may be 2^31)
    for (const long long k : given)
      n_missing -= k <= needed ? 1 : 0;
    std::vector<long long> missing; // the first few
    for (long long k = 1; k <= needed && missing.size() < 8; ++k)
      if (!given.count(k))
        missing.push_back(k);
    if (n_missing > 0) {
      const std::vector<long long> have(given.begin(), given.end());
      found("merge",
            (n_missing == 1 ? "shard " : "shards ") + shard_list(missing, n, n_missing) +
                " missing (given: " + shard_list(have, n, static_cast<long long>(have.size())) +
                ")",
            "; pass every shard, or --allow-partial to merge what is there");
    }
  }
  // Every point of each shard: rows a killed run never wrote, or lost since.
  for (auto &s : shards) {
    if (!s.known())
      continue;
    std::sort(s.points.begin(), s.points.end());
    s.points.erase(std::unique(s.points.begin(), s.points.end()), s.points.end());
    const auto have = static_cast<long long>(s.points.size());
    if (have >= s.expected)
      continue;
    const std::string what = grouped(have) + " of " + grouped(s.expected) + " points of shard " +
                             std::to_string(s.k) + "/" + std::to_string(s.n);
    if (s.unfinished)
      found(s.part, what,
            " (the run did not finish: rerun it with --resume, or pass --allow-partial to merge "
            "what is there)");
    else
      found(s.part, what + ", though " + s.side + " records a finished run",
            " (rows were lost since: run the shard again, or pass --allow-partial to merge what "
            "is there)");
  }
  // Without a sidecar for every part, the points no part holds below the last: a shard or rows
  // missing (a shard past the last point goes unseen).
  if (!unknown.empty() && gaps.missing > 0 && problem.empty()) {
    std::string list;
    for (std::size_t i = 0; i < gaps.first.size(); ++i)
      list += (i ? ", " : "") + std::to_string(gaps.first[i]);
    if (gaps.missing > static_cast<long long>(gaps.first.size()))
      list +=
          ", … (" + grouped(gaps.missing - static_cast<long long>(gaps.first.size())) + " more)";
    found("merge",
          (gaps.missing == 1 ? "point " : "points ") + list + " missing" +
              (gaps.missing == 1 ? ", " : ", the first ") + gaps.around +
              ": in no part, of points 0 to " + grouped(gaps.end - 1),
          " (accepted: every point from 0 to the last, as the shards of one sweep hold them; pass "
          "every shard, or --allow-partial to merge what is there)");
  }
  long long total = -1;
  if (first_known && unknown.empty())
    total = first_known->sweep_points;
  else if (first_known && gaps.missing == 0 && first_known->sweep_points == gaps.end)
    total = gaps.end; // every point up to the count a sidecar records: none past it
  const std::string merged = "merged " + grouped(merged_points) +
                             (total >= 0 ? " of " + grouped(total) : "") +
                             (total < 0 && merged_points == 1 ? " point" : " points");
  if (!problem.empty())
    return "merge: incomplete, merged as --allow-partial asks: " + problem + "; " + merged;
  if (unknown.empty())
    return "";
  const MergeShard &u = *unknown.front();
  const auto more = static_cast<long long>(unknown.size() - 1);
  // total ≥ 0 here: every point up to the count another part's sidecar records is there.
  return std::string("merge: warning: ") +
         (total >= 0 ? "spec not checked" : "spec and completeness not checked") +
         ": no sidecar records the spec_hash and shard of " + u.part + " (" +
         (u.side.empty() ? u.part + ".json" : u.side) + ")" +
         (more > 0 ? " nor of " + grouped(more) + " more part" + (more > 1 ? "s" : "") : "") +
         "; " + merged +
         (total >= 0 || gaps.end == 0
              ? ", but rows of another sweep with this header would go unseen"
              : ", none missing up to point " + grouped(gaps.end - 1) +
                    ", but a shard past it or rows of another sweep with this header would go "
                    "unseen");
}

} // namespace linkphy::sweeps::detail
