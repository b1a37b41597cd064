// The tile loop (see tile_executor.h).
#include "runtime/fuser/tile_executor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "ember/error.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "runtime/fuser/tile_stream.h"
#include "tensor/dtype_convert.h"
#include "tensor/kernels/nn_kernels.h"
#include "tensor/kernels/reduce_kernels.h"

namespace ember::jit {
namespace {

enum class InputMode : uint8_t { Direct, Uniform, Gather };

struct InputPlan {
  InputMode mode = InputMode::Direct;
  const char* base = nullptr;
  int64_t elementSize = 0;
  std::vector<int64_t> strides;  // in elements, one per output dimension (0 where broadcast)
};

// The broadcast of the shapes of the tensor inputs whose bit is set in `mask`.
bool broadcastShape(const IValue* inputs, size_t n, uint64_t mask, std::vector<int64_t>& shape) {
  shape.clear();
  for (size_t i = 0; i < n; ++i) {
    if (!(mask >> i & 1) || !inputs[i].isTensor()) continue;
    IntArrayRef s = inputs[i].toTensor().sizes();
    if (s.size() > shape.size()) shape.insert(shape.begin(), s.size() - shape.size(), 1);
    for (size_t k = 0; k < s.size(); ++k) {
      int64_t& d = shape[shape.size() - s.size() + k];
      if (s[k] == d || s[k] == 1) continue;
      if (d != 1) return false;
      d = s[k];
    }
  }
  return true;
}

InputPlan planInput(const Tensor& t, const std::vector<int64_t>& shape) {
  InputPlan p;
  p.base = static_cast<const char*>(t.data_ptr());
  p.elementSize = static_cast<int64_t>(t.element_size());
  size_t r = shape.size(), tr = static_cast<size_t>(t.dim());
  p.strides.assign(r, 0);
  bool allZero = true;
  for (size_t k = 0; k < tr; ++k) {
    size_t d = r - tr + k;
    if (t.sizes()[k] != 1) p.strides[d] = t.strides()[k];
    allZero = allZero && p.strides[d] == 0;
  }
  bool sameShape = tr == r && std::equal(shape.begin(), shape.end(), t.sizes().begin());
  if (allZero)
    p.mode = InputMode::Uniform;
  else if (sameShape && t.is_contiguous())
    p.mode = InputMode::Direct;
  else
    p.mode = InputMode::Gather;
  return p;
}

template <typename E>
void copyRun(char* dst, const char* src, int64_t stride, int64_t n) {
  E* d = reinterpret_cast<E*>(dst);
  if (stride == 1) {
    std::memcpy(d, src, static_cast<size_t>(n) * sizeof(E));
  } else if (stride == 0) {
    E v;
    std::memcpy(&v, src, sizeof(E));
    std::fill(d, d + n, v);
  } else {
    for (int64_t i = 0; i < n; ++i) std::memcpy(d + i, src + i * stride * static_cast<int64_t>(sizeof(E)), sizeof(E));
  }
}

// Copies the input's elements at output positions [start, start + n) into `dst`.
void gather(const InputPlan& p, const std::vector<int64_t>& shape, int64_t start, int64_t n, char* dst) {
  const int64_t r = static_cast<int64_t>(shape.size());
  int64_t idx[64];
  int64_t rem = start, off = 0;
  for (int64_t d = r - 1; d >= 0; --d) {
    idx[d] = rem % shape[d];
    rem /= shape[d];
    off += idx[d] * p.strides[d];
  }
  const int64_t inner = shape[r - 1], innerStride = p.strides[r - 1], es = p.elementSize;
  for (int64_t done = 0; done < n;) {
    int64_t run = std::min(inner - idx[r - 1], n - done);
    const char* src = p.base + off * es;
    char* out = dst + done * es;
    if (es == 8)
      copyRun<uint64_t>(out, src, innerStride, run);
    else if (es == 4)
      copyRun<uint32_t>(out, src, innerStride, run);
    else
      copyRun<uint8_t>(out, src, innerStride, run);
    done += run;
    idx[r - 1] += run;
    off += run * innerStride;
    if (idx[r - 1] < inner) continue;
    off -= inner * innerStride;
    idx[r - 1] = 0;
    for (int64_t d = r - 2; d >= 0; --d) {
      off += p.strides[d];
      if (++idx[d] < shape[d]) break;
      off -= shape[d] * p.strides[d];
      idx[d] = 0;
    }
  }
}

// Outputs at least this large are written with non-temporal stores (from an L1 slot): they would
// not stay in cache anyway, and a streaming store skips reading each output line before
// overwriting it (a third of a chain's memory traffic with two inputs).
constexpr int64_t kStreamingBytes = int64_t{4} << 20;

// Copies `bytes` (a multiple of 64, 64-byte aligned at both ends) from an L1 slot to memory,
// bypassing the caches, with the CPU's widest vectors (tile_stream.h).
void streamCopy(char* dst, const char* src, int64_t bytes) { tileStreamCopy()(dst, src, bytes); }

void streamFence() { tileStreamFence(); }

// Asks for [p, p + bytes) in the L2 cache ahead of use: the tile loop reads its inputs in
// bursts, and without this the memory bus idles while a tile computes.
void prefetchRange(const char* p, int64_t bytes) {
  for (int64_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i, 0, 2);
}

// The input's elements at output positions [start, start + n) in place, when they are one
// contiguous run (the input's innermost dim is contiguous and the positions lie in one row:
// a chunk's piece, a slice of columns), else nullptr (they must be gathered).
const char* inPlaceRun(const InputPlan& p, const std::vector<int64_t>& shape, int64_t start, int64_t n) {
  const int64_t r = static_cast<int64_t>(shape.size());
  if (r == 0 || p.strides[r - 1] != 1 || start % shape[r - 1] + n > shape[r - 1]) return nullptr;
  int64_t rem = start, off = 0;
  for (int64_t d = r - 1; d >= 0; --d) {
    off += rem % shape[d] * p.strides[d];
    rem /= shape[d];
  }
  return p.base + off * p.elementSize;
}

template <typename T>
void storeScalar(uint64_t& cell, const IValue& v) {
  T x;
  if (v.isDouble())
    x = detail::convertValue<T>(v.toDouble());
  else if (v.isInt())
    x = detail::convertValue<T>(v.toInt());
  else
    x = detail::convertValue<T>(v.toBool());
  std::memcpy(&cell, &x, sizeof(T));
}

void fillUniform(uint64_t& cell, const TileUniform& u, const IValue* inputs) {
  const IValue& v = u.inputIndex >= 0 ? inputs[u.inputIndex] : u.constant;
  cell = 0;
  switch (u.dtype) {
    case ScalarType::Float:
      return storeScalar<float>(cell, v);
    case ScalarType::Double:
      return storeScalar<double>(cell, v);
    case ScalarType::Long:
      return storeScalar<int64_t>(cell, v);
    default:
      return storeScalar<bool>(cell, v);
  }
}

// Row mode: the output positions as `rows` rows of `rowLength` (the reduced dims, a suffix of
// the shape), processed in blocks of rowsPerBlock whole rows (short rows: a block fills about a
// tile) or one row per block (long rows, in windows of the row buffer).
struct RowPlan {
  int64_t rows = 0, rowLength = 0, rowsPerBlock = 1, windowElements = 0;
  std::vector<int64_t> outShape;  // the reduction's result
  const void* weight = nullptr;   // layer_norm's, contiguous rows of the reduction's dtype
  const void* bias = nullptr;
};

// Rows longer than this (64K elements: 256 KiB of float32, in L2) are reduced in windows; such
// a softmax row runs unfused.
constexpr int64_t kRowWindow = int64_t{1} << 16;

std::optional<RowPlan> planRows(const TileReduction& red, const std::vector<int64_t>& shape) {
  std::optional<uint64_t> mask = reducedDimMask(red.op, shape.size());
  if (!mask) return std::nullopt;
  const size_t r = shape.size();
  const auto k = static_cast<size_t>(__builtin_popcountll(*mask));
  if (*mask != ((uint64_t{1} << r) - 1) - ((uint64_t{1} << (r - k)) - 1)) return std::nullopt;  // not a suffix
  if (red.op.isRowOp() && red.op.kind != FusedReductionKind::LayerNorm && k != 1) return std::nullopt;
  if (red.op.kind == FusedReductionKind::LayerNorm &&
      !std::equal(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end(), red.op.normalizedShape.begin(),
                  red.op.normalizedShape.end()))
    return std::nullopt;  // the unfused op raises the shape error
  RowPlan p;
  p.rows = 1;
  p.rowLength = 1;
  for (size_t d = 0; d < r; ++d) {
    if (d < r - k) {
      p.rows *= shape[d];
      p.outShape.push_back(shape[d]);
    } else {
      p.rowLength *= shape[d];
      if (red.op.isRowOp())
        p.outShape.push_back(shape[d]);
      else if (red.op.keepdim)
        p.outShape.push_back(1);
    }
  }
  if (p.rows == 0 || p.rowLength == 0) return std::nullopt;  // empty: the unfused op's result or error
  if (red.op.isRowOp() && p.rowLength > kRowWindow) return std::nullopt;
  p.rowsPerBlock = p.rowLength <= kTileElements ? kTileElements / p.rowLength : 1;
  p.windowElements = std::max(std::min(p.rowLength, kRowWindow), p.rowsPerBlock * p.rowLength);
  return p;
}

// One row's reduction with the tensor library's kernels (reduce_kernels.h), as the unfused
// operators call them on a contiguous row: sums in double (mean divides at the end), extremes
// in the element type from +-infinity, softmax on the whole row.
class RowAccumulator {
 public:
  RowAccumulator(const TileReduction& red, int64_t rowLength, const void* weight = nullptr, const void* bias = nullptr)
      : kind_(red.op.kind),
        slot_(reduceSlot(red.dtype)),
        rowLength_(rowLength),
        k_(reduceKernels()),
        weight_(weight),
        bias_(bias),
        eps_(red.op.eps) {}

