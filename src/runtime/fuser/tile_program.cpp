// Compiling a fusion group's subgraph into a TileProgram (see tile_program.h): one walk over the
// nodes assigns every tensor value a dtype (by the shared rules of tensorexpr_fuser_ops.h, from
// the actual input dtypes), inserts casts where an operand's dtype differs from the op's compute
// dtype, turns Python numbers into uniforms, and then gives temporaries tile slots, reusing a
// slot once its value is dead.
#include "runtime/fuser/tile_program.h"

#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/tensorexpr_fuser_ops.h"
#include "runtime/fuser/tile_chain.h"
#include "runtime/fuser/tile_kernels.h"

namespace ember::jit {
namespace {

class Compiler {
 public:
  Compiler(const Graph& g, const IValue* inputs) : g_(g), inputs_(inputs) {}

  std::optional<TileProgram> run() {
    if (!bindInputs() || !planComputedChunks()) return std::nullopt;
    for (const Node* n : g_.nodes()) {
      if (n->kind() == prim::Constant || deferred_.count(n)) continue;
      if (!lower(n)) return std::nullopt;
    }
    if (!bindOutputs()) return std::nullopt;
    fuseRegisterChains(prog_);
    assignSlots();
    return std::move(prog_);
  }

 private:
  struct Info {
    int value;
    OperandLevel level;
  };

  int addValue(TileValueKind kind, ScalarType dtype, int index = -1) {
    prog_.values.push_back(TileValue{kind, dtype, index});
    deps_.push_back(kind == TileValueKind::Input ? uint64_t{1} << index : 0);
    return static_cast<int>(prog_.values.size()) - 1;
  }

  bool bindInputs() {
    if (g_.inputs().size() > 64) return false;  // input sets are 64-bit masks
    for (size_t i = 0; i < g_.inputs().size(); ++i) {
      const IValue& v = inputs_[i];
      if (v.isTensor()) {
        const Tensor& t = v.toTensor();
        if (!t.defined() || !t.is_cpu() || t.requires_grad() || !isFusibleDtype(t.scalar_type())) return false;
        int id = addValue(TileValueKind::Input, t.scalar_type(), static_cast<int>(i));
        tensors_[g_.inputs()[i]] = {id, t.dim() == 0 ? OperandLevel::ZeroDim : OperandLevel::Dimensioned};
        prog_.inputValues.push_back(id);
      } else if (v.isDouble() || v.isInt() || v.isBool()) {
        prog_.inputValues.push_back(-1);
      } else {
        return false;
      }
    }
    return true;
  }

  // The operand description of a scalar value (constant or Python-number input).
  std::optional<FusedOperand> scalarOperand(const Value* v) const {
    std::optional<IValue> iv = scalarValue(v);
    if (!iv) return std::nullopt;
    if (iv->isDouble()) return FusedOperand{ScalarType::Float, OperandLevel::Scalar};
    if (iv->isInt()) return FusedOperand{ScalarType::Long, OperandLevel::Scalar};
    if (iv->isBool()) return FusedOperand{ScalarType::Bool, OperandLevel::Scalar};
    return std::nullopt;
  }

  std::optional<IValue> scalarValue(const Value* v) const {
    if (v->node()->kind() == prim::Constant) return toIValue(v);
    for (size_t i = 0; i < g_.inputs().size(); ++i)
      if (g_.inputs()[i] == v) return inputs_[i];
    return std::nullopt;
  }

  int inputIndexOf(const Value* v) const {
    for (size_t i = 0; i < g_.inputs().size(); ++i)
      if (g_.inputs()[i] == v) return static_cast<int>(i);
    return -1;
  }

  // A uniform of `dtype` holding the scalar `v`.
  int uniform(const Value* v, ScalarType dtype) {
    TileUniform u{dtype, inputIndexOf(v), IValue()};
    if (u.inputIndex < 0) u.constant = *toIValue(v);
    prog_.uniforms.push_back(u);
    return addValue(TileValueKind::Uniform, dtype, static_cast<int>(prog_.uniforms.size()) - 1);
  }

