// tests/sim/sim_test_util.h — helpers shared by the simulator tests (tests/sim/test_*.cpp).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "pl/sim/platform.hpp"

/// Runs `f` and expects it to throw a pl::sim::SimError whose message contains `needle`.
template <class F> void expectSimError(F f, const std::string &needle) {
  try {
    f();
    ADD_FAILURE() << "expected a pl::sim::SimError containing '" << needle << "'";
  } catch (const pl::sim::SimError &e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}