  void reset() {
    sum_ = 0;
    const double inf = std::numeric_limits<double>::infinity();
    extremeD_ = kind_ == FusedReductionKind::Amax ? -inf : inf;
    extremeF_ = static_cast<float>(extremeD_);
  }

  void add(const char* data, int64_t n) {
    using K = FusedReductionKind;
    switch (kind_) {
      case K::Sum:
      case K::Mean:
        sum_ += k_.sum[slot_][0](data, n);
        break;
      case K::Amax:
      case K::Amin:
        k_.extremeRun[slot_][kind_ == K::Amax](slot_ == 0 ? static_cast<void*>(&extremeF_) : &extremeD_, data, n);
        break;
      default:
        row_ = data;
    }
  }

  // Writes the row's result into `out` (the reduction's output tensor) at row `row`.
  void finish(char* out, int64_t row) const {
    using K = FusedReductionKind;
    const bool f = slot_ == 0;
    switch (kind_) {
      case K::Sum:
      case K::Mean: {
        const double v = kind_ == K::Mean ? sum_ / static_cast<double>(rowLength_) : sum_;
        if (f)
          reinterpret_cast<float*>(out)[row] = static_cast<float>(v);
        else
          reinterpret_cast<double*>(out)[row] = v;
        break;
      }
      case K::Amax:
      case K::Amin:
        if (f)
          reinterpret_cast<float*>(out)[row] = extremeF_;
        else
          reinterpret_cast<double*>(out)[row] = extremeD_;
        break;
      case K::LayerNorm:
        if (f)
          layerNormRow<float>(reinterpret_cast<float*>(out) + row * rowLength_);
        else
          layerNormRow<double>(reinterpret_cast<double*>(out) + row * rowLength_);
        break;
      default:
        k_.softmaxRow[slot_][kind_ == K::LogSoftmax](out + row * rowLength_ * (f ? 4 : 8), row_, rowLength_);
    }
  }