  int emit(TileFn fn, const char* name, ScalarType resultDtype, std::initializer_list<int> args) {
    TileInstr in;
    in.fn = fn;
    in.name = name;
    for (int a : args) in.args[in.numArgs++] = a;
    in.dst = addValue(TileValueKind::Temp, resultDtype);
    for (int a : args) deps_[in.dst] |= deps_[a];
    prog_.instrs.push_back(in);
    return in.dst;
  }

  // Operand `v` as a value of `dtype`: a tensor value (cast if needed) or a uniform.
  std::optional<int> operand(const Value* v, ScalarType dtype) {
    auto it = tensors_.find(v);
    if (it == tensors_.end()) return scalarValue(v) ? std::optional<int>(uniform(v, dtype)) : std::nullopt;
    int id = it->second.value;
    ScalarType from = prog_.values[id].dtype;
    if (from == dtype) return id;
    TileFn cast = tileCast(from, dtype);
    if (!cast) return std::nullopt;
    return emit(cast, "cast", dtype, {id});
  }

  // The group's last node may be a reduction of the chain's result (tensorexpr_fuser_reductions.h).
  bool lowerReduction(const Node* n, const FusedReduction& r) {
    for (const Node* m = n->next(); m != g_.returnNode(); m = m->next())
      if (m->kind() != prim::Constant) return false;
    auto it = tensors_.find(n->input(0));
    if (it == tensors_.end()) return false;
    std::optional<ScalarType> dtype = r.resultDtype(prog_.values[it->second.value].dtype);
    if (!dtype) return false;
    std::optional<int> in = operand(n->input(0), *dtype);
    // The reduced value must be computed by the chain (not a group input read in place).
    if (!in || prog_.values[*in].kind != TileValueKind::Temp) return false;
    prog_.values[*in].kind = TileValueKind::RowBuffer;
    int out = addValue(TileValueKind::Temp, *dtype);
    deps_[out] = deps_[*in];
    prog_.reduction = TileReduction{r, *in, out, *dtype};
    if (r.kind == FusedReductionKind::LayerNorm) {
      // Weight and bias are read as whole rows from the group's inputs.
      if (r.hasWeight && (prog_.reduction->weightInput = inputIndexOf(n->input(2))) < 0) return false;
      if (r.hasBias && (prog_.reduction->biasInput = inputIndexOf(n->input(3))) < 0) return false;
    }
    tensors_[n->output()] = {out, OperandLevel::Dimensioned};
    return true;
  }

  // A chunk of a value computed in the group: the pointwise nodes that value depends on (its
  // "slice", used by nothing else) are not lowered where they stand but once per piece, at the
  // unpack, over broadcasting views of their inputs.
  bool planComputedChunks() {
    for (const Node* n : g_.nodes()) {
      if (n->kind() != aten::chunk || inputIndexOf(n->input(0)) >= 0) continue;
      const Value* x = n->input(0);
      std::unordered_set<const Node*> slice;
      std::vector<const Value*> todo{x};
      while (!todo.empty()) {
        const Value* v = todo.back();
        todo.pop_back();
        const Node* p = v->node();
        if (inputIndexOf(v) >= 0 || p->kind() == prim::Constant || slice.count(p)) continue;
        if (!fusedOpOf(p) || fusedReductionOf(p)) return false;
        slice.insert(p);
        for (const Value* in : p->inputs()) todo.push_back(in);
      }
      for (const Node* p : slice)
        for (const Use& u : p->output()->uses())
          if (!slice.count(u.user) && u.user != n) return false;  // needed whole elsewhere
      std::vector<const Node*> ordered;
      for (const Node* m : g_.nodes())
        if (slice.count(m)) ordered.push_back(m);
      deferred_.insert(slice.begin(), slice.end());
      computedChunks_[n->output()] = {std::move(ordered), x};
    }
    return true;
  }

