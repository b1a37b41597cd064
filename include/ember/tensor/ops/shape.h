// Tensor ops of the shape family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
