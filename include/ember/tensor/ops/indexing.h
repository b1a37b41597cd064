// Tensor ops of the indexing family.
#pragma once

#include "ember/tensor/tensor.h"

namespace ember {
}  // namespace ember