  // The pieces of a chunk of a computed value: its slice lowered once per piece.
  bool lowerComputedPieces(const Node* unpack, const TileChunkView& base) {
    const auto& [slice, x] = computedChunks_.at(unpack->input(0));
    std::vector<const Value*> read;  // the dimensioned group inputs the slice reads
    for (const Node* m : slice)
      for (const Value* in : m->inputs())
        if (inputIndexOf(in) >= 0 && tensors_.count(in) && tensors_[in].level == OperandLevel::Dimensioned &&
            std::find(read.begin(), read.end(), in) == read.end())
          read.push_back(in);
    for (size_t k = 0; k < unpack->outputs().size(); ++k) {
      auto saved = tensors_;
      for (const Value* in : read) {
        const int index = static_cast<int>(g_.inputs().size() + prog_.chunkViews.size());
        if (index >= 64) return false;  // input sets are 64-bit masks
        TileChunkView view = base;
        view.input = inputIndexOf(in);
        view.piece = static_cast<int64_t>(k);
        prog_.chunkViews.push_back(view);
        int id = addValue(TileValueKind::Input, prog_.values[tensors_[in].value].dtype, index);
        prog_.inputValues.push_back(id);
        tensors_[in] = {id, OperandLevel::Dimensioned};
      }
      for (const Node* m : slice)
        if (!lower(m)) return false;
      auto it = tensors_.find(x);
      if (it == tensors_.end()) return false;
      const Info piece = it->second;
      tensors_ = std::move(saved);
      tensors_[unpack->output(k)] = piece;
    }
    return true;
  }

  // aten::chunk of a group input, unpacked: each piece becomes an input value of its own.
  bool lowerChunk(const Node* n) {
    if (n->kind() == aten::chunk && computedChunks_.count(n->output())) {
      std::optional<IValue> chunks = toIValue(n->input(1)), dim = toIValue(n->input(2));
      if (!chunks || !dim) return false;
      int rank = 0;
      for (const Node* m : computedChunks_[n->output()].first)
        for (const Value* in : m->inputs())
          if (int i = inputIndexOf(in); i >= 0 && inputs_[i].isTensor())
            rank = std::max(rank, static_cast<int>(inputs_[i].toTensor().dim()));
      TileChunkView view{-1, chunks->toInt(), dim->toInt(), 0, rank, nextSource_++};
      pendingChunks_[n->output()] = view;
      return true;
    }
    if (n->kind() == aten::chunk) {
      const int input = inputIndexOf(n->input(0));
      std::optional<IValue> chunks = toIValue(n->input(1)), dim = toIValue(n->input(2));
      if (input < 0 || !tensors_.count(n->input(0)) || !chunks || !dim) return false;
      pendingChunks_[n->output()] = TileChunkView{input, chunks->toInt(), dim->toInt(), 0};
      return true;
    }
    auto it = pendingChunks_.find(n->input(0));
    if (it == pendingChunks_.end()) return false;
    if (it->second.rank >= 0) return lowerComputedPieces(n, it->second);
    const ScalarType dtype = prog_.values[tensors_[n->input(0)->node()->input(0)].value].dtype;
    for (size_t k = 0; k < n->outputs().size(); ++k) {
      const int index = static_cast<int>(g_.inputs().size() + prog_.chunkViews.size());
      if (index >= 64) return false;  // input sets are 64-bit masks
      TileChunkView view = it->second;
      view.piece = static_cast<int64_t>(k);
      prog_.chunkViews.push_back(view);
      int id = addValue(TileValueKind::Input, dtype, index);
      prog_.inputValues.push_back(id);
      tensors_[n->output(k)] = {id, OperandLevel::Dimensioned};
    }
    return true;
  }

