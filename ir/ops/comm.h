// Communication and host-transfer ops (ir/ops/comm.cpp): which registered ops talk to other
// ranks or to the host, for passes that stub them out (FlattenControlFlow) and for the emitters'
// tests (none of these ops has a kernel instruction).
#pragma once

#include "ir/op_registry.h"

namespace pl::ir {

/// How a call of a communication op is classified (XLA's remove_comm / remove_host_transfer /
/// remove_infeed_outfeed option families).
enum class CommClass : uint8_t {
  None,         ///< not a communication op
  Comm,         ///< pld.* between ranks: collectives, send / recv, put / get, notify / wait
  HostTransfer, ///< pld.send / recv / send_done / recv_done with `host_transfer = true`
  Feed,         ///< system.infeed / system.outfeed (the host's data queues)
};

/// The class of a call of `op` with these kwargs.
CommClass commClass(const Op &op, const AttrList &kwargs);

/// True for every op that commClass can classify as non-None: they are IR-only (no DSL surface,
/// no PTO-ISA instruction; the emitters report them: ES001 / ES004).
bool isCommunicationOp(const Op &op);

} // namespace pl::ir
