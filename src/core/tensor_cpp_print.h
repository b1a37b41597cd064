// Printing a tensor as PyTorch's C++ operator<< does (what TorchScript's print() and str() show):
//
//    1.5000
//    2.0000
//   [ CPUFloatType{2} ]
//
// one column for vectors, rows for matrices, "(i,j,.,.) = " blocks of matrices beyond two
// dimensions, a common "1e+05 *" scale or scientific notation when magnitudes differ.
#pragma once

#include <ostream>

#include "ember/tensor/tensor.h"

namespace ember::jit {

void printTensorCppStyle(std::ostream& out, const Tensor& t);

}  // namespace ember::jit