  bool lower(const Node* n) {
    if (auto r = fusedReductionOf(n)) return lowerReduction(n, *r);
    if (n->kind() == aten::chunk || n->kind() == prim::ListUnpack) return lowerChunk(n);
    std::optional<FusedOp> op = fusedOpOf(n);
    if (!op) return false;
    std::vector<FusedOperand> operands;
    OperandLevel level = OperandLevel::Scalar;
    for (int i : op->operands) {
      const Value* v = n->input(i);
      if (auto it = tensors_.find(v); it != tensors_.end()) {
        operands.push_back({prog_.values[it->second.value].dtype, it->second.level});
        level = std::max(level, it->second.level);
      } else if (auto s = scalarOperand(v)) {
        operands.push_back(*s);
      } else {
        return false;
      }
    }
    if (level == OperandLevel::Scalar) return false;
    std::optional<FusedTyping> typing = fusedTyping(n, *op, operands);
    if (!typing) return false;
    std::optional<int> out = lowerOp(n, *op, *typing);
    if (!out) return false;
    tensors_[n->output()] = {*out, level};
    return true;
  }

  std::optional<int> lowerOp(const Node* n, const FusedOp& op, const FusedTyping& t) {
    using K = FusedOpKind;
    const ScalarType c = t.compute;
    const bool isFloat = c == ScalarType::Float || c == ScalarType::Double;
    switch (op.kind) {
      case K::Add:
      case K::Sub:
      case K::Rsub:
      case K::Mul:
      case K::Div: {
        auto a = operand(n->input(0), c), b = operand(n->input(1), c);
        if (!a || !b) return std::nullopt;
        if (op.kind == K::Rsub) std::swap(a, b);
        IValue alpha = op.kind == K::Mul || op.kind == K::Div ? IValue(int64_t{1}) : *toIValue(n->input(2));
        if (isFloat) {
          double al = alpha.isDouble() ? alpha.toDouble() : static_cast<double>(alpha.toInt());
          BinaryArithOp bop = op.kind == K::Mul   ? BinaryArithOp::Mul
                              : op.kind == K::Div ? BinaryArithOp::Div
                                                  : BinaryArithOp::Add;
          int dst = emit(tileFloatBinary(), "binary", t.result, {*a, *b});
          TileInstr& in = prog_.instrs.back();
          in.binary = floatBinaryKernel(bop, c);
          in.binaryOp = bop;
          in.alpha = op.kind == K::Sub || op.kind == K::Rsub ? -al : al;
          return in.binary ? std::optional<int>(dst) : std::nullopt;
        }
        if (c != ScalarType::Long || op.kind == K::Div) return std::nullopt;
        // Rsub's operands were swapped: it computes like Sub.
        int dst = emit(tileIntArith(op.kind == K::Rsub ? K::Sub : op.kind), "int_arith", t.result, {*a, *b});
        prog_.instrs.back().alphaInt = alpha.toInt();
        return dst;
      }
      case K::Minimum:
      case K::Maximum: {
        auto a = operand(n->input(0), c), b = operand(n->input(1), c);
        TileFn fn = tileMinMax(op.kind == K::Maximum, c);
        if (!a || !b || !fn) return std::nullopt;
        return emit(fn, op.kind == K::Maximum ? "maximum" : "minimum", t.result, {*a, *b});
      }
      case K::Eq:
      case K::Ne:
      case K::Lt:
      case K::Le:
      case K::Gt:
      case K::Ge: {
        auto a = operand(n->input(0), c), b = operand(n->input(1), c);
        TileFn fn = tileCompare(op.kind, c);
        if (!a || !b || !fn) return std::nullopt;
        return emit(fn, "compare", ScalarType::Bool, {*a, *b});
      }
      case K::Where: {
        auto cond = operand(n->input(0), ScalarType::Bool);
        auto a = operand(n->input(1), c), b = operand(n->input(2), c);
        TileFn fn = tileWhere(c);
        if (!cond || !a || !b || !fn) return std::nullopt;
        return emit(fn, "where", t.result, {*cond, *a, *b});
      }
      case K::Clamp:
        return lowerClamp(n, c);
      case K::ClampTensor: {
        std::vector<int> args;
        for (int i : op.operands) {
          auto v = operand(n->input(i), c);
          if (!v) return std::nullopt;
          args.push_back(*v);
        }
        const bool hasMin = op.operands[1] == 1, hasMax = op.operands.back() == 2;
        TileFn fn = tileClampTensor(c, hasMin, hasMax);
        if (!fn) return std::nullopt;
        if (args.size() == 3) return emit(fn, "clamp", t.result, {args[0], args[1], args[2]});
        return emit(fn, "clamp", t.result, {args[0], args[1]});
      }
      case K::Unary: {
        auto a = operand(n->input(0), c);
        if (!a) return std::nullopt;
        if (isFloat) {
          int dst = emit(tileFloatUnary(), unaryOpName(op.unary), t.result, {*a});
          prog_.instrs.back().unary = floatUnaryKernel(op.unary, c);
          prog_.instrs.back().unaryOp = op.unary;
          prog_.instrs.back().params = op.params;
          return dst;
        }
        TileFn fn = c == ScalarType::Long ? tileIntArith(K::Unary, op.unary) : nullptr;
        if (!fn) return std::nullopt;
        return emit(fn, unaryOpName(op.unary), t.result, {*a});
      }
      case K::Cast: {
        auto it = tensors_.find(n->input(0));
        if (it == tensors_.end()) return std::nullopt;
        int id = it->second.value;
        TileFn fn = tileCast(prog_.values[id].dtype, c);
        if (!fn) return std::nullopt;
        return emit(fn, "cast", c, {id});
      }
    }
    return std::nullopt;
  }

