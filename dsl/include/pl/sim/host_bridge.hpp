// pl/sim/host_bridge.hpp — runs a translated entry point on DSL tensors: binds the caller's
// pl::Tensor / pl::Out / scalars as orchestration arguments, runs, and copies outputs back.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/dsl.hpp"
#include "pl/sim/sim.hpp"

namespace pl::sim {

namespace detail {

/// Calls `f.template operator()<T>()` with T the storage element type of dtype `d`.
template <class F>
void withElemType(DType d, F&& f) {
  switch (d) {
    case DType::FP32: return f.template operator()<float>();
    case DType::Bool: return f.template operator()<bool>();
    case DType::Int8: return f.template operator()<std::int8_t>();
    case DType::Int16: return f.template operator()<std::int16_t>();
    case DType::Int32: return f.template operator()<std::int32_t>();
    case DType::Int64: case DType::Index: return f.template operator()<std::int64_t>();
    case DType::UInt8: return f.template operator()<std::uint8_t>();
    case DType::UInt16: return f.template operator()<std::uint16_t>();
    case DType::UInt32: return f.template operator()<std::uint32_t>();
    case DType::UInt64: return f.template operator()<std::uint64_t>();
    case DType::FP16: return f.template operator()<pl::SoftFloat<DType::FP16>>();
    case DType::BF16: return f.template operator()<pl::SoftFloat<DType::BF16>>();
    case DType::FP8E4M3FN: return f.template operator()<pl::SoftFloat<DType::FP8E4M3FN>>();
    case DType::FP8E5M2: return f.template operator()<pl::SoftFloat<DType::FP8E5M2>>();
    default: simFail("host bridge", "tensors of dtype " + std::string(pl::dtypeName(d)) + " cannot be passed yet");
  }
}

}  // namespace detail

/// The arguments of one translated call, in the order of the user's parameters: tensors become
/// ChipTensors (copied into native storage), scalars u64 bits. Out/InOut tensors are copied back
/// into the caller's tensors by `finish()`.
class HostArgs {
 public:
  template <DType D, std::int64_t... Dims>
  HostArgs& bind(const pl::Tensor<D, Dims...>& t) { return addTensor(t.impl().get(), false); }
  template <DType D, std::int64_t... Dims>
  HostArgs& bind(const pl::Out<pl::Tensor<D, Dims...>>& t) { return addTensor(t.impl().get(), true); }
  template <DType D, std::int64_t... Dims>
  HostArgs& bind(const pl::InOut<pl::Tensor<D, Dims...>>& t) { return addTensor(t.impl().get(), true); }
  /// A scalar in the runtime's encoding, as the C++ type the orchestration reads its parameter
  /// in (pl::abi::scalar_cpp_t of the parameter's dtype): a pl::Scalar<D> as D's, a plain C++
  /// scalar as the dtype the translator gives it (signed integers and enums are index, unsigned
  /// int / long uint32 / uint64, float fp32, bool bool).
  template <DType D> HostArgs &bind(const pl::Scalar<D> &s) {
    scalars_.push_back(to_u64(static_cast<pl::abi::scalar_cpp_t<D>>(s.value())));
    return *this;
  }
  template <class S> requires std::is_arithmetic_v<S>
  HostArgs& bind(S s) {
    if constexpr (std::is_same_v<S, bool> || std::is_floating_point_v<S> ||
                  std::is_same_v<S, unsigned int> || std::is_same_v<S, unsigned long> ||
                  std::is_same_v<S, unsigned long long>)
      scalars_.push_back(to_u64(s));
    else
      scalars_.push_back(to_u64(static_cast<std::int64_t>(s)));
    return *this;
  }

  /// Runs `entry` with `kernels`, then writes the outputs back. Returns the hazards found.
  /// `config` is the entry's `aicpu_orchestration_config`: its expected argument count must be
  /// the number of arguments bound.
  template <class Config>
  std::vector<Hazard> run(const KernelTable &kernels, Config (*config)(const ChipTaskArgs &),
                          OrchestrationEntry entry) {
    ChipTaskArgs args;
    for (auto& b : tensors_) args.add_tensor(b.chip);
    for (auto s : scalars_) args.add_scalar(s);
    const auto expected = static_cast<std::size_t>(config(args).expected_arg_count);
    if (expected != args.tensor_count() + args.scalar_count())
      simFail("host bridge", "the orchestration expects " + std::to_string(expected) +
                                 " arguments, the call passes " +
                                 std::to_string(args.tensor_count() + args.scalar_count()));
    std::vector<Hazard> hazards = pl::sim::run(kernels, entry, args);
    for (auto& b : tensors_)
      if (b.writeBack) copyBack(b);
    return hazards;
  }

 private:
  struct Bound {
    pl::detail::Array* arr;
    ChipTensor chip;
    bool writeBack;
  };

  HostArgs& addTensor(pl::detail::Array* a, bool writeBack) {
    if (!a) simFail("host bridge", "an unallocated tensor was passed to a translated function");
    ChipTensor chip = ChipTensor::allocate(a->dtype, a->shape.data(), static_cast<std::uint32_t>(a->shape.size()));
    detail::withElemType(a->dtype, [&]<class T>() {
      auto* p = static_cast<StorageOf<T>*>(chip.data());
      for (std::size_t i = 0; i < a->data.size(); ++i) detail::storeSlot<T>(p[i], a->data[i]);
    });
    tensors_.push_back({a, std::move(chip), writeBack});
    return *this;
  }
  static void copyBack(Bound& b) {
    detail::withElemType(b.arr->dtype, [&]<class T>() {
      const auto* p = static_cast<const StorageOf<T>*>(b.chip.data());
      for (std::size_t i = 0; i < b.arr->data.size(); ++i) b.arr->data[i] = detail::loadSlot<T>(p[i]);
    });
  }

  std::vector<Bound> tensors_;
  std::vector<std::uint64_t> scalars_;
};

}  // namespace pl::sim