 private:
  FusedReductionKind kind_;
  int slot_;
  int64_t rowLength_;
  const ReduceKernels& k_;
  double sum_ = 0, extremeD_ = 0;
  float extremeF_ = 0;
  const void* weight_;
  const void* bias_;
  double eps_;
  const char* row_ = nullptr;

  // norm_layer.cpp's row: mean and biased variance with the NN row kernels, then the affine.
  template <typename T>
  void layerNormRow(T* y) const {
    const auto& rk = nn::nnRowKernels<T>();
    const T* x = reinterpret_cast<const T*>(row_);
    const T n = static_cast<T>(rowLength_);
    const T m = rk.sum(x, rowLength_) / n;
    const T var = rk.sumSqDev(x, rowLength_, m) / n;
    const T rs = static_cast<T>(1) / std::sqrt(std::max(var, T(0)) + static_cast<T>(eps_));
    rk.normAffine(y, x, rowLength_, rs, -m * rs, static_cast<const T*>(weight_), static_cast<const T*>(bias_));
  }
};

// Where the single output of a program goes when it is a slice of a bigger contiguous tensor (a
// piece of a fused cat along a dim past the first): rows of rowLength elements, rowStride apart.
struct OutputRows {
  int64_t rowLength, rowStride;
};

class TileRun {
 public:
  TileRun(const TileProgram& prog, const IValue* inputs, std::vector<int64_t> shape, std::vector<Tensor>& outputs,
          const RowPlan* rows = nullptr, const OutputRows* outRows = nullptr)
      : prog_(prog), shape_(std::move(shape)), rows_(rows), outRows_(outRows) {
    for (int id : prog.inputValues)
      plans_.push_back(id >= 0 ? planInput(inputs[prog.values[id].index].toTensor(), shape_) : InputPlan{});
    cells_.resize(prog.uniforms.size());
    for (size_t i = 0; i < cells_.size(); ++i) fillUniform(cells_[i], prog.uniforms[i], inputs);
    bool aligned = true;
    for (const Tensor& o : outputs) {
      outBase_.push_back(static_cast<char*>(o.data_ptr()));
      streaming_ = streaming_ || static_cast<int64_t>(o.nbytes()) >= kStreamingBytes;
      aligned = aligned && (reinterpret_cast<uintptr_t>(o.data_ptr()) & 63) == 0;
    }
    streaming_ = streaming_ && aligned && !rows && !outRows;  // row runs start mid line
    slotted_ = streaming_ || outRows;                          // a sliced output is copied out by rows
    std::vector<bool> read(prog.values.size(), false);  // a chunked input is read only through its pieces
    for (const TileInstr& in : prog.instrs)
      for (int a = 0; a < in.numArgs; ++a) read[in.args[a]] = true;
    for (size_t id = 0; id < prog.values.size(); ++id) {
      const TileValue& v = prog.values[id];
      if (v.kind == TileValueKind::Input && !read[id]) continue;
      const auto es = static_cast<int64_t>(elementSize(v.dtype));
      const int value = static_cast<int>(id);
      if (v.kind == TileValueKind::Input && plans_[v.index].mode == InputMode::Direct) {
        direct_.push_back(value);
        moving_.push_back({value, const_cast<char*>(plans_[v.index].base), es});
      } else if (v.kind == TileValueKind::Input && plans_[v.index].mode == InputMode::Gather) {
        gathered_.push_back(value);
      } else if (v.kind == TileValueKind::Output && !slotted_ && !(rows && value == prog.reduction->output)) {
        moving_.push_back({value, outBase_[v.index], es});
      }
    }
  }

