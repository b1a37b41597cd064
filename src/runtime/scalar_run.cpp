#include "runtime/scalar_run.h"

namespace ember::jit {

namespace {

[[gnu::always_inline]] inline IValue& reg(IValue* regs, uint32_t o) { return regs[o & operand::kIndexMask]; }

// Each returns false when the instruction needs the general loop (nothing was changed then).

[[gnu::always_inline]] inline bool intOp(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const IValue& a = reg(regs, ops[0]);
  const IValue& b = reg(regs, ops[1]);
  if (!a.isInt() || !b.isInt() || intOpRaises(static_cast<ScalarOp>(inst.flags), b.unsafeToInt())) return false;
  scalarArith<int64_t>(inst.flags, a.unsafeToInt(), b.unsafeToInt(), reg(regs, ops[2]));
  return true;
}

[[gnu::always_inline]] inline bool intDivConst(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const IValue& a = reg(regs, ops[0]);
  if (!a.isInt() || static_cast<uint64_t>(a.unsafeToInt()) >= kMaxFastDivisor) return intOp(inst, ops, regs);
  const int64_t r = divideByConstant(static_cast<ScalarOp>(inst.flags), a.unsafeToInt(), reg(regs, ops[1]),
                                     reg(regs, ops[3]));
  reg(regs, ops[2]).setInt(r);
  return true;
}

[[gnu::always_inline]] inline bool floatOp(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const IValue& a = reg(regs, ops[0]);
  const IValue& b = reg(regs, ops[1]);
  if (!a.isDouble() || !b.isDouble()) return false;
  scalarArith<double>(inst.flags, a.unsafeToDouble(), b.unsafeToDouble(), reg(regs, ops[2]));
  return true;
}

// The comparisons: 1 true, 0 false, -1 for the general loop.
[[gnu::always_inline]] inline int compare(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const IValue& a = reg(regs, ops[0]);
  const IValue& b = reg(regs, ops[1]);
  const uint8_t op = inst.flags & ~kCmpFloat;
  if (!(inst.flags & kCmpFloat)) {
    if (!a.isInt() || !b.isInt()) return -1;
    return scalarCompare<int64_t>(op, a.unsafeToInt(), b.unsafeToInt());
  }
  if (!a.isDouble() || !b.isDouble()) return -1;
  return scalarCompare<double>(op, a.unsafeToDouble(), b.unsafeToDouble());
}

[[gnu::always_inline]] inline int intOpCompare(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const IValue& a = reg(regs, ops[0]);
  const IValue& b = reg(regs, ops[1]);
  const IValue& rhs = reg(regs, ops[2]);
  if (!a.isInt() || !b.isInt() || !rhs.isInt()) return -1;
  const auto arith = static_cast<ScalarOp>(inst.flags >> 4);
  int64_t t;
  if (ops[5] != kNoRegister && static_cast<uint64_t>(a.unsafeToInt()) < kMaxFastDivisor) {
    t = divideByConstant(arith, a.unsafeToInt(), b, reg(regs, ops[5]));
  } else {
    if (intOpRaises(arith, b.unsafeToInt())) return -1;
    t = scalarIntArith(arith, a.unsafeToInt(), b.unsafeToInt());
  }
  return scalarCompare<int64_t>(inst.flags & 0xf, t, rhs.unsafeToInt());
}

// The loop test: 1 for another iteration (counter and iteration value updated), 0 to exit.
[[gnu::always_inline]] inline int loopTest(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const uint8_t f = inst.flags;
  if (!(f & kLoopHasTripCount)) {
    if (!(f & kLoopHasCondition)) return 1;
    const IValue& cond = regs[ops[0]];
    return cond.isBool() ? cond.unsafeToInt() != 0 : -1;
  }
  if (ops[0] & operand::kConstant) return -1;
  const IValue& maxTrip = reg(regs, ops[0]);
  IValue& counter = regs[ops[1]];  // only loop instructions write it: always an int
  if (!maxTrip.isInt()) return -1;
  const int64_t n = counter.unsafeToInt();
  if (n >= maxTrip.unsafeToInt()) return 0;
  size_t i = 2;
  if (f & kLoopHasCondition) {
    const IValue& cond = regs[ops[i++]];
    if (!cond.isBool()) return -1;
    if (!cond.unsafeToInt()) return 0;
  }
  counter.setInt(n + 1);
  if (f & kLoopHasIterValue) regs[ops[i]].setInt(n);
  return 1;
}

bool isNumber(const IValue& v) { return v.isInt() || v.isDouble() || v.isBool() || v.isNone(); }

// One register-to-register move of a number (nothing to count or release).
[[gnu::always_inline]] inline bool moveNumber(const Instruction& inst, const uint32_t* ops, IValue* regs) {
  const uint32_t src = ops[0], dst = ops[1];
  if (inst.nIn != 1 || ((src | dst) & (operand::kConstant | operand::kDiscard))) return false;
  IValue& s = reg(regs, src);
  IValue& d = reg(regs, dst);
  if (!isNumber(s) || !isNumber(d)) return false;
  if (&s == &d) return true;
  d = s;
  if (src & operand::kMove) s = IValue();
  return true;
}

}  // namespace

const Instruction* runScalarInstructions(const Instruction* ip, const Instruction* insts, const uint32_t* operands,
                                         IValue* regs) {
  for (;;) {
    const Instruction& inst = *ip;
    const uint32_t* ops = operands + inst.operands;
    int taken;
    switch (inst.op) {
      case OpCode::kIntOp:
        if (!intOp(inst, ops, regs)) return ip;
        ++ip;
        continue;
      case OpCode::kIntDivConst:
        if (!intDivConst(inst, ops, regs)) return ip;
        ++ip;
        continue;
      case OpCode::kFloatOp:
        if (!floatOp(inst, ops, regs)) return ip;
        ++ip;
        continue;
      case OpCode::kCmpJumpFalse:
        taken = compare(inst, ops, regs);
        break;
      case OpCode::kIntOpCmpJumpFalse:
        taken = intOpCompare(inst, ops, regs);
        break;
      case OpCode::kLoop:
        taken = loopTest(inst, ops, regs);
        if (taken < 0) return ip;
        ip = insts + (taken ? ops[inst.nIn] : inst.x);
        continue;
      case OpCode::kJump:
        ip = insts + inst.x;
        continue;
      case OpCode::kJumpFalse: {
        if (ops[0] & operand::kConstant) return ip;
        const IValue& cond = reg(regs, ops[0]);
        if (!cond.isBool()) return ip;
        taken = cond.unsafeToInt() != 0;
        break;
      }
      case OpCode::kMoves:
        if (!moveNumber(inst, ops, regs)) return ip;
        ++ip;
        continue;
      default:
        return ip;
    }
    // The conditional jumps: fall through when true, to x when false.
    if (taken < 0) return ip;
    ip = taken ? ip + 1 : insts + inst.x;
  }
}

}  // namespace ember::jit
