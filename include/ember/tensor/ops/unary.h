// Tensor ops of the unary family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
