// The MPI backend of `linkphy sweep` (built when CMake finds MPI; option LINKPHY_WITH_MPI):
// `mpirun -n R linkphy sweep FILE.toml -o OUT.csv` spreads one sweep over R ranks. Rank 0 owns the
// output (SweepWriter: OUT.partial, --resume, sorting onto OUT, OUT.json) and hands out chunks of
// point indices on request; every rank (rank 0 too) evaluates points on --threads worker threads
// (default 1 per rank) and sends its rows to rank 0, which appends them as they arrive. The files
// are the same as a one-process run's (rows are sorted by point when the sweep completes).
#pragma once

#include <linkphy/sweeps/sweep_runner.hpp>

#include <filesystem>
#include <functional>
#include <string>

namespace linkphy::sweeps::mpi {

/// True when this process was started by an MPI launcher (mpirun/mpiexec of OpenMPI or MPICH,
/// srun with PMI/PMIx), judged from the environment the launcher sets. `linkphy sweep` uses the
/// MPI backend then, and never initialises MPI otherwise.
bool launched_by_mpi();

struct MpiSweepResult {
  int rank = 0;          ///< this process's rank
  int ranks = 1;         ///< ranks in the job
  int exit_code = 0;     ///< 0 success, 2 bad input, 1 other failure
  bool reported = false; ///< rank 0: the failure's one line is already on stderr
  SweepSummary summary;  ///< rank 0: the whole sweep's summary
};

/// Initialises MPI, reads the spec on every rank, runs the sweep across the ranks, finalises MPI.
/// Every rank must call it with the same arguments. An error (bad spec, a failed point on any
/// rank) is said once, by rank 0 (`linkphy: WHAT` on stderr, `reported`), before any rank
/// returns; exit_code is then non-zero on rank 0 (2 bad input, 1 other) and on every rank when the
/// set-up failed. Errors before MPI is up (Session) are thrown. `wording`, when given, rewrites
/// that line's WHAT before it is printed (the CLI names the library's fields by its options:
/// sweeps/cli/option_names.hpp).
MpiSweepResult run_sweep_mpi(const std::filesystem::path &spec_file, bool force,
                             SweepOptions options,
                             const std::function<std::string(std::string)> &wording = {});

} // namespace linkphy::sweeps::mpi
