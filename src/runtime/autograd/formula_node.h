// FormulaNode: the backward node of one operator call, computing its inputs' gradients with the
// op's derivative formula (formulas.h) from what the forward saved. NotImplementedNode stands
// for an op that has no formula: using it in backward raises PyTorch's error.
#pragma once

#include "ember/core/function_schema.h"
#include "runtime/autograd/formulas.h"
#include "runtime/autograd/saved_tensor.h"

namespace ember::autograd {

// Sizes and dtype of a tensor a node produces or receives a gradient for.
struct TensorGeometry {
  DimVector sizes;
  ScalarType dtype = ScalarType::Float;
};

class FormulaNode : public Node {
 public:
  // A value passed to the formula: a gradient, a saved result or input, or a saved scalar value.
  struct Param {
    enum class Kind : uint8_t { Grad, GradList, Result, SavedTensor, Value };
    Kind kind;
    size_t index = 0;  // the output slot of Grad and Result
    SavedTensor saved;
    jit::IValue value;
  };

  FormulaNode(std::string name, const Formula& formula) : name_(std::move(name)), formula_(&formula) {}
  std::string name() const override { return name_; }
  std::vector<Tensor> apply(std::vector<Tensor>&& gradOutputs) override;
  void releaseVariables() override;
  size_t numInputs() const override { return outputs_.size(); }

  std::vector<Param>& params() { return params_; }
  std::vector<TensorGeometry>& outputs() { return outputs_; }
  std::vector<TensorGeometry>& inputs() { return inputs_; }
  // For each tensor argument of the schema, in order: how many edges it has, and whether it is a
  // list (whose gradient is a list).
  std::vector<std::pair<size_t, bool>>& tensorArgs() { return tensorArgs_; }

 private:
  std::vector<Tensor> gradientsFromResult(const jit::IValue& result) const;

  std::string name_;
  const Formula* formula_;
  std::vector<Param> params_;
  std::vector<TensorGeometry> outputs_;
  std::vector<TensorGeometry> inputs_;
  std::vector<std::pair<size_t, bool>> tensorArgs_;
};

class NotImplementedNode : public Node {
 public:
  // `message`: the error backward raises.
  explicit NotImplementedNode(std::string message) : message_(std::move(message)) {}
  std::string name() const override { return "NotImplemented"; }
  std::vector<Tensor> apply(std::vector<Tensor>&& gradOutputs) override;
  size_t numInputs() const override { return 0; }

 private:
  std::string message_;
};

// "MulBackward0" for aten::mul, as PyTorch names its nodes.
std::string backwardNodeName(const jit::FunctionSchema& schema);

}  // namespace ember::autograd
