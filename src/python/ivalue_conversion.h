// Converting between Python objects and IValues, and the torch interop rule: ember entry points
// accept torch.Tensor (and numpy arrays) wherever a tensor goes, imported without a copy through
// DLPack; when a call was given a torch.Tensor, the tensors it returns are torch.Tensors too
// (exported the same way). An InteropScope at each entry point tracks that.
#pragma once

#include <pybind11/pybind11.h>

#include "ember/core/ivalue.h"
#include "ember/core/type.h"

namespace ember::python {

namespace py = pybind11;
using jit::IValue;
using jit::TypePtr;

// An ember dtype object in Python (ember.float32, ...).
struct DType {
  ScalarType type;
};

// Set for the duration of one call from Python; nested scopes (a Python callback calling ember
// again) keep their own flag.
class InteropScope {
 public:
  InteropScope();
  ~InteropScope();
  InteropScope(const InteropScope&) = delete;
  InteropScope& operator=(const InteropScope&) = delete;
  // A torch.Tensor was among the inputs: return torch.Tensors.
  static bool returnTorch();
  static void noteTorchInput();

 private:
  bool previous_;
};

bool isTorchTensor(py::handle obj);
// torch.Tensor -> ember Tensor sharing its memory (a tensor that requires grad is detached).
Tensor tensorFromTorch(py::handle obj);
// ember Tensor -> torch.Tensor sharing its memory.
py::object tensorToTorch(const Tensor& t);
// ember.Tensor, torch.Tensor or numpy array -> Tensor; nullopt for anything else.
std::optional<Tensor> tryToTensor(py::handle obj);
// ember.float32, torch.float32 or a dtype name -> ScalarType; nullopt for anything else.
std::optional<ScalarType> tryToScalarType(py::handle obj);

// Python -> IValue. With a type hint (a schema argument's type) values are converted as PyTorch
// converts call arguments: int to float for `float`, lists to the hinted element type, str to
// Device, dtypes to ints; a value that cannot have that type is a TypeError naming both types.
// Without a hint the type is inferred (int, float, bool, str, None, tensors, lists of one kind,
// tuples, dicts).
IValue toIValue(py::handle obj, const TypePtr& hint = nullptr);
// IValue -> Python (tensors as ember.Tensor, or torch.Tensor inside a torch call).
py::object toPython(const IValue& v);
// The static type a value converted without a hint has (for overload resolution).
TypePtr inferredType(const IValue& v);

}  // namespace ember::python
