// The sanitizer build's own check (LINKPHY_SANITIZE=ON, tests/CMakeLists.txt): each mode commits
// one defect that the build must report, run with the environment every test gets, so that a
// build whose sanitizers are off, or whose suppressions hide a leak of ours, fails its tests.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {
volatile int sink = 0;
volatile int two = 2; // a size the optimiser cannot see

int heap_overflow(int n) {
  int *p = new int[n];
  p[n] = 1; // one past the end
  const int v = p[0];
  delete[] p;
  return v;
}

int signed_overflow(int n) {
  int x = INT_MAX - 1;
  x += n; // n = 2: INT_MAX + 1
  return x;
}

int float_cast(int n) {
  volatile double big = 1e300;
  return static_cast<int>(big * n); // out of int's range
}

int leak(int n) {
  int *p = new int[n]; // never freed
  p[0] = n;
  sink = p[0];
  p = nullptr;
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(
        stderr, "usage: sanitizer_canary heap-overflow|signed-overflow|float-cast-overflow|leak\n");
    return 2;
  }
  const std::string mode = argv[1];
  const int n = two;
  if (mode == "heap-overflow") {
    sink = heap_overflow(n);
  } else if (mode == "signed-overflow") {
    sink = signed_overflow(n);
  } else if (mode == "float-cast-overflow") {
    sink = float_cast(n);
  } else if (mode == "leak") {
    sink = leak(n);
  } else {
    std::fprintf(stderr, "sanitizer_canary: unknown mode %s\n", argv[1]);
    return 2;
  }
  return 0;
}
