// Tensor ops of the reduce family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
