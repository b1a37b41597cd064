// Profiling (the spec's "Profiling" and ProfilingRecord in the runtime walk-through): a copy of a
// graph in which every use of a tensor goes through a `prim::profile` node. Running that graph
// records, per profile node, the type of every tensor that passed (dtype, sizes, strides, device,
// requires_grad), merged over the runs: a dimension that changed between runs becomes unknown.
//
//   %x.1 : Tensor = prim::profile(%x)          (slot 0 records the types seen)
//   %y : Tensor = aten::relu(%x.1)
//
// The executor reads the merged types back (profileSlot(node).seen()) to specialise the graph.
// The last node of the instrumented graph, `ember::profile_run_end`, counts the runs that got to
// the end: the executor specialises only once enough runs have completed, not merely started
// (another thread may still be in the middle of one).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"

namespace ember::jit {

class Graph;
class Node;

// What one prim::profile node has seen. Shared by the node (through a capsule attribute, so the
// operator finds it) and the record.
class ProfileSlot : public CustomClassHolder {
 public:
  void record(const IValue& v);
  // The merged type of the tensors seen; nullptr before any run reached the node.
  TensorTypePtr seen() const;
  bool sawNone() const;
  // Whether every tensor seen was contiguous (what DYNAMIC guards check beside the rank).
  bool sawOnlyContiguous() const;
  int64_t count() const;

 private:
  mutable std::mutex mutex_;
  TensorTypePtr seen_;
  bool sawNone_ = false;
  bool allContiguous_ = true;
  int64_t count_ = 0;
};

// What one prim::profile_ivalue node has seen: the value, while every run passed the same one.
class ProfileIValueSlot : public CustomClassHolder {
 public:
  void record(const IValue& v);
  // The value every run saw; nullopt before any run, or once two runs differed.
  std::optional<IValue> constant() const;
  // Whether two runs differed (or passed a value of another kind).
  bool varied() const;

 private:
  mutable std::mutex mutex_;
  std::optional<IValue> value_;
  bool varied_ = false;
};

// Whether two profiled ints, bools or int lists are equal.
bool sameProfiledValue(const IValue& a, const IValue& b);

// Counts the completed runs of an instrumented graph (held by its ember::profile_run_end node).
class ProfiledRunCounter : public CustomClassHolder {
 public:
  std::atomic<int64_t> completed{0};
};

struct ProfilingRecord {
  std::shared_ptr<Graph> graph;  // the instrumented copy
  IntrusivePtr<ProfiledRunCounter> runs;

  int64_t completedRuns() const { return runs->completed.load(std::memory_order_acquire); }

  // Copies `graph` and puts a prim::profile before every tensor use (node inputs, block and
  // graph outputs), in nested blocks too, and a prim::profile_ivalue on each graph input of type
  // int, bool or int[] that a tensor operator reads (sizes, dims, `training` flags: what the
  // optimiser can fold once the executor specialises on the value seen), and one after each
  // read of a module's bool `training` attribute (runtime/training_flags.h).
  static ProfilingRecord instrument(const Graph& graph);
};

// The kind of the run-counting node (`ember::profile_run_end`, ember's own).
Symbol profileRunEndSymbol();

// The slot of a prim::profile node.
ProfileSlot& profileSlot(const Node* profileNode);
// The slot of a prim::profile_ivalue node.
ProfileIValueSlot& profileIValueSlot(const Node* profileNode);

}  // namespace ember::jit
