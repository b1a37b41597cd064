// aten:: symbols that the compiler itself refers to (peephole rules, shape analysis, the
// frontend's desugaring). Operators are looked up by name, so this need not list every op.
#pragma once

#include "ember/core/symbol.h"

#define EMBER_FORALL_ATEN_SYMBOLS(_)                                                              \
  _(add) _(add_) _(sub) _(sub_) _(mul) _(mul_) _(div) _(div_) _(neg) _(pow) _(remainder) _(fmod)  \
  _(floordiv) _(matmul) _(mm) _(bmm) _(addmm) _(linear) _(conv2d) _(relu) _(sigmoid) _(tanh)      \
  _(softmax) _(log_softmax) _(size) _(sizes) _(dim) _(len) _(append) _(format) _(view) _(reshape) \
  _(expand) _(expand_as) _(type_as) _(to) _(contiguous) _(clone) _(detach) _(select) _(slice)     \
  _(cat) _(stack) _(chunk) _(split) _(unsqueeze) _(squeeze) _(transpose) _(t) _(permute) _(index) \
  _(index_put_) _(copy_) _(fill_) _(zero_) _(zeros) _(ones) _(empty) _(full) _(tensor) _(as_tensor) \
  _(Int) _(Float) _(Bool) _(Complex) _(ScalarImplicit) _(IntImplicit) _(FloatImplicit) _(str)     \
  _(__is__) _(__isnot__) _(__not__) _(__contains__) _(__getitem__) _(__setitem__) _(__round_to_zero_floordiv) \
  _(_set_item) _(eq) _(ne) _(lt) _(le) _(gt) _(ge) _(list) _(dict) _(warn) _(wait) _(dropout)      \
  _(batch_norm) _(layer_norm) _(sum) _(mean) _(max) _(min) _(abs) _(isinstance) _(_grad_sum_to_size) \
  _(_size_if_not_equal) _(is_floating_point) _(numel) _(item) _(requires_grad)

namespace ember::jit {
EMBER_DEFINE_SYMBOL_NAMESPACE(aten, 4, EMBER_FORALL_ATEN_SYMBOLS)
}  // namespace ember::jit
