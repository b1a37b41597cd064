// Specialising a graph on its modules' `training` flags (the profiling executor, inference only).
//
// A scripted nn.Module reads `self.training` (prim::GetAttr[name="training"]) and branches on it:
// BatchNorm2d's forward counts batches and checks sizes under `if self.training`, and passes the
// flag to aten::batch_norm, so in an unfrozen graph the convolution and its batch norm are never
// adjacent and the batch norm's mode is a run-time value. The profiling graph records every such
// read (a prim::profile_ivalue after it, profiling_record.h); when every profiled run saw the
// same value for a flag reached from a graph input through a chain of prim::GetAttr (the module
// path, e.g. self.layer1.0.bn1.training), the specialised graph reads the constant instead and
// its guard re-reads the flag along the same path and compares:
//
//   %m : Module = prim::GetAttr[name="layer1"](%self)  ...  %t : bool = prim::GetAttr[name="training"](%bn)
//   %same : bool = aten::eq(%t, %false)                %ok.2 : bool = aten::__and__(%ok, %same)
//
// so a module switched with .train() after profiling fails the guard and runs the fallback graph
// (in training mode, right). Constant propagation then removes the training-only branches.
// Not done when the graph itself assigns a `training` attribute (prim::SetAttr), or for reads
// whose object does not come from a graph input through attribute reads alone.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"

namespace ember::jit {

class Block;
class Graph;
class Value;

// One flag the specialisation relies on: graph input `input`, then the attribute names of
// `path` (the last is "training"), held `value` in every profiled run.
struct AttributeFlag {
  size_t input = 0;
  std::vector<std::string> path;
  bool value = false;
};

// The flags an instrumented graph's profile_ivalue nodes saw constant (one per path).
std::vector<AttributeFlag> profiledTrainingFlags(const Graph& profiled);

// Whether the call's inputs still hold every flag's value.
bool trainingFlagsHold(const std::vector<AttributeFlag>& flags, const IValue* inputs);

// Why they do not ("self.layer1.0.bn1.training: True, expected False"); empty when they do.
std::string trainingFlagMismatch(const std::vector<AttributeFlag>& flags, const IValue* inputs);

// Appends to `g` (at its insertion point) the reads of every flag from `inputs` and their
// comparisons, and'ed into `ok`; returns the new condition.
Value* insertTrainingFlagGuards(Graph& g, const std::vector<Value*>& inputs, const std::vector<AttributeFlag>& flags,
                                Value* ok);

// Replaces, in `body` (a block of the graph whose inputs the flags' paths start from) and the
// blocks in it, every read of a flag's path with the flag's constant value; returns whether any
// read was replaced.
bool replaceTrainingFlagReads(Block& body, const std::vector<AttributeFlag>& flags);

// Whether inference plans specialise on the flags (EMBER_TRAINING_FLAGS=0 turns it off, and so
// the batch-norm fusion of unfrozen models it enables: for before/after measurements).
bool trainingFlagSpecializationEnabled();

// The attribute name the specialisation profiles ("training").
bool isTrainingFlagRead(const Value* v);

}  // namespace ember::jit
