// NumPy and the Python buffer protocol: arrays become ember tensors sharing their memory
// (ember.from_numpy, and numpy arrays passed where a tensor goes), and ember tensors export a
// buffer (and __array_interface__) so numpy.asarray(t) views the tensor's memory.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

#include "ember/tensor/tensor.h"

namespace ember::python {

namespace py = pybind11;

// Any object with the buffer protocol (numpy arrays, memoryviews, array.array); the tensor
// keeps the object alive. Arrays with negative strides are copied to a contiguous array first.
Tensor tensorFromNumpy(py::handle obj);
// The buffer-protocol description of `t` (format character, byte strides).
py::buffer_info tensorBufferInfo(const Tensor& t);
// numpy's typestr for `t`'s dtype ("<f4", "|b1", ...).
std::string numpyTypeStr(ScalarType t);

}  // namespace ember::python
