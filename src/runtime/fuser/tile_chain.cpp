// Finding register chains in a tile program (see tile_chain.h).
#include "runtime/fuser/tile_chain.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

namespace ember::jit {
namespace {

bool isFloat(ScalarType t) { return t == ScalarType::Float || t == ScalarType::Double; }

std::optional<TileChainOp> unaryStep(UnaryOp op) {
  switch (op) {
    case UnaryOp::Relu: return TileChainOp::Relu;
    case UnaryOp::Sqrt: return TileChainOp::Sqrt;
    case UnaryOp::Rsqrt: return TileChainOp::Rsqrt;
    case UnaryOp::Reciprocal: return TileChainOp::Reciprocal;
    case UnaryOp::Abs: return TileChainOp::Abs;
    case UnaryOp::Neg: return TileChainOp::Neg;
    default: return std::nullopt;
  }
}

// The step of binary instruction `in` when the accumulator is its operand `accPos` (0: a, 1: b)
// and the other operand is x. Add computes a + alpha * b: with alpha 1 or -1 that is a + b or
// a - b rounded once, as a chain computes it.
std::optional<TileChainOp> binaryStep(const TileInstr& in, int accPos) {
  switch (in.binaryOp) {
    case BinaryArithOp::Add:
      if (in.alpha == 1.0) return TileChainOp::Add;
      if (in.alpha == -1.0) return accPos == 0 ? TileChainOp::Sub : TileChainOp::RSub;
      return std::nullopt;
    case BinaryArithOp::Mul: return TileChainOp::Mul;
    case BinaryArithOp::Div: return accPos == 0 ? TileChainOp::Div : TileChainOp::RDiv;
  }
  return std::nullopt;
}

// A float binary or unary instruction a chain covers, all its values of one dtype.
bool chainable(const TileProgram& prog, const TileInstr& in) {
  const ScalarType t = prog.values[in.dst].dtype;
  if (!isFloat(t)) return false;
  for (int a = 0; a < in.numArgs; ++a)
    if (prog.values[in.args[a]].dtype != t) return false;
  if (in.binary) return in.numArgs == 2 && binaryStep(in, 0).has_value();
  if (in.unary) return in.numArgs == 1 && unaryStep(in.unaryOp).has_value();
  if (in.clampMin || in.clampMax) return in.numArgs == 1 + in.clampMin + in.clampMax;
  return false;
}

// Builds one chain instruction step by step; false when a step does not fit.
class ChainBuilder {
 public:
  explicit ChainBuilder(ScalarType dtype) {
    c_.fn = tileChainKernel(dtype);
    c_.name = "chain";
  }

  // The first instruction: the accumulator loads its first operand.
  bool start(const TileInstr& in) {
    if (!push(TileChainOp::Load, in.args[0])) return false;
    if (!in.binary && !in.unary) return clamp(in);
    return in.binary ? push(*binaryStep(in, 0), in.args[1]) : push(*unaryStep(in.unaryOp), -1);
  }

  // A following instruction reading the accumulator (the value `acc`).
  bool extend(const TileInstr& in, int acc) {
    if (in.unary) return push(*unaryStep(in.unaryOp), -1);
    if (!in.binary) return clamp(in);
    const int a = in.args[0], b = in.args[1];
    if (a == acc && b == acc) return push(*binaryStep(in, 0), -1);
    if (a == acc) return push(*binaryStep(in, 0), b);
    return push(*binaryStep(in, 1), a);
  }

  // clamp(acc, lo, hi) with its number bounds (operands 1 and 2, either absent).
  bool clamp(const TileInstr& in) {
    int next = 1;
    if (in.clampMin && !push(TileChainOp::ClampMin, in.args[next++])) return false;
    return !in.clampMax || push(TileChainOp::ClampMax, in.args[next]);
  }

  TileInstr finish(int dst) {
    c_.dst = dst;
    return c_;
  }

 private:
  // Appends a step reading `value` (-1: the accumulator).
  bool push(TileChainOp op, int value) {
    if (c_.chainLength == kMaxChainSteps) return false;
    int arg = -1;
    if (value >= 0) {
      for (int a = 0; a < c_.numArgs; ++a)
        if (c_.args[a] == value) arg = a;
      if (arg < 0) {
        if (c_.numArgs == kMaxTileArgs) return false;
        arg = c_.numArgs;
        c_.args[c_.numArgs++] = value;
      }
    }
    c_.chain[c_.chainLength++] = TileChainStep{static_cast<uint8_t>(op), static_cast<int8_t>(arg)};
    return true;
  }

  TileInstr c_;
};

// EMBER_FUSER_CHAINS=off starts with chains off.
bool chainsFromEnv() {
  const char* v = std::getenv("EMBER_FUSER_CHAINS");
  return !(v && std::strcmp(v, "off") == 0);
}

std::atomic<bool> gChainsEnabled{chainsFromEnv()};

}  // namespace

const char* tileChainOpName(TileChainOp op) {
  static const char* const names[] = {"load", "add",  "sub",   "rsub",       "mul", "div", "rdiv",
                                      "relu", "sqrt", "rsqrt", "reciprocal", "abs", "neg",  "clamp_min", "clamp_max"};
  const auto i = static_cast<size_t>(op);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

void setTileChainsEnabled(bool enabled) { gChainsEnabled = enabled; }

void fuseRegisterChains(TileProgram& prog) {
  if (!gChainsEnabled) return;
  std::vector<int> reads(prog.values.size(), 0);
  for (const TileInstr& in : prog.instrs)
    for (int a = 0; a < in.numArgs; ++a) ++reads[in.args[a]];
  // `next` reads the result of `prev` and nothing else does: a temporary that need not exist.
  auto feeds = [&](const TileInstr& prev, const TileInstr& next) {
    if (prog.values[prev.dst].kind != TileValueKind::Temp || !chainable(prog, next) ||
        prog.values[next.dst].dtype != prog.values[prev.dst].dtype)
      return false;
    int n = 0;
    for (int a = 0; a < next.numArgs; ++a) n += next.args[a] == prev.dst;
    return n > 0 && n == reads[prev.dst];
  };
  std::vector<TileInstr> out;
  const size_t count = prog.instrs.size();
  for (size_t i = 0; i < count;) {
    const TileInstr& first = prog.instrs[i];
    size_t j = i;
    if (chainable(prog, first) && i + 1 < count && feeds(first, prog.instrs[i + 1])) {
      ChainBuilder chain(prog.values[first.dst].dtype);
      chain.start(first);
      while (j + 1 < count && feeds(prog.instrs[j], prog.instrs[j + 1])) {
        ChainBuilder attempt = chain;
        if (!attempt.extend(prog.instrs[j + 1], prog.instrs[j].dst)) break;
        chain = attempt;
        ++j;
      }
      if (j > i) {
        out.push_back(chain.finish(prog.instrs[j].dst));
        i = j + 1;
        continue;
      }
    }
    out.push_back(first);
    ++i;
  }
  prog.instrs = std::move(out);
}

}  // namespace ember::jit