  void runTiles(int64_t firstTile, int64_t endTile, int64_t numel) const {
    Scratch& sc = scratch();
    for (int64_t t = firstTile; t < endTile; ++t) {
      const int64_t start = t * kTileElements, n = std::min(kTileElements, numel - start);
      if (t + 1 < endTile) prefetchNext(start + kTileElements, numel);
      runChunk(start, n, sc);
      if (slotted_) flushOutputs(start, n, sc.ptr.data());
    }
    if (streaming_) streamFence();
  }

  // Row mode (the group ends in a reduction): blocks [firstBlock, endBlock) of rows_. The chain
  // runs over each window of a block in chunks of at most a tile, its reduced value landing in
  // the row buffer, which the reduction kernels then read.
  void runRows(int64_t firstBlock, int64_t endBlock) const {
    Scratch& sc = scratch();
    const RowPlan& rp = *rows_;
    const TileReduction& red = *prog_.reduction;
    const int64_t es = static_cast<int64_t>(elementSize(red.dtype));
    const size_t bufBytes = static_cast<size_t>(rp.windowElements * es) + 64;
    if (sc.rowBuffer.size() < bufBytes) sc.rowBuffer.resize(bufBytes);
    char* buf = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(sc.rowBuffer.data()) + 63) & ~uintptr_t{63});
    for (int64_t b = firstBlock; b < endBlock; ++b) {
      const int64_t row0 = b * rp.rowsPerBlock, rowEnd = std::min(rp.rows, row0 + rp.rowsPerBlock);
      RowAccumulator acc(red, rp.rowLength, rp.weight, rp.bias);
      if (rp.rowsPerBlock > 1 || rp.rowLength <= rp.windowElements) {
        // Whole rows in the buffer: run the chain over them, then reduce each.
        const int64_t start = row0 * rp.rowLength, n = (rowEnd - row0) * rp.rowLength;
        fillWindow(start, n, buf, es, sc);
        for (int64_t r = row0; r < rowEnd; ++r) {
          acc.reset();
          acc.add(buf + (r - row0) * rp.rowLength * es, rp.rowLength);
          acc.finish(outBase_[redOut()], r);
        }
      } else {
        // One long row (sum, mean, amax, amin): windows of the buffer, accumulated.
        acc.reset();
        for (int64_t w = 0; w < rp.rowLength; w += rp.windowElements) {
          const int64_t n = std::min(rp.windowElements, rp.rowLength - w);
          fillWindow(row0 * rp.rowLength + w, n, buf, es, sc);
          acc.add(buf, n);
        }
        acc.finish(outBase_[redOut()], row0);
      }
    }
  }

