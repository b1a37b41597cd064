// The tile loop (see tile_executor.h).
#include "runtime/fuser/tile_executor.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define EMBER_TILE_X86 1
#endif

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/dtype_convert.h"

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
// bypassing the caches.
void streamCopy(char* dst, const char* src, int64_t bytes) {
#ifdef EMBER_TILE_X86
  for (int64_t i = 0; i < bytes; i += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), _mm_load_si128(reinterpret_cast<const __m128i*>(src + i)));
#else
  std::memcpy(dst, src, static_cast<size_t>(bytes));
#endif
}

void streamFence() {
#ifdef EMBER_TILE_X86
  _mm_sfence();
#endif
}

// Asks for [p, p + bytes) in the L2 cache ahead of use: the tile loop reads its inputs in
// bursts, and without this the memory bus idles while a tile computes.
void prefetchRange(const char* p, int64_t bytes) {
  for (int64_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i, 0, 2);
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

class TileRun {
 public:
  TileRun(const TileProgram& prog, const IValue* inputs, std::vector<int64_t> shape, std::vector<Tensor>& outputs)
      : prog_(prog), shape_(std::move(shape)) {
    for (int id : prog.inputValues)
      plans_.push_back(id >= 0 ? planInput(inputs[prog.values[id].index].toTensor(), shape_) : InputPlan{});
    cells_.resize(prog.uniforms.size());
    for (size_t i = 0; i < cells_.size(); ++i) fillUniform(cells_[i], prog.uniforms[i], inputs);
    bool aligned = true;
    for (const Tensor& o : outputs) {
      outBase_.push_back(static_cast<char*>(o.data_ptr()));
      streaming_ = streaming_ || static_cast<int64_t>(o.nbytes()) >= kStreamingBytes;
      aligned = aligned && (reinterpret_cast<uintptr_t>(o.data_ptr()) & 15) == 0;
    }
    streaming_ = streaming_ && aligned;
    for (size_t id = 0; id < prog.values.size(); ++id) {
      const TileValue& v = prog.values[id];
      const auto es = static_cast<int64_t>(elementSize(v.dtype));
      const int value = static_cast<int>(id);
      if (v.kind == TileValueKind::Input && plans_[v.index].mode == InputMode::Direct) {
        direct_.push_back(value);
        moving_.push_back({value, const_cast<char*>(plans_[v.index].base), es});
      } else if (v.kind == TileValueKind::Input && plans_[v.index].mode == InputMode::Gather) {
        gathered_.push_back(value);
      } else if (v.kind == TileValueKind::Output && !streaming_) {
        moving_.push_back({value, outBase_[v.index], es});
      }
    }
  }

  void runTiles(int64_t firstTile, int64_t endTile, int64_t numel) const {
    thread_local std::vector<char> buffer;
    thread_local std::vector<char*> ptr;
    thread_local std::vector<int64_t> stride;
    const int outSlots = streaming_ ? static_cast<int>(outBase_.size()) : 0;
    const size_t bytes = static_cast<size_t>(prog_.numSlots + outSlots) * kTileSlotBytes + 64;
    if (buffer.size() < bytes) buffer.resize(bytes);
    char* slots = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(buffer.data()) + 63) & ~uintptr_t{63});
    ptr.resize(prog_.values.size());
    stride.resize(prog_.values.size());
    bindValues(slots, ptr.data(), stride.data());
    for (int64_t t = firstTile; t < endTile; ++t) {
      const int64_t start = t * kTileElements, n = std::min(kTileElements, numel - start);
      if (t + 1 < endTile) prefetchNext(start + kTileElements, numel);
      // Only values read or written in place move with the tile; gathered inputs are refilled.
      for (const Moving& m : moving_) ptr[m.value] = m.base + start * m.elementSize;
      for (int id : gathered_) gather(plans_[prog_.values[id].index], shape_, start, n, ptr[id]);
      for (const TileInstr& in : prog_.instrs) {
        char* p[4];
        int64_t s[4];
        p[0] = ptr[in.dst];
        s[0] = stride[in.dst];
        for (int a = 0; a < in.numArgs; ++a) {
          p[1 + a] = ptr[in.args[a]];
          s[1 + a] = stride[in.args[a]];
        }
        in.fn(p, s, n, in);
      }
      if (streaming_) flushOutputs(start, n, ptr.data());
    }
    if (streaming_) streamFence();
  }

 private:
  // A value read or written in place: at base + start * elementSize in each tile.
  struct Moving {
    int value;
    char* base;
    int64_t elementSize;
  };

  // Values whose place is the same in every tile (slots, uniforms); the moving ones and the
  // gathered inputs are set per tile from moving_ and gathered_.
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
          if (streaming_) ptr[id] = slots + (prog_.numSlots + v.index) * kTileSlotBytes;
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
    for (int id : prog_.outputValues) {
      const TileValue& v = prog_.values[id];
      const int64_t es = static_cast<int64_t>(elementSize(v.dtype)), bytes = n * es, whole = bytes & ~int64_t{63};
      char* dst = outBase_[v.index] + start * es;
      streamCopy(dst, ptr[id], whole);
      if (whole < bytes) std::memcpy(dst + whole, ptr[id] + whole, static_cast<size_t>(bytes - whole));
    }
  }

  const TileProgram& prog_;
  std::vector<int64_t> shape_;
  std::vector<InputPlan> plans_;
  std::vector<uint64_t> cells_;
  std::vector<char*> outBase_;
  std::vector<int> direct_;  // the values of inputs read in place
  std::vector<Moving> moving_;
  std::vector<int> gathered_;
  bool streaming_ = false;   // outputs go through slots and streaming stores
};

}  // namespace

bool runTileProgram(const TileProgram& program, const IValue* inputs, size_t numInputs, std::vector<Tensor>& outputs) {
  std::vector<int64_t> shape, outShape;
  if (!broadcastShape(inputs, numInputs, ~uint64_t{0}, shape) || shape.size() > 64) return false;
  for (uint64_t mask : program.outputInputs) {
    if (!broadcastShape(inputs, numInputs, mask, outShape)) return false;
    if (outShape != shape) return false;
  }
  int64_t numel = 1;
  for (int64_t d : shape) numel *= d;
  outputs.clear();
  for (int id : program.outputValues) outputs.push_back(empty(shape, TensorOptions(program.values[id].dtype)));
  if (numel == 0) return true;
  TileRun run(program, inputs, shape, outputs);
  const int64_t tiles = (numel + kTileElements - 1) / kTileElements;
  const int64_t grain = std::max<int64_t>(1, kGrainSize / kTileElements);
  parallelFor(0, tiles, grain, [&](int64_t b, int64_t e) { run.runTiles(b, e, numel); });
  return true;
}

}  // namespace ember::jit
