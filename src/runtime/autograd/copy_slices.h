// In-place writes into views (PyTorch's CopySlices): `y = x.clone(); y[0].mul_(2)` changes y,
// so y's history must include the write. When an op writes into a view V of a base B, the op
// is recorded on V as any in-place op (node N), then B's history is rebased onto a CopySlices
// node: the gradient of the new B goes to the old B outside V's region and to N inside it; V's
// own history becomes "the region of the new B". The region is V's geometry inside B's storage
// (B dense and non-overlapping: contiguous, or contiguous once its dims are permuted, as a
// transposed or channels-last result is; gradients of B are permuted to that order). See
// record.cpp.
#pragma once

#include "ember/runtime/autograd.h"

namespace ember::autograd {

// The root base of `view` (following view bases), when its write can be rebased: same storage,
// dense and non-overlapping root. Undefined otherwise.
Tensor rebaseableBase(const Tensor& view);

// After the in-place op recorded on `view` (its grad_fn is the op's node): rewrites the
// histories of `base` and `view` as described above.
void rebaseViewWrite(const Tensor& view, const Tensor& base);

// A view whose storage was written since its grad_fn was set gets, like PyTorch's regenerated
// views, a grad_fn reading its region of the base's current history (when the base can be found
// and has history). Called when the view's gradient edge is taken.
void refreshStaleView(const Tensor& view);

// Remembers that `view` (an op's result sharing `input`'s storage) is a view of `input`'s root
// base, for tensors outside autograd, so that a later recorded write into it can find the base.
void trackView(const Tensor& view, const Tensor& input);

}  // namespace ember::autograd
