// SavedTensor: a tensor a backward node keeps for its formula, with the storage version it had
// when saved, so that using it after an in-place change raises PyTorch's error instead of giving
// a wrong gradient.
//
// A node's own output is kept without its autograd state (the output's grad_fn is this node: a
// strong reference would be a cycle); unpacking gives it its history back.
#pragma once

#include "ember/runtime/autograd.h"

namespace ember::autograd {

class SavedTensor {
 public:
  SavedTensor() = default;
  // `isOutput`: t is output `outputNr` of the node that saves it.
  SavedTensor(const Tensor& t, bool isOutput, uint32_t outputNr = 0);

  // The tensor as saved; `owner` is the node that saved it (for its outputs' history and the
  // error messages).
  Tensor unpack(const std::shared_ptr<Node>& owner) const;
  void reset() {
    data_ = Tensor();
    released_ = true;
  }
  bool defined() const { return data_.defined() || released_; }

 private:
  Tensor data_;
  uint32_t version_ = 0;
  uint32_t outputNr_ = 0;
  bool isOutput_ = false;
  bool released_ = false;
};

// The message PyTorch gives when backward uses a freed graph.
[[noreturn]] void throwGraphFreed();

}  // namespace ember::autograd