 private:
  struct Scratch {
    std::vector<char> buffer, rowBuffer;
    std::vector<char*> ptr;
    std::vector<int64_t> stride;
    char* slots = nullptr;
  };

  // The calling thread's slot buffer with this run's fixed values bound.
  Scratch& scratch() const {
    thread_local Scratch sc;
    const int outSlots = slotted_ ? static_cast<int>(outBase_.size()) : 0;
    const size_t bytes = static_cast<size_t>(prog_.numSlots + outSlots) * kTileSlotBytes + 64;
    if (sc.buffer.size() < bytes) sc.buffer.resize(bytes);
    sc.slots = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(sc.buffer.data()) + 63) & ~uintptr_t{63});
    sc.ptr.resize(prog_.values.size());
    sc.stride.resize(prog_.values.size());
    bindValues(sc.slots, sc.ptr.data(), sc.stride.data());
    return sc;
  }

  int redOut() const { return prog_.values[prog_.reduction->output].index; }

  // Runs the chain over output positions [start, start + n) (n at most a tile).
  void runChunk(int64_t start, int64_t n, Scratch& sc) const {
    char** ptr = sc.ptr.data();
    const int64_t* stride = sc.stride.data();
    // Only values read or written in place move with the tile; gathered inputs are refilled.
    for (const Moving& m : moving_) ptr[m.value] = m.base + start * m.elementSize;
    for (int id : gathered_) {
      const InputPlan& p = plans_[prog_.values[id].index];
      if (const char* run = inPlaceRun(p, shape_, start, n)) {
        ptr[id] = const_cast<char*>(run);
      } else {
        ptr[id] = sc.slots + prog_.values[id].slot * kTileSlotBytes;
        gather(p, shape_, start, n, ptr[id]);
      }
    }
    for (const TileInstr& in : prog_.instrs) {
      char* p[kMaxTileArgs + 1];
      int64_t s[kMaxTileArgs + 1];
      p[0] = ptr[in.dst];
      s[0] = stride[in.dst];
      for (int a = 0; a < in.numArgs; ++a) {
        p[1 + a] = ptr[in.args[a]];
        s[1 + a] = stride[in.args[a]];
      }
      in.fn(p, s, n, in);
    }
  }

  // Runs the chain over [start, start + n) in tiles, the reduced value going to buf[0, n).
  void fillWindow(int64_t start, int64_t n, char* buf, int64_t es, Scratch& sc) const {
    for (int64_t c = 0; c < n; c += kTileElements) {
      sc.ptr[prog_.reduction->input] = buf + c * es;
      runChunk(start + c, std::min(kTileElements, n - c), sc);
    }
  }

 private:
  // A value read or written in place: at base + start * elementSize in each tile.
  struct Moving {
    int value;
    char* base;
    int64_t elementSize;
  };

  // Values whose place is the same in every tile (slots, uniforms); the moving ones, the
  // gathered inputs and the row buffer are set per tile.
  void bindValues(char* slots, char** ptr, int64_t* stride) const {
    for (size_t id = 0; id < prog_.values.size(); ++id) {
      const TileValue& v = prog_.values[id];
      stride[id] = static_cast<int64_t>(elementSize(v.dtype));
      switch (v.kind) {
        case TileValueKind::Input: {
          const InputPlan& p = plans_[v.index];
          if (p.mode == InputMode::Uniform) {
            ptr[id] = const_cast<char*>(p.base);
            stride[id] = 0;
          } else if (p.mode == InputMode::Gather) {
            ptr[id] = slots + v.slot * kTileSlotBytes;
          }
          break;
        }
        case TileValueKind::Uniform:
          ptr[id] = reinterpret_cast<char*>(const_cast<uint64_t*>(&cells_[v.index]));
          stride[id] = 0;
          break;
        case TileValueKind::Temp:
          ptr[id] = slots + v.slot * kTileSlotBytes;
          break;
        case TileValueKind::Output:
          if (slotted_) ptr[id] = slots + (prog_.numSlots + v.index) * kTileSlotBytes;
          break;
        case TileValueKind::RowBuffer:
          break;
      }
    }
  }

  void prefetchNext(int64_t start, int64_t numel) const {
    const int64_t n = std::min(kTileElements, numel - start);
    for (int id : direct_) {
      const InputPlan& p = plans_[prog_.values[id].index];
      prefetchRange(p.base + start * p.elementSize, n * p.elementSize);
    }
  }

  // Writes the tile's outputs from their slots. Tiles start 64-byte aligned in the (aligned)
  // output; a last partial tile's tail that is not a whole line is copied normally.
  void flushOutputs(int64_t start, int64_t n, char* const* ptr) const {
    if (outRows_) return copyOutRows(start, n, ptr[prog_.outputValues[0]]);
    for (int id : prog_.outputValues) {
      const TileValue& v = prog_.values[id];
      const int64_t es = static_cast<int64_t>(elementSize(v.dtype)), bytes = n * es, whole = bytes & ~int64_t{63};
      char* dst = outBase_[v.index] + start * es;
      streamCopy(dst, ptr[id], whole);
      if (whole < bytes) std::memcpy(dst + whole, ptr[id] + whole, static_cast<size_t>(bytes - whole));
    }
  }

  // The tile [start, start + n) of the single output, from its slot into its rows.
  void copyOutRows(int64_t start, int64_t n, const char* src) const {
    const int64_t es = static_cast<int64_t>(elementSize(prog_.values[prog_.outputValues[0]].dtype));
    const int64_t len = outRows_->rowLength;
    for (int64_t i = start, end = start + n; i < end;) {
      const int64_t row = i / len, col = i % len, take = std::min(len - col, end - i);
      std::memcpy(outBase_[0] + (row * outRows_->rowStride + col) * es, src + (i - start) * es,
                  static_cast<size_t>(take * es));
      i += take;
    }
  }

  const TileProgram& prog_;
  std::vector<int64_t> shape_;
  const RowPlan* rows_;
  const OutputRows* outRows_;
  std::vector<InputPlan> plans_;
  std::vector<uint64_t> cells_;
  std::vector<char*> outBase_;
  std::vector<int> direct_;  // the values of inputs read in place
  std::vector<Moving> moving_;
  std::vector<int> gathered_;
  bool streaming_ = false;   // outputs go through slots and streaming stores
  bool slotted_ = false;     // outputs go through slots (streaming, or a sliced output)
};

