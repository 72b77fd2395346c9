// Communication ops (ir/ops/comm.cpp) are IR-only: the PTO emitter reports each one, located.
program comm {
  AIV k(InOut Tensor<fp32, 16> a, InOut Tensor<int32, 1> sig) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = pld.all_reduce(a);
    pld.notify(sig, 1);
    return a;
  }

  Orchestration orch(InOut Tensor<fp32, 16> a, Out Tensor<fp32, 16> buf) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> g = system.infeed(buf);
    system.outfeed(a);
    return a;
  }
}
