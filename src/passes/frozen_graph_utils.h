// Helpers shared by the passes that rewrite frozen graphs (module attributes already folded into
// constants by freezing): reading constant tensors and scalars off the graph, and inserting the
// rewritten weights as new constants named after the ones they replace.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {

class Block;
class Node;
class Value;

// The tensor held by a prim::Constant, or nullopt when `v` is not a constant tensor.
std::optional<Tensor> constantTensor(const Value* v);
// Whether `v` is a prim::Constant None.
bool isConstantNone(const Value* v);
// A constant bool/int/double/Scalar input, or nullopt.
std::optional<bool> constantBool(const Value* v);
std::optional<double> constantDouble(const Value* v);
std::optional<IValue> constantIValue(const Value* v);

// A floating-point tensor all of whose values live in this graph's constants.
bool isFloatingConstantTensor(const Value* v);

// A convolution whose weights the frozen folds may rewrite: aten::conv1d/2d/3d, or
// aten::_convolution that is not transposed, with a constant floating-point weight and a constant
// (or None) bias, whose output has exactly one use.
bool isFoldableConvolution(const Node* n);
// The weight and bias inputs of such a convolution.
Value* convolutionWeight(const Node* conv);
Value* convolutionBias(const Node* conv);
// Replaces the convolution's weight and bias inputs with new constants inserted before it.
void setConvolutionWeightAndBias(Node* conv, const Tensor& weight, const std::string& weightName,
                                 const Tensor& bias, const std::string& biasName);

// Inserts `t` as a prim::Constant just before `before`, with debug name `name` when the name is
// free-form enough (PyTorch names folded weights "<weight name>_fused_bn" and so on).
Value* insertConstantTensorBefore(Node* before, const Tensor& t, const std::string& name);

// Calls `rewrite` on every node of `block` and its nested blocks (inner blocks first); returns
// whether any call did. `rewrite` may destroy the node it is given and insert nodes before it.
bool rewriteEachNode(Block* block, const std::function<bool(Node*)>& rewrite);

// The debug name of `v` with `suffix`, or "" when `v` has no name.
std::string suffixedName(const Value* v, const std::string& suffix);

}  // namespace ember::jit
