// pl/runtime_api.hpp — the one place that maps the orchestration runtime's spellings for the
// code pl-translate prints. The runtime (simpler's tensormap_and_ringbuffer) renames its scope
// macro and type names between versions (`PTO2_SCOPE` became `SIMPLER_SCOPE`); the generated
// orchestration spells them `PL_SCOPE`, `::pl::rt::ScopeMode`, `::pl::rt::TaskId` and
// `::pl::rt::OrchestrationConfig`, and only
// this header follows the runtime. The package manifest (kernels.json, "runtime_api") names the
// runtime version the text was written for: PL_RUNTIME_API below.
//
// Include it after the runtime's pto_orchestration_api.h (pl/sim's or the vendor's). Standard
// C++ only; no vendor code.
#pragma once

/// The runtime API the generated orchestration was written for (the manifest's "runtime_api").
#define PL_RUNTIME_API "simpler/tensormap_and_ringbuffer PTO2 (2026-08)"

// The scope block macro: `PL_SCOPE() { ... }`, `PL_SCOPE(::pl::rt::ScopeMode::MANUAL) { ... }`.
#if defined(SIMPLER_SCOPE)
#define PL_SCOPE(...) SIMPLER_SCOPE(__VA_ARGS__)
#elif defined(PTO2_SCOPE)
#define PL_SCOPE(...) PTO2_SCOPE(__VA_ARGS__)
#else
// Neither SIMPLER_SCOPE nor PTO2_SCOPE: the runtime's header was not included first.
#error "pl/runtime_api.hpp: include the runtime's pto_orchestration_api.h first"
#endif

namespace pl::rt {
/// The runtime's task id and scope mode types, by the names this runtime version gives them.
using TaskId = ::PTO2TaskId;
using ScopeMode = ::PTO2ScopeMode;
/// What `aicpu_orchestration_config` returns (`{.expected_arg_count = n}`).
using OrchestrationConfig = ::PTO2OrchestrationConfig;
} // namespace pl::rt
