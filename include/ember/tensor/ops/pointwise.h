// Tensor ops of the pointwise family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
