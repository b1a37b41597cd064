// prim:: symbols: the IR's own node kinds (control flow, containers, constants, fusion groups).
#pragma once

#include "ember/core/symbol.h"

#define EMBER_FORALL_PRIM_SYMBOLS(_)                                                               \
  _(Param) _(Return) _(Constant) _(If) _(Loop) _(Enter) _(Exit) _(With) _(Uninitialized)           \
  _(TupleConstruct) _(TupleUnpack) _(TupleIndex) _(TupleSlice) _(ListConstruct) _(ListUnpack)       \
  _(DictConstruct) _(DictIndex) _(CreateObject) _(GetAttr) _(SetAttr) _(CallFunction) _(CallMethod) \
  _(Closure) _(ModuleContainerIndex) _(EnumName) _(EnumValue) _(StringIndex) _(NumToTensor)         \
  _(ImplicitTensorToNum) _(Print) _(RaiseException) _(IgnoredPythonOp) _(PythonOp) _(Store)         \
  _(Load) _(Drop) _(unchecked_cast) _(unchecked_unwrap_optional) _(isinstance) _(TypeCheck)          \
  _(RequiresGradCheck) _(Guard) _(BailOut) _(BailoutTemplate) _(profile) _(profile_ivalue)          \
  _(FusionGroup) _(CudaFusionGroup) _(TensorExprGroup) _(TensorExprDynamicGroup)                    \
  _(StaticSubgraph) _(DifferentiableGraph) _(FallbackGraph) _(FunctionalGraph) _(MKLDNNGroup)       \
  _(ConstantChunk) _(BroadcastingChunk) _(BroadcastSizes) _(ChunkSizes) _(ConstantMKLDNNTensor)     \
  _(AutogradZero) _(AutogradAdd) _(AutogradAnyNonZero) _(AutogradAllZero) _(AutogradAllNonZero)    \
  _(GradOf) _(SumToSize) _(MMTreeReduce) _(MMBatchSide) _(ReductionSizes) _(AddStatValue)          \
  _(TimePoint) _(EmptyListLiteral) _(Starred) _(TracedAttr) _(TracedModuleForward)                  \
  _(TracedFork) _(fork) _(awaitable) _(rpc_async) _(rpc_sync) _(rpc_remote) _(layout) _(dtype)        \
  _(device) _(shape) _(requires_grad) _(data) _(grad) _(is_cuda) _(max) _(min) _(abs) _(tolist)   \
  _(type) _(id) _(name) _(MakeTestTensor) _(Assign) _(AugAssign) _(Stop) _(Concat) _(ListPack)

namespace ember::jit {
EMBER_DEFINE_SYMBOL_NAMESPACE(prim, 2, EMBER_FORALL_PRIM_SYMBOLS)
}  // namespace ember::jit
