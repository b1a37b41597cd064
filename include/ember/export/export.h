// Capturing an ExportedProgram from an ember Module method or Function (loaded from an archive
// or compiled from source) on example inputs.
//
//   Dim batch{"batch", 2, 64};
//   ExportedProgram ep = exporter::exportModule(m, {x}, {.dynamic = {{0, 0, batch}}});
//
// The capture runs the program on the example inputs and records every ATen operator it calls
// (calls and methods are entered, so the graph is flat), specialising control flow that depends
// only on constants and sizes (with a guard when a symbolic size decides it). In-place operators
// become their functional forms; buffers and user inputs the program mutates get extra outputs
// (BUFFER_MUTATION, USER_INPUT_MUTATION). Parameters, buffers and constant tensors are lifted to
// placeholders. Control flow that depends on tensor data is an error naming the source line.
//
// Sizes declared dynamic with a Dim become symbols; every node's `val` carries symbolic sizes.
// A dynamic size whose example is 0 or 1 is an error (the capture specialises 0 and 1, as
// PyTorch does), and so is a program that only works for one value of a dynamic size: the error
// names the Dim and suggests the fix.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/api/module.h"
#include "ember/export/exported_program.h"

namespace ember::exporter {

// A dynamic dimension: its symbol's name and inclusive range.
struct Dim {
  std::string name;
  int64_t min = 2;
  int64_t max = std::numeric_limits<int64_t>::max() - 1;
};

// Dimension `dim` of the positional (tensor) argument `input` is `spec`; the same Dim name on
// several dimensions makes them one symbol.
struct DynamicDim {
  size_t input = 0;
  int64_t dim = 0;
  Dim spec;
  // When set, names the argument instead of `input` (resolved against the function's schema).
  std::string inputName;
};

struct ExportOptions {
  std::string method = "forward";
  std::vector<DynamicDim> dynamic;
  // Keyword arguments, bound to their positions by name: the program's inputs are the positional
  // arguments up to the last one given either way (those between take their defaults).
  std::unordered_map<std::string, jit::IValue> kwargs;
};

// Raised when a dynamic dimension turns out to be constant (or equal to another) in the program.
struct ConstraintViolation : public Error {
  using Error::Error;
};

ExportedProgram exportModule(const jit::Module& module, std::vector<jit::IValue> args, const ExportOptions& options = {});
ExportedProgram exportFunction(jit::Function& fn, std::vector<jit::IValue> args, const ExportOptions& options = {});

}  // namespace ember::exporter