  std::optional<int> lowerClamp(const Node* n, ScalarType c) {
    auto a = operand(n->input(0), c);
    if (!a) return std::nullopt;
    std::vector<int> args{*a};
    bool has[2] = {false, false};
    for (int i = 0; i < 2; ++i) {
      std::optional<IValue> bound = scalarValue(n->input(1 + i));
      if (!bound) return std::nullopt;
      if (bound->isNone()) continue;
      has[i] = true;
      args.push_back(uniform(n->input(1 + i), c));
    }
    TileFn fn = tileClamp(c, has[0], has[1]);
    if (!fn) return std::nullopt;
    TileInstr in;
    in.fn = fn;
    in.name = "clamp";
    in.clampMin = has[0];
    in.clampMax = has[1];
    for (int x : args) in.args[in.numArgs++] = x;
    in.dst = addValue(TileValueKind::Temp, c);
    for (int x : args) deps_[in.dst] |= deps_[x];
    prog_.instrs.push_back(in);
    return in.dst;
  }

  bool bindOutputs() {
    std::vector<bool> isOutput(prog_.values.size(), false);
    for (size_t i = 0; i < g_.outputs().size(); ++i) {
      auto it = tensors_.find(g_.outputs()[i]);
      if (it == tensors_.end()) return false;
      TileValue& v = prog_.values[it->second.value];
      // An input passed through, or a value returned twice, would need a copy: run unfused. So
      // would the chain's value a reduction reads, were it also an output.
      if (v.kind != TileValueKind::Temp || isOutput[it->second.value]) return false;
      isOutput[it->second.value] = true;
      v.kind = TileValueKind::Output;
      v.index = static_cast<int>(i);
      prog_.outputValues.push_back(it->second.value);
      prog_.outputInputs.push_back(deps_[it->second.value]);
    }
    return true;
  }