// A program ending in a reduction, row by row; false (run unfused) for shapes planRows declines.
bool runReducing(const TileProgram& program, const IValue* inputs, const std::vector<int64_t>& shape,
                 std::vector<Tensor>& outputs) {
  std::optional<RowPlan> plan = planRows(*program.reduction, shape);
  if (!plan) return false;
  const TileReduction& red = *program.reduction;
  for (int which = 0; which < 2; ++which) {
    const int index = which == 0 ? red.weightInput : red.biasInput;
    if (index < 0) continue;
    // layer_norm's weight/bias: of normalized_shape and the input's dtype, else the unfused op.
    const IValue& v = inputs[index];
    if (!v.isTensor() || !v.toTensor().defined()) return false;
    const Tensor& t = v.toTensor();
    if (t.scalar_type() != red.dtype || t.sizes() != IntArrayRef(red.op.normalizedShape) || !t.is_contiguous())
      return false;
    (which == 0 ? plan->weight : plan->bias) = t.data_ptr();
  }
  outputs.clear();
  for (int id : program.outputValues)
    outputs.push_back(empty(id == program.reduction->output ? plan->outShape : shape,
                            TensorOptions(program.values[id].dtype)));
  TileRun run(program, inputs, shape, outputs, &*plan);
  const int64_t blocks = (plan->rows + plan->rowsPerBlock - 1) / plan->rowsPerBlock;
  const int64_t grain = std::max<int64_t>(1, kGrainSize / (plan->rowsPerBlock * plan->rowLength));
  parallelFor(0, blocks, grain, [&](int64_t b, int64_t e) { run.runRows(b, e); });
  return true;
}

