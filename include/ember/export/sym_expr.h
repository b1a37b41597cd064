// Symbolic scalar expressions for the Export IR (the values behind SymInt, SymFloat and SymBool),
// with a small simplifier instead of sympy.
//
//   SymExpr s0 = SymExpr::symbol("batch");
//   SymExpr n = s0 * 3 + 2 - s0;          // 2*batch + 2
//   (n % 2).isConst()                     // true: every coefficient is even, so 0
//   SymExpr::lt(s0, 1).boolRange(ranges)  // decided false when batch >= 2
//
// Expressions are immutable trees shared by pointer. Sums and products are kept in a canonical
// form (constants folded, like terms collected, factors sorted by their printed form, constant
// factors distributed over sums), so structurally equal expressions print equally and the
// difference of two equal expressions folds to 0. FloorDiv and Mod fold when every coefficient is
// divisible by a constant divisor. Comparisons fold when interval arithmetic over the symbols'
// ranges decides them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ember::exporter {

enum class SymOp : uint8_t {
  Const, Symbol,                   // leaves
  Add, Mul, FloorDiv, Mod, Max, Min, TrueDiv,
  Eq, Ne, Lt, Le, Gt, Ge,          // comparisons: bool-valued
  And, Or, Not,
};
enum class SymKind : uint8_t { Int, Float, Bool };

// Inclusive range of a symbol's values.
struct SymRange {
  int64_t min = 0;
  int64_t max = INT64_MAX;
};
using SymRanges = std::map<std::string, SymRange>;
using SymValues = std::map<std::string, int64_t>;

class SymExpr {
 public:
  struct Node;
  SymExpr() : SymExpr(int64_t{0}) {}
  SymExpr(int64_t v);  // NOLINT: literal ints are SymInts
  static SymExpr constant(int64_t v) { return SymExpr(v); }
  static SymExpr floatConstant(double v);
  static SymExpr boolConstant(bool v);
  static SymExpr symbol(const std::string& name);

  SymOp op() const;
  SymKind kind() const;
  bool isConst() const { return op() == SymOp::Const; }
  bool isSymbol() const { return op() == SymOp::Symbol; }
  // The constant's value (ints, bools as 0/1); throws if not constant.
  int64_t constValue() const;
  double floatValue() const;
  const std::string& symbolName() const;
  const std::vector<SymExpr>& args() const;
  // The symbols it mentions, sorted.
  std::vector<std::string> freeSymbols() const;

  // sympy-like text: `2*batch + 1`, `batch//2`, `Mod(batch, 2)`, `Eq(batch, 4)`, `batch < 4`.
  std::string str() const;
  bool sameAs(const SymExpr& other) const { return str() == other.str(); }

  // Value with every symbol bound; throws naming an unbound symbol or on division by zero.
  int64_t evaluate(const SymValues& values) const;
  double evaluateFloat(const SymValues& values) const;
  // Bounds over the symbols' ranges (unlisted symbols: [0, INT64_MAX]); nullopt when unknown.
  std::optional<SymRange> bounds(const SymRanges& ranges) const;
  // A bool expression decided by the ranges alone.
  std::optional<bool> decide(const SymRanges& ranges) const;

  static SymExpr add(const SymExpr& a, const SymExpr& b);
  static SymExpr mul(const SymExpr& a, const SymExpr& b);
  static SymExpr floorDiv(const SymExpr& a, const SymExpr& b);
  static SymExpr mod(const SymExpr& a, const SymExpr& b);
  static SymExpr trueDiv(const SymExpr& a, const SymExpr& b);
  static SymExpr max(const SymExpr& a, const SymExpr& b);
  static SymExpr min(const SymExpr& a, const SymExpr& b);
  static SymExpr compare(SymOp op, const SymExpr& a, const SymExpr& b);
  static SymExpr eq(const SymExpr& a, const SymExpr& b) { return compare(SymOp::Eq, a, b); }
  static SymExpr lt(const SymExpr& a, const SymExpr& b) { return compare(SymOp::Lt, a, b); }
  static SymExpr logicalAnd(const SymExpr& a, const SymExpr& b);
  static SymExpr logicalOr(const SymExpr& a, const SymExpr& b);
  static SymExpr logicalNot(const SymExpr& a);

  friend SymExpr operator+(const SymExpr& a, const SymExpr& b) { return add(a, b); }
  friend SymExpr operator-(const SymExpr& a, const SymExpr& b) { return add(a, mul(b, -1)); }
  friend SymExpr operator*(const SymExpr& a, const SymExpr& b) { return mul(a, b); }
  friend SymExpr operator%(const SymExpr& a, const SymExpr& b) { return mod(a, b); }

 private:
  explicit SymExpr(std::shared_ptr<const Node> n) : node_(std::move(n)) {}
  static SymExpr make(SymOp op, SymKind kind, std::vector<SymExpr> args);
  std::shared_ptr<const Node> node_;
};

// The Export IR's scalar types: literal or symbolic. They are thin names for SymExpr.
using SymInt = SymExpr;
using SymFloat = SymExpr;
using SymBool = SymExpr;

}  // namespace ember::exporter
