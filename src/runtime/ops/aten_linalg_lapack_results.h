// Pushing the results of the LAPACK-backed linalg operators: functional forms push every result
// of a tuple; out= forms (whose out tensors are the schema's last arguments, in result order)
// write each result into its out tensor and push those, as `Tensor(a!)` returns require.
#pragma once

#include <array>
#include <tuple>
#include <utility>

#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {

template <typename R>
auto asTuple(R&& r) {
  if constexpr (std::is_same_v<std::decay_t<R>, Tensor>) {
    return std::tuple<Tensor>(std::forward<R>(r));
  } else {
    return std::forward<R>(r);
  }
}

// Replaces the n arguments by the results r (a Tensor or a tuple of Tensors); with kOut, the last
// N arguments are the out tensors the results are written into.
template <bool kOut, typename R>
void finish(Stack& s, size_t n, R&& r) {
  auto t = asTuple(std::forward<R>(r));
  constexpr size_t N = std::tuple_size_v<decltype(t)>;
  if constexpr (kOut) {
    IValue* a = args(s, n);
    std::array<Tensor, N> outs;
    for (size_t i = 0; i < N; ++i) outs[i] = tensorArg(a[n - N + i]);
    [&]<size_t... I>(std::index_sequence<I...>) { (writeOut(outs[I], std::get<I>(t)), ...); }
    (std::make_index_sequence<N>{});
    dropArgs(s, n);
    for (auto& o : outs) s.emplace_back(std::move(o));
  } else {
    dropArgs(s, n);
    std::apply([&](auto&... x) { (s.emplace_back(std::move(x)), ...); }, t);
  }
}

}  // namespace ember::jit::aten
