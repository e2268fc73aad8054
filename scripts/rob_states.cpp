// rob-twophase (efrantar/rob-twophase) timed on a file of states, one facelet string a line,
// for scripts/twophase_vs_rob.sh: compiled there against a checkout of rob-twophase given to
// it (none of rob-twophase is in this repository), with rob-twophase's own makefile flags.
//
//   rob_states FILE MAX THREADS
//
// Loads (or builds, in the working directory) rob-twophase's tables, solves the first 20
// states once to warm up, then solves every state with maximum length MAX on THREADS threads
// and prints, in the line format of benches/twophase_states.rs, the wall time a solve:
// median, mean, largest, the mean length, and the CPU-seconds of all the solves. As
// rob-twophase's own benchmark does, the engine's threads are started (`prepare`) before the
// clock starts and joined (`finish`) after it stops; the CPU-seconds run from the start of
// each solve to the end of its `finish`, so they count the threads' winding down too. Every
// solution is checked on its cube.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "coord.h"
#include "cubie.h"
#include "face.h"
#include "move.h"
#include "prun.h"
#include "solve.h"
#include "sym.h"

static double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool solves(const cubie::cube& c, const std::vector<int>& sol) {
  cubie::cube a = c, b;
  for (int m : sol) {
    cubie::mul(a, move::cubes[m], b);
    std::swap(a, b);
  }
  return a == cubie::SOLVED_CUBE;
}

int main(int argc, char* argv[]) {
  if (argc != 4) {
    std::cerr << "usage: rob_states FILE MAX THREADS" << std::endl;
    return 2;
  }
  int max_len = std::stoi(argv[2]);
  int threads = std::stoi(argv[3]);
  face::init();
  move::init();
  coord::init();
  sym::init();
  if (prun::init(true)) {
    std::cerr << "rob_states: the tables could not be loaded or saved" << std::endl;
    return 1;
  }
  std::ifstream in(argv[1]);
  std::vector<cubie::cube> cubes;
  for (std::string line; std::getline(in, line);) {
    if (line.empty())
      continue;
    cubie::cube c;
    if (face::to_cubie(line, c) != 0 || cubie::check(c) != 0) {
      std::cerr << "rob_states: not a cube: " << line << std::endl;
      return 1;
    }
    cubes.push_back(c);
  }
  if (cubes.empty()) {
    std::cerr << "rob_states: no states in " << argv[1] << std::endl;
    return 1;
  }

  // A time limit far beyond any solve: the search stops at its first solution within MAX.
  solve::Engine solver(threads, 100000, 1, max_len, 1);
  std::vector<std::vector<int>> sols;
  for (size_t i = 0; i < cubes.size() && i < 20; i++) {
    solver.prepare();
    solver.solve(cubes[i], sols);
    solver.finish();
  }

  std::vector<double> ms;
  double cpu = 0;
  long length = 0;
  for (const cubie::cube& c : cubes) {
    solver.prepare();
    double cpu0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    solver.solve(c, sols);
    auto t1 = std::chrono::steady_clock::now();
    solver.finish();
    cpu += cpu_seconds() - cpu0;
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    if (sols.empty() || (int) sols[0].size() > max_len || !solves(c, sols[0])) {
      std::cerr << "rob_states: no solution within " << max_len << " for " << face::from_cubie(c)
                << std::endl;
      return 1;
    }
    length += sols[0].size();
  }
  double mean = 0;
  for (double t : ms)
    mean += t;
  mean /= ms.size();
  std::sort(ms.begin(), ms.end());
  std::printf(
    "rob-twophase max %d, %d thread(s): %zu states, median %.3f ms, mean %.3f ms, max %.1f ms, "
    "mean length %.2f, CPU %.3f s\n",
    max_len, threads, ms.size(), ms[ms.size() / 2], mean, ms.back(), (double) length / cubes.size(),
    cpu
  );
  return 0;
}
