# linkphy — the two commands users need are `make run` and `make test` (see README.md).
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
OUT_DIR ?= out
LINKPHY := $(BUILD_DIR)/bin/linkphy

.PHONY: all deps configure build run test sanitize bench data format install clean

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD_DIR)/build.ninja: CMakeLists.txt
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@bash scripts/run-main-job.sh $(LINKPHY) $(OUT_DIR)

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) --timeout 900

# The sanitizer build (README.md): everything compiled with ASan + UBSan in build-asan/ (benchmarks
# left out: no test runs them), then every test under it (tests/sanitizers/lsan.supp: OpenMPI only).
ASAN_DIR ?= build-asan
SANITIZE_JOBS ?= 2

sanitize: deps
	cmake -S . -B $(ASAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLINKPHY_SANITIZE=ON \
	      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
	      -DLINKPHY_BUILD_BENCHMARKS=OFF $(CMAKE_FLAGS)
	nice cmake --build $(ASAN_DIR) -j $(SANITIZE_JOBS)
	ctest --test-dir $(ASAN_DIR) --output-on-failure -j $(SANITIZE_JOBS) --timeout 1800

bench: build
	@bash scripts/run-benchmarks.sh $(BUILD_DIR)

# notebooks_data/: the canonical sweeps as CSV + JSON sidecars (read by notebooks_data/*.ipynb).
data: build
	@bash scripts/make-data.sh $(LINKPHY) notebooks_data

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

install: build
	cmake --install $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)
