// Tensor ops of the print family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
