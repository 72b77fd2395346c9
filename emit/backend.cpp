// Backend selection: the one place that maps a platform to the backend that generates its code.
#include "emit/backend.h"

#include "emit/pto/pto_backend.h"

namespace pl::emit {

const Backend &backendFor(std::string_view /*platform*/) {
  // The platforms differ in their SoC descriptors (the passes read them), not in the text
  // printed: a2a3sim / a5sim run it on the CPU simulator, a2a3 / a5 package it.
  static const PtoBackend sim;
  return sim;
}

} // namespace pl::emit
