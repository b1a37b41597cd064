// The export capture's tracer: runs a TorchScript graph on concrete values, node by node, and
// records the tensor operators it calls into an FX graph (make_fx over TorchScript).
//
// Tensors are followed by identity (TensorImpl): every traced tensor maps to the FX node that
// currently computes it, so values flowing through lists, tuples and module attributes need no
// bookkeeping. An in-place operator records its functional form and rebinds the mutated tensor
// to the new node; other tensors sharing its storage become stale, and reading a stale tensor is
// an error (mutation observed through an alias) unless it is the base of the mutated view, which
// is rebuilt with a scatter. Scalars are followed per IR value: an int computed from symbolic
// sizes carries its SymInt expression.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/api/module.h"
#include "ember/export/export.h"
#include "ember/ir/ir.h"
#include "shape_rules.h"

namespace ember::exporter {

// The TorchScript IR graph of an FX graph, as ExportedProgram::module() runs it (outputs packed
// in one tuple); exported_module.cpp.
std::shared_ptr<jit::Graph> toTorchScriptGraph(const FxGraph& g);
// Registers the operators only exported programs use (aten::_native_batch_norm_legit_functional);
// idempotent. training_batch_norm.cpp.
void registerExportOperators();
// batch_norm / native_batch_norm in training mode with running statistics.
bool isTrainingBatchNorm(const jit::FunctionSchema& s, const jit::Stack& in);
// The expression a scalar operator ("aten::add.int") computes from its arguments' expressions;
// nullopt when it has no symbolic form (tracer.cpp).
std::optional<SymExpr> symbolicScalarOp(const std::string& op, const std::vector<SymExpr>& a);

class Tracer {
 public:
  explicit Tracer(ExportedProgram& ep) : ep_(ep) {}

  // ---- set up by the capture driver ----
  // A placeholder for tensor `t` (its val from `sizes`, symbolic where dynamic).
  FxNode* addTensorPlaceholder(const Tensor& t, const std::string& name, std::vector<SymInt> sizes);
  // Parameters may not be changed in place.
  void markParameter(const Tensor& t) { parameters_.insert(t.impl()); }
  void addSymbol(const std::string& name, SymRange range, int64_t hint, FxNode* source, int64_t dim);
  void setModulePaths(std::unordered_map<const jit::ObjectImpl*, std::pair<std::string, std::string>> paths) {
    modulePaths_ = std::move(paths);
  }

  // Runs `fn`'s graph on `inputs` (self first for methods); returns the outputs with the
  // symbolic scalars of the returned IR value (per element for tuples).
  struct Result {
    jit::IValue value;
    std::optional<SymExpr> sym;
    std::vector<std::optional<SymExpr>> elementSyms;
  };
  Result run(jit::Function& fn, const std::vector<jit::IValue>& inputs);

  // The node now computing `t`: lifts unknown tensors as constants; throws for stale tensors.
  FxNode* tensorNode(const Tensor& t);
  FxNode* currentNodeIfTraced(const Tensor& t) const;
  // Whether an in-place operator changed `t` during the run.
  bool wasMutated(const Tensor& t) const;
  const std::map<std::string, FxNode*>& constantPlaceholders() const { return constantPlaceholders_; }
  // An argument for a scalar: a literal, or nodes computing the expression from input sizes.
  FxArg symArg(const SymExpr& e);
  // Records a guard (or raises ConstraintViolation); returns the hint's truth.
  bool decide(const SymBool& cond);
  const std::vector<std::string>& constantOrder() const { return constantNames_; }

 private:
  struct Branch;
  struct TensorInfo {
    Tensor tensor;  // keeps the TensorImpl alive, so addresses stay unique during the run
    FxNode* node = nullptr;
    FxNode* placeholder = nullptr;
    bool stale = false;
    bool mutated = false;
    const Branch* owner = nullptr;  // the branch (cond or loop body) being traced it was computed in
    bool escaped = false;           // computed inside a traced branch that has ended
    // For views: the tensor it views and how, to rebuild the base after a mutation.
    std::optional<Tensor> base;
    std::string viewTarget;
    std::vector<FxArg> viewArgs;
  };
  struct Frame {
    std::string function;
    const jit::Node* current = nullptr;
    std::unordered_map<const jit::Value*, jit::IValue> env;
    std::unordered_map<const jit::Value*, SymExpr> syms;
    std::unordered_map<const jit::Value*, std::vector<std::optional<SymExpr>>> elementSyms;
    std::unordered_set<const jit::Value*> dataDependent;
    // Bools made from a tensor (bool(t)): the tensor, the predicate of a cond.
    std::unordered_map<const jit::Value*, Tensor> predicates;
  };
  // A branch of a cond (or a while loop's body) being traced into its own graph; tensors from
  // outside it become placeholders (the cond's operands). Branches nest: `parent` is the branch
  // the cond or loop itself is in (nullptr: the top-level graph).
  struct Branch {
    FxGraph* graph;
    std::vector<std::pair<Tensor, FxNode*>> operands;  // outer tensor, its placeholder here
    std::map<std::string, FxArg> symNodes;              // SymInt nodes made in this graph
    Branch* parent = nullptr;
  };
  void enterBranch(Branch& b);
  // Back to the parent; the branch's tensors become escaped (usable only as its results).
  void leaveBranch(Branch& b);

