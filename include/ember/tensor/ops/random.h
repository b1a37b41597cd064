// Tensor ops of the random family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