// A broadcasting view (TileChunkView::rank): the input whole where it broadcasts along the dim,
// else its piece; nullopt for pieces of unequal size (the unfused operators then run).
std::optional<Tensor> broadcastingPiece(const TileChunkView& v, const IValue& x) {
  if (!x.isTensor() || !x.toTensor().defined()) return std::nullopt;
  const Tensor& t = x.toTensor();
  const int64_t rank = v.rank, dim = v.dim < 0 ? v.dim + rank : v.dim;
  if (t.dim() > rank || dim < 0 || dim >= rank || v.chunks <= 0) return std::nullopt;
  const int64_t d = dim - (rank - t.dim());
  if (d < 0 || t.size(d) == 1) return t;
  if (t.size(d) % v.chunks != 0) return std::nullopt;
  const int64_t size = t.size(d) / v.chunks;
  return t.narrow(d, v.piece * size, size);
}

// The group's inputs followed by the pieces of its chunked inputs (TileProgram::chunkViews);
// false when a chunk does not give the pieces the program expects (the unfused ops then run,
// and raise any error).
bool withChunkViews(const TileProgram& program, const IValue* inputs, size_t numInputs, std::vector<IValue>& out) {
  out.assign(inputs, inputs + numInputs);
  std::vector<Tensor> pieces;
  const TileChunkView* last = nullptr;
  std::vector<int> splitSources;  // computed chunks with an input actually split
  for (const TileChunkView& v : program.chunkViews) {
    if (v.rank >= 0) {
      std::optional<Tensor> piece = broadcastingPiece(v, inputs[v.input]);
      if (!piece) return false;
      if (piece->dim() > 0 && !piece->is_same(inputs[v.input].toTensor())) splitSources.push_back(v.source);
      out.emplace_back(std::move(*piece));
      continue;
    }
    if (!last || last->input != v.input || last->chunks != v.chunks || last->dim != v.dim) {
      const IValue& x = inputs[v.input];
      if (!x.isTensor() || x.toTensor().dim() == 0) return false;
      try {
        pieces = chunk(x.toTensor(), v.chunks, v.dim);
      } catch (const Error&) {
        return false;
      }
      last = &v;
    }
    if (static_cast<int64_t>(pieces.size()) != v.chunks) return false;
    out.emplace_back(pieces[static_cast<size_t>(v.piece)]);
  }
  // A computed value of size 1 along the dim (every input broadcast) has a single piece: the
  // unfused unpack raises.
  for (const TileChunkView& v : program.chunkViews)
    if (v.rank >= 0 && v.chunks > 1 && std::find(splitSources.begin(), splitSources.end(), v.source) == splitSources.end())
      return false;
  return true;
}


