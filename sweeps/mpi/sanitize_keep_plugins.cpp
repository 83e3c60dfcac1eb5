// Sanitizer build only (LINKPHY_SANITIZE=ON with MPI; sweeps/CMakeLists.txt): dlclose does
// nothing, so OpenMPI's plugins (openmpi3/mca_*.so, and libpmix which they load) stay mapped after
// MPI_Finalize. LeakSanitizer, which reports at exit, then names them in the stacks of the memory
// they keep, and tests/sanitizers/lsan.supp can ignore those leaks; unloaded, they read
// "<unknown module>" and no suppression matches. Nothing else of ours calls dlclose.
extern "C" int dlclose(void *) { return 0; }
