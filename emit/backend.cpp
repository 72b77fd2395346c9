// Backend selection: the one place that maps a platform to the backend that generates its code.
#include "emit/backend.h"

#include "emit/pto/pto_backend.h"

namespace pl::emit {

const Backend &backendFor(std::string_view /*platform*/) {
  // a2a3sim and a5sim differ in their SoC descriptors (the passes read them), not in the code
  // they run: both are the CPU simulator.
  static const PtoBackend sim;
  return sim;
}

} // namespace pl::emit