  void runBlock(const jit::Block* block, Frame& f);
  void runNode(const jit::Node* n, Frame& f);
  void runIf(const jit::Node* n, Frame& f);
  void runCond(const jit::Node* n, Frame& f, const Tensor& predicate);
  void runWhileLoop(const jit::Node* n, Frame& f, const Tensor& predicate);
  void traceBranch(const jit::Node* n, Frame& f, bool which, Branch& branch, std::vector<Tensor>& outs);
  FxGraph& graph() { return branch_ ? *branch_->graph : ep_.graph; }
  void runLoop(const jit::Node* n, Frame& f);
  void runCall(const jit::Node* n, Frame& f, jit::Function* fn, size_t firstArg);
  void runOperator(const jit::Node* n, Frame& f);
  std::optional<SymExpr> symbolicListEquality(const Frame& f, const jit::Node* n, const jit::Stack& stack,
                                              const std::string& qual);
  void runScalarOperator(const jit::Node* n, Frame& f, jit::Stack& stack, const jit::Operator& op);
  void propagateContainer(const jit::Node* n, Frame& f, const jit::Stack& in);
  void transfer(const Frame& a, const jit::Value* from, Frame& b, const jit::Value* to);
  bool condition(const Frame& f, const jit::Value* v, const char* what);
  void checkSpecialization(const SymBool& eq);
  std::string describeSymbol(const std::string& name) const;
  void rebuildBase(const Tensor& view);
  void markAliasesStale(const Tensor& mutated);
  bool runTensorMetadata(const jit::Node* n, Frame& f, const jit::Stack& inputs);
  bool copiesWholeTensor(const jit::FunctionSchema& s, const jit::Stack& in);
  void recordTensorOperator(const jit::Node* n, Frame& f, const jit::Operator& op);
  // Sizes in 0-dim tensors (traced programs' NumToTensor); sym_tensors.cpp.
  std::optional<SymExpr> symTensor(const Tensor& t) const;
  bool runNumToTensor(const jit::Node* n, Frame& f, jit::Stack stack);
  bool readSymTensor(const jit::Node* n, Frame& f, const jit::Stack& inputs);
  bool runSymTensorArithmetic(const jit::Node* n, Frame& f, const jit::Operator& op);
  FxNode* materializeSymTensor(const Tensor& t, const SymExpr& e);
  void recordTrainingBatchNorm(const jit::Node* n, Frame& f, const jit::Operator& op, const jit::Stack& inputs);

  // Symbolic view of IR value `v`'s scalar (nullopt: static).
  std::optional<SymExpr> symOf(const Frame& f, const jit::Value* v) const;
  void checkNotDataDependent(const Frame& f, const jit::Value* v, const char* use);
  FxArg toArg(const Frame& f, const jit::Value* v, const jit::IValue& value, const jit::Argument& schemaArg);
  MetaArg metaOf(const Frame& f, const jit::Value* v, const jit::IValue& value);
  FakeTensor fakeOf(const Tensor& t);
  void attachMeta(FxNode* node);
  SymInt specialize(const SymExpr& e);
  void bindOutput(const Tensor& t, FxNode* node, FakeTensor fake);
  void bindHigherOrderResults(const jit::Node* n, Frame& f, FxNode* parent, const std::vector<Tensor>& results,
                              const std::vector<MetaVal>& vals);
  void applyMutation(const Tensor& mutated, FxNode* functional, FakeTensor fake);
  [[noreturn]] void fail(const std::string& message) const;
  std::string stackTrace() const;

  ExportedProgram& ep_;
  SymValues hints_;
  std::map<std::string, std::pair<FxNode*, int64_t>> symbolSources_;
  std::unordered_map<const TensorImpl*, TensorInfo> tensors_;
  std::unordered_map<const TensorImpl*, FakeTensor> fakes_;
  std::map<std::string, FxNode*> constantPlaceholders_;
  std::set<const TensorImpl*> parameters_;
  Branch* branch_ = nullptr;
  // > 0 while tracing code the example does not run (a cond's other branch, a loop body the
  // example skips): its values only give shapes, so while loops there stop after the traced
  // iteration instead of running on data they would never see (which may never end).
  int speculative_ = 0;
  std::unordered_map<const TensorImpl*, std::pair<Tensor, SymExpr>> symTensors_;
  std::map<std::string, FxArg> symNodes_;
  std::map<std::string, const TensorImpl*> symbolTensors_;  // symbol -> the input it is a size of
  std::vector<std::string> constantNames_;
  std::vector<Frame*> frames_;
  std::unordered_map<const jit::ObjectImpl*, std::pair<std::string, std::string>> modulePaths_;  // path, type
  std::vector<NnModuleFrame> moduleStack_;
};

}  // namespace ember::exporter
