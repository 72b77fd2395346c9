// tests/sim/test_env.cpp — the simulator's environment settings: every PL_SIM_* variable is
// validated (a SimError naming the variable and the accepted values), and thread start-up
// failures are SimErrors too, never an uncaught std::system_error.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "pl/sim/sim.hpp"

using namespace pl::sim;

namespace {

/// Sets one environment variable for the scope of a test.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) { ::setenv(name, value, 1); }
  ~EnvVar() { ::unsetenv(name_); }
  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;

 private:
  const char* name_;
};

template <class F>
std::string simErrorOf(F f) {
  try {
    f();
  } catch (const SimError& e) {
    return e.what();
  }
  return "<no SimError>";
}

/// `name=value` is rejected with "name='value' is invalid; expected <expected>".
void expectInvalid(const char* name, const char* value, const std::string& expected) {
  EnvVar v(name, value);
  const std::string what = simErrorOf([] {
    RuntimeOptions::fromEnv();
    Config::fromEnv();
  });
  EXPECT_NE(what.find(std::string(name) + "='" + value + "' is invalid; expected " + expected), std::string::npos)
      << name << "=" << value << ": " << what;
}

TEST(SimEnv, UnsetAndEmptyKeepTheDefaults) {
  EnvVar a("PL_SIM_SEED", ""), b("PL_SIM_AIV_WORKERS", ""), c("PL_SIM_WARN", "");
  const RuntimeOptions o = RuntimeOptions::fromEnv(), d;
  EXPECT_EQ(o.seed, d.seed);
  EXPECT_EQ(o.aivWorkers, d.aivWorkers);
  EXPECT_EQ(o.warn, d.warn);
}

TEST(SimEnv, Seed) {
  const std::string expected = "an unsigned integer (decimal or 0x hexadecimal) from 0 to 18446744073709551615";
  for (const char* bad : {"abc", "-1", "+1", " 1", "12abc", "0x", "0xg", "1.5", "18446744073709551616"})
    expectInvalid("PL_SIM_SEED", bad, expected);
  for (auto [text, value] : {std::pair{"42", 42ull}, std::pair{"0x2A", 42ull}, std::pair{"0", 0ull},
                             std::pair{"18446744073709551615", 18446744073709551615ull}}) {
    EnvVar v("PL_SIM_SEED", text);
    EXPECT_EQ(RuntimeOptions::fromEnv().seed, value) << text;
  }
}

TEST(SimEnv, WorkerCounts) {
  for (const char* name : {"PL_SIM_AIC_WORKERS", "PL_SIM_AIV_WORKERS"}) {
    for (const char* bad : {"0", "-3", "abc", "100000", "4x", " 4", "257", "99999999999999999999"})
      expectInvalid(name, bad, "an integer from 1 to 256");
    for (auto [text, value] : {std::pair{"1", 1}, std::pair{"7", 7}, std::pair{"256", 256}}) {
      EnvVar v(name, text);
      const RuntimeOptions o = RuntimeOptions::fromEnv();
      EXPECT_EQ(std::string(name) == "PL_SIM_AIC_WORKERS" ? o.aicWorkers : o.aivWorkers, value) << name << "=" << text;
    }
  }
}

TEST(SimEnv, Flags) {
  for (const char* name : {"PL_SIM_STRICT", "PL_SIM_WARN", "PL_SIM_CHECKED"}) {
    for (const char* bad : {"yes", "true", "2", "00", "on"}) expectInvalid(name, bad, "0 or 1");
  }
  {
    EnvVar s("PL_SIM_STRICT", "1"), w("PL_SIM_WARN", "0");
    const RuntimeOptions o = RuntimeOptions::fromEnv();
    EXPECT_TRUE(o.strict);
    EXPECT_FALSE(o.warn);
  }
  EnvVar c("PL_SIM_CHECKED", "0");
  EXPECT_FALSE(Config::fromEnv().checked);
}

TEST(SimEnv, ModeAndPlatform) {
  expectInvalid("PL_SIM_MODE", "fast", "serial, threads or shuffle");
  expectInvalid("PL_SIM_PLATFORM", "a3", "a2a3, a2a3sim, a5 or a5sim");
  {
    EnvVar m("PL_SIM_MODE", "shuffle");
    EXPECT_EQ(RuntimeOptions::fromEnv().mode, ExecMode::Shuffle);
  }
  EnvVar p("PL_SIM_PLATFORM", "a5sim");
  EXPECT_EQ(Config::fromEnv().platform, &a5());
}

TEST(SimEnv, ApiWorkerCountsAreBoundedToo) {
  for (int n : {0, -3, 257}) {
    RuntimeOptions o;
    o.aivWorkers = n;
    EXPECT_NE(simErrorOf([&] { Runtime rt({}, o); })
                  .find("RuntimeOptions::aivWorkers = " + std::to_string(n) + "; expected 1 to 256"),
              std::string::npos);
  }
}

/// With too little address space for the worker stacks, starting the threads fails: the
/// runtime reports a SimError naming the settings (it used to escape as std::system_error).
/// Workers start as ready jobs pile up (one job is left for the joining thread), so the tasks
/// sleep while many are submitted. Runs in a child process so that the limit does not outlive
/// the test.
TEST(SimEnv, ThreadStartFailureIsASimError) {
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const rlim_t headroom = 64u << 20;  // room for allocations, not for 512 thread stacks
    const rlimit lim{static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE)) + headroom,
                     RLIM_INFINITY};
    if (::setrlimit(RLIMIT_AS, &lim) != 0) ::_exit(3);
    RuntimeOptions o;
    o.mode = ExecMode::Threads;
    o.aicWorkers = o.aivWorkers = RuntimeOptions::kMaxWorkers;
    KernelTable kernels;
    kernels.add(
        0, [](std::int64_t *) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); },
        "nap");
    const std::string what = simErrorOf([&] {
      Runtime rt(kernels, o);
      for (int i = 0; i < 2 * RuntimeOptions::kMaxWorkers; ++i)
        rt.submit(CoreKind::AIV, MixedKernels{0, INVALID_KERNEL_ID, INVALID_KERNEL_ID},
                  CoreTaskArgs{});
      rt.wait_all();
    });
    ::_exit(what.find("cannot start 256 AIC + 256 AIV worker threads") != std::string::npos &&
                    what.find("PL_SIM_AIV_WORKERS") != std::string::npos
                ? 0
                : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the child did not see the expected SimError";
}

}  // namespace
