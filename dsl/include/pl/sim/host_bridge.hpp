// pl/sim/host_bridge.hpp — runs a translated entry point on DSL tensors: binds the caller's
// pl::Tensor / pl::Out / scalars as orchestration arguments, runs, and copies outputs back.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
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
    case DType::FP8E8M0:
      return f.template operator()<pl::SoftFloat<DType::FP8E8M0>>();
    case DType::HF8:
      return f.template operator()<pl::SoftFloat<DType::HF8>>();
    case DType::FP4:
      return f.template operator()<pl::SoftFloat<DType::FP4>>();
    case DType::HF4:
      return f.template operator()<pl::SoftFloat<DType::HF4>>();
    default: simFail("host bridge", "tensors of dtype " + std::string(pl::dtypeName(d)) + " cannot be passed yet");
  }
}

}  // namespace detail

/// The arguments of one translated call, in the order of the user's parameters: tensors become
/// ChipTensors (copied into native storage), scalars u64 bits. Out/InOut tensors are copied back
/// into the caller's tensors by `run()`.
///
/// Tensors that share storage on the host share it on the chip: one chip buffer per owning
/// array, and a view (`pl::slice` / `pl::reshape`) becomes a view of that buffer, so disjoint
/// windows of one tensor may be passed as different parameters. Two parameters that overlap
/// where one of them is written (`f(a, a, y)` with `f(X x, pl::InOut<X> acc, …)`) are reported
/// before anything runs, naming both: the translated program assumes distinct parameters are
/// distinct tensors (docs/design.md), so the runtime would not order a write after a read of the
/// other parameter, and the result would depend on the schedule.
class HostArgs {
 public:
   HostArgs() = default;
   /// `function` and `params` (its parameter names, in order) name the arguments in errors.
   HostArgs(std::string function, std::vector<std::string> params)
       : function_(std::move(function)), params_(std::move(params)) {}

   template <DType D, std::int64_t... Dims> HostArgs &bind(const pl::Tensor<D, Dims...> &t) {
     return addTensor(t.impl().get(), false);
   }
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
    ++position_;
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
    ++position_;
    return *this;
  }

  /// Runs `entry` with `kernels`, then writes the outputs back. Returns the hazards found.
  /// `config` is the entry's `aicpu_orchestration_config`: its expected argument count must be
  /// the number of arguments bound.
  template <class Config>
  std::vector<Hazard> run(const KernelTable &kernels, Config (*config)(const ChipTaskArgs &),
                          OrchestrationEntry entry) {
    checkAliasing();
    ChipTaskArgs args;
    for (auto &t : tensors_)
      args.add_tensor(t.chip);
    for (auto s : scalars_) args.add_scalar(s);
    const auto expected = static_cast<std::size_t>(config(args).expected_arg_count);
    if (expected != args.tensor_count() + args.scalar_count())
      simFail("host bridge", "the orchestration expects " + std::to_string(expected) +
                                 " arguments, the call passes " +
                                 std::to_string(args.tensor_count() + args.scalar_count()));
    std::vector<Hazard> hazards = pl::sim::run(kernels, entry, args);
    for (auto &r : roots_)
      if (r.writeBack)
        copyBack(r);
    return hazards;
  }

 private:
   /// One owning host array and its chip copy.
   struct Root {
     pl::detail::Array *arr;
     ChipTensor chip;
     bool writeBack;
   };

  HostArgs& addTensor(pl::detail::Array* a, bool writeBack) {
    if (!a) simFail("host bridge", "an unallocated tensor was passed to a translated function");
    pl::detail::Array *owner = a->isView() ? a->base.get() : a;
    Root *root = nullptr;
    for (auto &r : roots_)
      if (r.arr == owner)
        root = &r;
    if (!root) {
      ChipTensor chip = ChipTensor::allocate(owner->dtype, owner->shape.data(),
                                             static_cast<std::uint32_t>(owner->shape.size()));
      detail::withElemType(owner->dtype, [&]<class T>() {
        auto *p = static_cast<StorageOf<T> *>(chip.data());
        for (std::size_t i = 0; i < owner->data.size(); ++i)
          detail::storeSlot<T>(p[i], owner->data[i]);
      });
      roots_.push_back({owner, std::move(chip), false});
      root = &roots_.back();
    }
    root->writeBack = root->writeBack || writeBack;
    tensors_.push_back({a->isView() ? viewOf(root->chip, *a) : root->chip, writeBack, position_++});
    return *this;
  }
  /// Fails when two tensor arguments overlap and one of them is written.
  void checkAliasing() const {
    for (std::size_t i = 0; i < tensors_.size(); ++i)
      for (std::size_t j = i + 1; j < tensors_.size(); ++j) {
        const Arg &a = tensors_[i], &b = tensors_[j];
        if (!(a.written || b.written) || !mayOverlap(a.chip, b.chip))
          continue;
        const Arg &w = b.written ? b : a;
        simFail("host bridge", "arguments " + argName(a.position) + " and " + argName(b.position) +
                                   (function_.empty() ? "" : " of '" + function_ + "'") +
                                   " share memory and " + argName(w.position) +
                                   " is written: the translated tasks assume distinct tensors and "
                                   "may read and write them in any order; pass a copy (.clone()) "
                                   "or disjoint windows");
      }
  }
  std::string argName(std::size_t position) const {
    const std::string n = position < params_.size() ? "'" + params_[position] + "'" : "";
    return n.empty() ? "#" + std::to_string(position + 1)
                     : n + " (#" + std::to_string(position + 1) + ")";
  }
  /// The chip view matching host view `v` of the array `chip` copies.
  static ChipTensor viewOf(const ChipTensor &chip, const pl::detail::Array &v) {
    const auto rank = static_cast<std::uint32_t>(v.shape.size());
    if (rank < 1 || rank > kMaxRank)
      simFail("host bridge", "rank " + std::to_string(rank) + " is outside 1..5");
    ChipTensor t = chip;
    t.ndims = rank;
    t.start_offset = v.offset;
    t.shapes = {};
    t.strides = {};
    t.origin = {};
    bool sameStrides = rank == chip.ndims;
    for (std::uint32_t k = 0; k < rank; ++k) {
      t.shapes[k] = v.shape[k];
      t.strides[k] = v.strides[k];
      sameStrides = sameStrides && v.strides[k] == chip.strides[k];
    }
    if (sameStrides) { // a window of the root: its origin lets mayOverlap compare boxes exactly
      std::int64_t rest = v.offset;
      for (std::uint32_t k = 0; k < rank; ++k) {
        t.origin[k] = chip.strides[k] ? rest / chip.strides[k] : 0;
        rest -= t.origin[k] * chip.strides[k];
      }
    }
    return t;
  }
  static void copyBack(Root &r) {
    detail::withElemType(r.arr->dtype, [&]<class T>() {
      const auto *p = static_cast<const StorageOf<T> *>(r.chip.data());
      for (std::size_t i = 0; i < r.arr->data.size(); ++i)
        r.arr->data[i] = detail::loadSlot<T>(p[i]);
    });
  }

  /// One tensor argument: its chip tensor, whether the call writes it, its parameter position.
  struct Arg {
    ChipTensor chip;
    bool written;
    std::size_t position;
  };

  std::string function_;
  std::vector<std::string> params_;
  std::size_t position_ = 0; // of the next bound argument (tensor or scalar)
  std::deque<Root> roots_;
  std::vector<Arg> tensors_;
  std::vector<std::uint64_t> scalars_;
};

}  // namespace pl::sim