// The inputs the program reads (the group's, then its chunk pieces) and its iteration shape:
// the broadcast of every input an output depends on (a chunked input counts through its
// pieces); false when these inputs need the unfused path.
bool planIteration(const TileProgram& program, const IValue* groupInputs, size_t numGroupInputs,
                   std::vector<IValue>& extended, const IValue*& inputs, size_t& numInputs,
                   std::vector<int64_t>& shape) {
  inputs = groupInputs;
  numInputs = numGroupInputs;
  if (!program.chunkViews.empty()) {
    if (!withChunkViews(program, groupInputs, numGroupInputs, extended)) return false;
    inputs = extended.data();
    numInputs = extended.size();
  }
  uint64_t shapeMask = 0;
  for (uint64_t mask : program.outputInputs) shapeMask |= mask;
  std::vector<int64_t> outShape;
  if (!broadcastShape(inputs, numInputs, shapeMask, shape) || shape.size() > 64) return false;
  for (uint64_t mask : program.outputInputs) {
    if (!broadcastShape(inputs, numInputs, mask, outShape)) return false;
    if (outShape != shape) return false;
  }
  return true;
}

void runAllTiles(const TileRun& run, int64_t numel) {
  const int64_t tiles = (numel + kTileElements - 1) / kTileElements;
  const int64_t grain = std::max<int64_t>(1, kGrainSize / kTileElements);
  parallelFor(0, tiles, grain, [&](int64_t b, int64_t e) { run.runTiles(b, e, numel); });
}

}  // namespace

bool runTileProgram(const TileProgram& program, const IValue* groupInputs, size_t numGroupInputs,
                    std::vector<Tensor>& outputs) {
  std::vector<IValue> extended;
  const IValue* inputs = nullptr;
  size_t numInputs = 0;
  std::vector<int64_t> shape;
  if (!planIteration(program, groupInputs, numGroupInputs, extended, inputs, numInputs, shape)) return false;
  int64_t numel = 1;
  for (int64_t d : shape) numel *= d;
  if (program.reduction) return runReducing(program, inputs, shape, outputs);
  outputs.clear();
  for (int id : program.outputValues) outputs.push_back(empty(shape, TensorOptions(program.values[id].dtype)));
  if (numel == 0) return true;
  TileRun run(program, inputs, shape, outputs);
  runAllTiles(run, numel);
  return true;
}

std::optional<std::vector<int64_t>> tileProgramShape(const TileProgram& program, const IValue* groupInputs,
                                                     size_t numGroupInputs) {
  std::vector<IValue> extended;
  const IValue* inputs = nullptr;
  size_t numInputs = 0;
  std::vector<int64_t> shape;
  if (program.reduction || program.outputValues.size() != 1 ||
      !planIteration(program, groupInputs, numGroupInputs, extended, inputs, numInputs, shape))
    return std::nullopt;
  return shape;
}

bool runTileProgramInto(const TileProgram& program, const IValue* groupInputs, size_t numGroupInputs,
                        const Tensor& whole, int64_t dim, int64_t offset) {
  std::vector<IValue> extended;
  const IValue* inputs = nullptr;
  size_t numInputs = 0;
  std::vector<int64_t> shape;
  if (program.reduction || program.outputValues.size() != 1 ||
      !planIteration(program, groupInputs, numGroupInputs, extended, inputs, numInputs, shape))
    return false;
  const int64_t rank = whole.dim();
  if (static_cast<int64_t>(shape.size()) != rank || dim < 0 || dim >= rank || !whole.is_contiguous() ||
      whole.scalar_type() != program.values[program.outputValues[0]].dtype)
    return false;
  int64_t numel = 1, outer = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != dim && shape[d] != whole.size(d)) return false;
    numel *= shape[d];
    if (d < dim) outer *= shape[d];
    if (d > dim) inner *= shape[d];
  }
  if (offset < 0 || offset + shape[dim] > whole.size(dim)) return false;
  if (numel == 0) return true;
  std::vector<Tensor> outputs{whole.narrow(dim, offset, shape[dim])};
  if (outer == 1) {  // the slice is contiguous: written like a whole output
    TileRun run(program, inputs, shape, outputs);
    runAllTiles(run, numel);
    return true;
  }
  const OutputRows rows{shape[dim] * inner, whole.size(dim) * inner};
  TileRun run(program, inputs, shape, outputs, nullptr, &rows);
  runAllTiles(run, numel);
  return true;
}

}  // namespace ember::jit