  // Tile slots: one per tensor input (filled when an input must be gathered), and temporaries
  // reuse the slots of values no later instruction reads.
  void assignSlots() {
    int next = 0;
    for (TileValue& v : prog_.values)
      if (v.kind == TileValueKind::Input) v.slot = next++;
    std::vector<int> lastUse(prog_.values.size(), -1);
    for (size_t k = 0; k < prog_.instrs.size(); ++k)
      for (int a = 0; a < prog_.instrs[k].numArgs; ++a) lastUse[prog_.instrs[k].args[a]] = static_cast<int>(k);
    std::vector<int> free;
    std::vector<bool> released(prog_.values.size(), false);
    for (size_t k = 0; k < prog_.instrs.size(); ++k) {
      const TileInstr& in = prog_.instrs[k];
      TileValue& d = prog_.values[in.dst];
      if (d.kind == TileValueKind::Temp) {
        if (free.empty()) {
          d.slot = next++;
        } else {
          d.slot = free.back();
          free.pop_back();
        }
      }
      // Released after the destination is chosen: kernels never run in place.
      for (int a = 0; a < in.numArgs; ++a) {
        int id = in.args[a];
        if (prog_.values[id].kind != TileValueKind::Temp || released[id] || lastUse[id] != static_cast<int>(k))
          continue;
        released[id] = true;
        free.push_back(prog_.values[id].slot);
      }
    }
    prog_.numSlots = next;
  }

  const Graph& g_;
  const IValue* inputs_;
  TileProgram prog_;
  std::unordered_map<const Value*, Info> tensors_;
  std::vector<uint64_t> deps_;  // per value: the inputs it depends on
  std::unordered_map<const Value*, TileChunkView> pendingChunks_;  // chunk lists awaiting their unpack
  // chunk lists of computed values: the slice computing the value (in order), and the value
  std::unordered_map<const Value*, std::pair<std::vector<const Node*>, const Value*>> computedChunks_;
  std::unordered_set<const Node*> deferred_;  // lowered per piece, not where they stand
  int nextSource_ = 0;
};

char signatureChar(ScalarType t) {
  switch (t) {
    case ScalarType::Float:
      return 'f';
    case ScalarType::Double:
      return 'd';
    case ScalarType::Long:
      return 'l';
    case ScalarType::Bool:
      return 'b';
    default:
      return '?';
  }
}

}  // namespace

std::optional<TileProgram> compileTileProgram(const Graph& subgraph, const IValue* inputs) {
  return Compiler(subgraph, inputs).run();
}

std::string tileSignature(const IValue* inputs, size_t n) {
  std::string key;
  key.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    const IValue& v = inputs[i];
    if (v.isTensor()) {
      const Tensor& t = v.toTensor();
      if (!t.defined() || !t.is_cpu() || t.requires_grad()) {
        key += "?.";
        continue;
      }
      key += signatureChar(t.scalar_type());
      key += t.dim() == 0 ? '0' : 'n';
    } else {
      key += v.isDouble() ? "F." : v.isInt() ? "I." : v.isBool() ? "B." : "?.";
    }
  }
  return key;
}

std::string TileProgram::str() const {
  std::ostringstream out;
  auto name = [&](int id) {
    const TileValue& v = values[id];
    const char* k = v.kind == TileValueKind::Input       ? "in"
                    : v.kind == TileValueKind::Uniform   ? "u"
                    : v.kind == TileValueKind::Output    ? "out"
                    : v.kind == TileValueKind::RowBuffer ? "row"
                                                         : "t";
    if (v.kind == TileValueKind::RowBuffer) return std::string(k) + ":" + scalarTypeName(v.dtype);
    return std::string(k) + std::to_string(v.kind == TileValueKind::Temp ? v.slot : v.index) + ":" +
           scalarTypeName(v.dtype);
  };
  for (const TileInstr& in : instrs) {
    out << name(in.dst) << " = " << in.name << "(";
    for (int a = 0; a < in.numArgs; ++a) out << (a ? ", " : "") << name(in.args[a]);
    out << ")";
    for (int k = 0; k < in.chainLength; ++k)
      out << (k ? " " : " [") << tileChainOpName(static_cast<TileChainOp>(in.chain[k].op))
          << (in.chain[k].arg < 0 ? std::string() : "@" + std::to_string(in.chain[k].arg))
          << (k + 1 == in.chainLength ? "]" : "");
    out << "\n";
  }
  if (reduction)
    out << name(reduction->output) << " = " << fusedReductionName(reduction->op.kind) << "(" << name(reduction->input)
        << ")\n";
  out << "slots: " << numSlots << "\n";
  return out.str();
}

}  // namespace ember::jit
