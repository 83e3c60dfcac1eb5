// `linkphy merge`'s completeness check: which shard each part is (from its sidecar) and whether
// the parts hold every point of their sweep. Internal to sweeps/src (sweep_runner_merge.cpp).
#pragma once

#include <string>
#include <vector>

namespace linkphy::sweeps::detail {

/// What a part's sidecar says about its shard: PART.json (a finished run), or for a part named
/// OUT.partial without one, the stamp OUT.partial.spec its unfinished run keeps.
struct MergeShard {
  std::string part;              ///< the CSV as given
  std::string side;              ///< the sidecar or stamp read; "" when there is none
  bool unfinished = false;       ///< side is an OUT.partial.spec stamp: the run did not finish
  std::string spec_hash;         ///< "" when not recorded
  long long k = 0, n = 0;        ///< shard K/N, 1 ≤ K ≤ N; 0/0 when not recorded
  long long expected = -1;       ///< points of shard K; -1 when not recorded
  long long sweep_points = -1;   ///< points of the whole sweep; -1 when not recorded
  std::vector<long long> points; ///< the points of the part's rows (distinct once finished)

  /// Shard and point count known: this part's completeness can be checked.
  bool known() const { return n > 0 && expected >= 0; }
  /// Point `pt` (≥ 0) belongs to this shard (true when the shard is not known).
  bool holds(long long pt) const;
};

/// Reads `part`'s sidecar (or stamp); a field it lacks stays unknown.
MergeShard read_merge_shard(const std::string &part);

/// The points of a merge against 0 … end − 1: `end` one past the last point merged (or a sidecar's
/// sweep_points, when more), `missing` how many of them no part holds, `first` the first few,
/// `around` the rows about the first ("after point 2 (p1.csv:3) and before point 4 (p1.csv:4)").
struct MergeGaps {
  long long end = 0, missing = 0;
  std::vector<long long> first;
  std::string around;
};

/// Checks that `shards` (one per part, rows read) hold every point of their sweep: the same N
/// throughout, every K from 1 to N, every point of each shard, and, when a part has no sidecar
/// recording its shard, no point missing below the last (`gaps`). Throws InputError naming what
/// is missing, unless `allow_partial`. Returns a line for stderr ("" when none): what is missing
/// (with allow_partial), or which parts' spec and completeness could not be checked (no sidecar
/// records their spec_hash and shard).
std::string check_merge_complete(std::vector<MergeShard> &shards, bool allow_partial,
                                 const MergeGaps &gaps);

} // namespace linkphy::sweeps::detail
