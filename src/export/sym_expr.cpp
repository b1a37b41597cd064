// The symbolic-expression engine: canonicalising constructors, printing, evaluation and interval
// bounds. Canonical sums are `coef*factors + ... + const` with terms sorted by their printed
// factors; canonical products are `coef*f1*f2...` with the factors sorted.
#include "ember/export/sym_expr.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "ember/error.h"

namespace ember::exporter {

struct SymExpr::Node {
  SymOp op;
  SymKind kind;
  int64_t ival = 0;
  double fval = 0;
  std::string name;
  std::vector<SymExpr> args;
  std::string text;  // printed form, the canonical key
};

namespace {

int64_t pyFloorDiv(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "symbolic expression: integer division by zero");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t pyMod(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "symbolic expression: integer modulo by zero");
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int64_t satAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return (a > 0) ? INT64_MAX : INT64_MIN;
  return r;
}

int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return ((a > 0) == (b > 0)) ? INT64_MAX : INT64_MIN;
  return r;
}

std::string floatRepr(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  std::string t = s.str();
  if (t.find_first_of(".eni") == std::string::npos) t += ".0";
  return t;
}

bool needsParens(const SymExpr& e) { return e.op() == SymOp::Add; }

std::string wrapped(const SymExpr& e) { return needsParens(e) ? "(" + e.str() + ")" : e.str(); }

// A term of a sum: coefficient times a non-constant factor (null factor: a constant term).
struct Term {
  int64_t coef;
  std::optional<SymExpr> factor;
};

}  // namespace

SymExpr::SymExpr(int64_t v) {
  auto n = std::make_shared<Node>();
  n->op = SymOp::Const;
  n->kind = SymKind::Int;
  n->ival = v;
  n->text = std::to_string(v);
  node_ = std::move(n);
}

SymExpr SymExpr::floatConstant(double v) {
  auto n = std::make_shared<Node>();
  n->op = SymOp::Const;
  n->kind = SymKind::Float;
  n->fval = v;
  n->text = floatRepr(v);
  return SymExpr(std::shared_ptr<const Node>(std::move(n)));
}

SymExpr SymExpr::boolConstant(bool v) {
  auto n = std::make_shared<Node>();
  n->op = SymOp::Const;
  n->kind = SymKind::Bool;
  n->ival = v ? 1 : 0;
  n->text = v ? "True" : "False";
  return SymExpr(std::shared_ptr<const Node>(std::move(n)));
}

SymExpr SymExpr::symbol(const std::string& name) {
  EMBER_CHECK(!name.empty(), "symbolic expression: a symbol needs a name");
  auto n = std::make_shared<Node>();
  n->op = SymOp::Symbol;
  n->kind = SymKind::Int;
  n->name = name;
  n->text = name;
  return SymExpr(std::shared_ptr<const Node>(std::move(n)));
}

SymOp SymExpr::op() const { return node_->op; }
SymKind SymExpr::kind() const { return node_->kind; }
const std::string& SymExpr::symbolName() const { return node_->name; }
const std::vector<SymExpr>& SymExpr::args() const { return node_->args; }
std::string SymExpr::str() const { return node_->text; }

int64_t SymExpr::constValue() const {
  EMBER_CHECK(isConst(), "symbolic expression '", str(), "' is not a constant");
  return kind() == SymKind::Float ? static_cast<int64_t>(node_->fval) : node_->ival;
}

double SymExpr::floatValue() const {
  EMBER_CHECK(isConst(), "symbolic expression '", str(), "' is not a constant");
  return kind() == SymKind::Float ? node_->fval : static_cast<double>(node_->ival);
}

std::vector<std::string> SymExpr::freeSymbols() const {
  std::vector<std::string> out;
  std::vector<const SymExpr*> work{this};
  while (!work.empty()) {
    const SymExpr* e = work.back();
    work.pop_back();
    if (e->isSymbol()) out.push_back(e->symbolName());
    for (const SymExpr& a : e->args()) work.push_back(&a);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

SymExpr SymExpr::make(SymOp op, SymKind kind, std::vector<SymExpr> args) {
  auto n = std::make_shared<Node>();
  n->op = op;
  n->kind = kind;
  n->args = std::move(args);
  const auto& a = n->args;
  std::string t;
  switch (op) {
    case SymOp::Add:
      t = a[0].str();
      for (size_t i = 1; i < a.size(); ++i) {
        std::string s = a[i].str();
        if (!s.empty() && s[0] == '-') t += " - " + s.substr(1);
        else t += " + " + s;
      }
      break;
    case SymOp::Mul:
      for (size_t i = 0; i < a.size(); ++i) {
        if (i == 0 && a[0].isConst() && a[0].constValue() == -1 && a.size() > 1) {
          t = "-";
          continue;
        }
        if (!t.empty() && t != "-") t += "*";
        t += wrapped(a[i]);
      }
      break;
    case SymOp::FloorDiv: t = wrapped(a[0]) + "//" + wrapped(a[1]); break;
    case SymOp::TrueDiv: t = wrapped(a[0]) + "/" + wrapped(a[1]); break;
    case SymOp::Mod: t = "Mod(" + a[0].str() + ", " + a[1].str() + ")"; break;
    case SymOp::Max: t = "Max(" + a[0].str() + ", " + a[1].str() + ")"; break;
    case SymOp::Min: t = "Min(" + a[0].str() + ", " + a[1].str() + ")"; break;
    case SymOp::Eq: t = "Eq(" + a[0].str() + ", " + a[1].str() + ")"; break;
    case SymOp::Ne: t = "Ne(" + a[0].str() + ", " + a[1].str() + ")"; break;
    case SymOp::Lt: t = a[0].str() + " < " + a[1].str(); break;
    case SymOp::Le: t = a[0].str() + " <= " + a[1].str(); break;
    case SymOp::Gt: t = a[0].str() + " > " + a[1].str(); break;
    case SymOp::Ge: t = a[0].str() + " >= " + a[1].str(); break;
    case SymOp::And: t = "(" + a[0].str() + ") & (" + a[1].str() + ")"; break;
    case SymOp::Or: t = "(" + a[0].str() + ") | (" + a[1].str() + ")"; break;
    case SymOp::Not: t = "~(" + a[0].str() + ")"; break;
    default: EMBER_ASSERT(false, "SymExpr::make on a leaf");
  }
  n->text = std::move(t);
  return SymExpr(std::shared_ptr<const Node>(std::move(n)));
}

namespace {

Term termOf(const SymExpr& e) {
  if (e.isConst()) return {e.constValue(), std::nullopt};
  if (e.op() == SymOp::Mul && e.args()[0].isConst()) {
    std::vector<SymExpr> rest(e.args().begin() + 1, e.args().end());
    SymExpr f = rest.size() == 1 ? rest[0] : rest[0];
    for (size_t i = 1; i < rest.size(); ++i) f = f * rest[i];
    return {e.args()[0].constValue(), f};
  }
  return {1, e};
}

// Every coefficient of `e` (as a sum of terms) divisible by c.
bool allDivisible(const SymExpr& e, int64_t c) {
  std::vector<SymExpr> terms = e.op() == SymOp::Add ? e.args() : std::vector<SymExpr>{e};
  for (const SymExpr& t : terms)
    if (termOf(t).coef % c != 0) return false;
  return true;
}

SymExpr divideCoefficients(const SymExpr& e, int64_t c) {
  std::vector<SymExpr> terms = e.op() == SymOp::Add ? e.args() : std::vector<SymExpr>{e};
  SymExpr out(0);
  for (const SymExpr& t : terms) {
    Term term = termOf(t);
    out = out + (term.factor ? SymExpr(term.coef / c) * *term.factor : SymExpr(term.coef / c));
  }
  return out;
}

std::vector<SymExpr> factorsOf(const SymExpr& f) {
  return f.op() == SymOp::Mul ? f.args() : std::vector<SymExpr>{f};
}

// a / b when b is one term (coef * factors) that divides every term of a: 12*s0*s1 / (3*s0) = 4*s1.
std::optional<SymExpr> divideExactly(const SymExpr& a, const SymExpr& b) {
  if (b.op() == SymOp::Add || b.isConst()) return std::nullopt;
  Term tb = termOf(b);
  if (tb.coef <= 0) return std::nullopt;
  std::vector<SymExpr> divisorFactors = factorsOf(*tb.factor);
  for (const SymExpr& f : divisorFactors)
    if (f.op() != SymOp::Symbol) return std::nullopt;
  std::vector<SymExpr> terms = a.op() == SymOp::Add ? a.args() : std::vector<SymExpr>{a};
  SymExpr out(0);
  for (const SymExpr& t : terms) {
    Term ta = termOf(t);
    if (!ta.factor || ta.coef % tb.coef != 0) return std::nullopt;
    std::vector<SymExpr> fs = factorsOf(*ta.factor);
    for (const SymExpr& d : divisorFactors) {
      auto it = std::find_if(fs.begin(), fs.end(), [&](const SymExpr& x) { return x.sameAs(d); });
      if (it == fs.end()) return std::nullopt;
      fs.erase(it);
    }
    SymExpr q(ta.coef / tb.coef);
    for (const SymExpr& f : fs) q = q * f;
    out = out + q;
  }
  return out;
}

bool isFloat(const SymExpr& a, const SymExpr& b) { return a.kind() == SymKind::Float || b.kind() == SymKind::Float; }

}  // namespace

SymExpr SymExpr::add(const SymExpr& a, const SymExpr& b) {
  if (isFloat(a, b)) {
    if (a.isConst() && b.isConst()) return floatConstant(a.floatValue() + b.floatValue());
    return make(SymOp::Add, SymKind::Float, {a, b});
  }
  std::map<std::string, Term> terms;
  int64_t constant = 0;
  for (const SymExpr* side : {&a, &b}) {
    std::vector<SymExpr> parts = side->op() == SymOp::Add ? side->args() : std::vector<SymExpr>{*side};
    for (const SymExpr& p : parts) {
      Term t = termOf(p);
      if (!t.factor) {
        constant += t.coef;
        continue;
      }
      auto [it, fresh] = terms.try_emplace(t.factor->str(), t);
      if (!fresh) it->second.coef += t.coef;
    }
  }
  std::vector<SymExpr> args;
  for (auto& [key, t] : terms) {
    if (t.coef == 0) continue;
    if (t.coef == 1) args.push_back(*t.factor);
    else {
      std::vector<SymExpr> fs{SymExpr(t.coef)};
      if (t.factor->op() == SymOp::Mul) fs.insert(fs.end(), t.factor->args().begin(), t.factor->args().end());
      else fs.push_back(*t.factor);
      args.push_back(make(SymOp::Mul, SymKind::Int, std::move(fs)));
    }
  }
  if (constant != 0 || args.empty()) args.emplace_back(constant);
  if (args.size() == 1) return args[0];
  return make(SymOp::Add, SymKind::Int, std::move(args));
}

SymExpr SymExpr::mul(const SymExpr& a, const SymExpr& b) {
  if (isFloat(a, b)) {
    if (a.isConst() && b.isConst()) return floatConstant(a.floatValue() * b.floatValue());
    return make(SymOp::Mul, SymKind::Float, {a, b});
  }
  if (b.isConst() && !a.isConst()) return mul(b, a);
  if (a.isConst()) {
    int64_t c = a.constValue();
    if (b.isConst()) return SymExpr(c * b.constValue());
    if (c == 0) return SymExpr(0);
    if (c == 1) return b;
    if (b.op() == SymOp::Add) {
      SymExpr out(0);
      for (const SymExpr& t : b.args()) out = out + mul(a, t);
      return out;
    }
    Term t = termOf(b);
    std::vector<SymExpr> fs{SymExpr(c * t.coef)};
    if (t.factor->op() == SymOp::Mul) fs.insert(fs.end(), t.factor->args().begin(), t.factor->args().end());
    else fs.push_back(*t.factor);
    if (fs[0].constValue() == 1) fs.erase(fs.begin());
    return fs.size() == 1 ? fs[0] : make(SymOp::Mul, SymKind::Int, std::move(fs));
  }
  Term ta = termOf(a), tb = termOf(b);
  std::vector<SymExpr> fs;
  for (const Term* t : {&ta, &tb}) {
    if (t->factor->op() == SymOp::Mul) fs.insert(fs.end(), t->factor->args().begin(), t->factor->args().end());
    else fs.push_back(*t->factor);
  }
  std::sort(fs.begin(), fs.end(), [](const SymExpr& x, const SymExpr& y) { return x.str() < y.str(); });
  SymExpr product = make(SymOp::Mul, SymKind::Int, std::move(fs));
  return mul(SymExpr(ta.coef * tb.coef), product);
}

SymExpr SymExpr::floorDiv(const SymExpr& a, const SymExpr& b) {
  if (isFloat(a, b)) {
    if (a.isConst() && b.isConst()) return floatConstant(std::floor(a.floatValue() / b.floatValue()));
    return make(SymOp::FloorDiv, SymKind::Float, {a, b});
  }
  if (a.isConst() && b.isConst()) return SymExpr(pyFloorDiv(a.constValue(), b.constValue()));
  if (b.isConst()) {
    int64_t c = b.constValue();
    EMBER_CHECK(c != 0, "symbolic expression: integer division by zero in ", a.str(), "//0");
    if (c == 1) return a;
    if (c > 0 && allDivisible(a, c)) return divideCoefficients(a, c);
  }
  if (a.sameAs(b)) return SymExpr(1);
  if (std::optional<SymExpr> q = divideExactly(a, b)) return *q;
  return make(SymOp::FloorDiv, SymKind::Int, {a, b});
}

SymExpr SymExpr::mod(const SymExpr& a, const SymExpr& b) {
  if (a.isConst() && b.isConst() && !isFloat(a, b)) return SymExpr(pyMod(a.constValue(), b.constValue()));
  if (b.isConst() && !isFloat(a, b)) {
    int64_t c = b.constValue();
    EMBER_CHECK(c != 0, "symbolic expression: integer modulo by zero in Mod(", a.str(), ", 0)");
    if (c == 1 || (c > 0 && allDivisible(a, c))) return SymExpr(0);
  }
  if (a.sameAs(b) || (!isFloat(a, b) && divideExactly(a, b))) return SymExpr(0);
  return make(SymOp::Mod, isFloat(a, b) ? SymKind::Float : SymKind::Int, {a, b});
}

SymExpr SymExpr::trueDiv(const SymExpr& a, const SymExpr& b) {
  if (a.isConst() && b.isConst()) {
    EMBER_CHECK(b.floatValue() != 0, "symbolic expression: division by zero");
    return floatConstant(a.floatValue() / b.floatValue());
  }
  return make(SymOp::TrueDiv, SymKind::Float, {a, b});
}

SymExpr SymExpr::max(const SymExpr& a, const SymExpr& b) {
  if (a.isConst() && b.isConst()) return a.floatValue() >= b.floatValue() ? a : b;
  if (a.sameAs(b)) return a;
  return make(SymOp::Max, isFloat(a, b) ? SymKind::Float : SymKind::Int, {a, b});
}

SymExpr SymExpr::min(const SymExpr& a, const SymExpr& b) {
  if (a.isConst() && b.isConst()) return a.floatValue() <= b.floatValue() ? a : b;
  if (a.sameAs(b)) return a;
  return make(SymOp::Min, isFloat(a, b) ? SymKind::Float : SymKind::Int, {a, b});
}

SymExpr SymExpr::compare(SymOp op, const SymExpr& a, const SymExpr& b) {
  EMBER_ASSERT(op >= SymOp::Eq && op <= SymOp::Ge, "SymExpr::compare needs a comparison");
  SymExpr e = make(op, SymKind::Bool, {a, b});
  if (std::optional<bool> d = e.decide({})) return boolConstant(*d);
  return e;
}

SymExpr SymExpr::logicalAnd(const SymExpr& a, const SymExpr& b) {
  if (a.isConst()) return a.constValue() ? b : boolConstant(false);
  if (b.isConst()) return b.constValue() ? a : boolConstant(false);
  return make(SymOp::And, SymKind::Bool, {a, b});
}

SymExpr SymExpr::logicalOr(const SymExpr& a, const SymExpr& b) {
  if (a.isConst()) return a.constValue() ? boolConstant(true) : b;
  if (b.isConst()) return b.constValue() ? boolConstant(true) : a;
  return make(SymOp::Or, SymKind::Bool, {a, b});
}

SymExpr SymExpr::logicalNot(const SymExpr& a) {
  if (a.isConst()) return boolConstant(a.constValue() == 0);
  static const std::map<SymOp, SymOp> negated = {{SymOp::Eq, SymOp::Ne}, {SymOp::Ne, SymOp::Eq},
                                                 {SymOp::Lt, SymOp::Ge}, {SymOp::Ge, SymOp::Lt},
                                                 {SymOp::Gt, SymOp::Le}, {SymOp::Le, SymOp::Gt}};
  auto it = negated.find(a.op());
  if (it != negated.end()) return make(it->second, SymKind::Bool, a.args());
  if (a.op() == SymOp::Not) return a.args()[0];
  return make(SymOp::Not, SymKind::Bool, {a});
}

int64_t SymExpr::evaluate(const SymValues& values) const {
  const auto& a = args();
  auto ev = [&](size_t i) { return a[i].evaluate(values); };
  switch (op()) {
    case SymOp::Const: return constValue();
    case SymOp::Symbol: {
      auto it = values.find(symbolName());
      EMBER_CHECK(it != values.end(), "symbolic expression: no value for symbol '", symbolName(), "'");
      return it->second;
    }
    case SymOp::Add: {
      int64_t s = 0;
      for (size_t i = 0; i < a.size(); ++i) s += ev(i);
      return s;
    }
    case SymOp::Mul: {
      int64_t p = 1;
      for (size_t i = 0; i < a.size(); ++i) p *= ev(i);
      return p;
    }
    case SymOp::FloorDiv: return pyFloorDiv(ev(0), ev(1));
    case SymOp::Mod: return pyMod(ev(0), ev(1));
    case SymOp::TrueDiv: return static_cast<int64_t>(evaluateFloat(values));
    case SymOp::Max: return std::max(ev(0), ev(1));
    case SymOp::Min: return std::min(ev(0), ev(1));
    case SymOp::Eq: return ev(0) == ev(1);
    case SymOp::Ne: return ev(0) != ev(1);
    case SymOp::Lt: return ev(0) < ev(1);
    case SymOp::Le: return ev(0) <= ev(1);
    case SymOp::Gt: return ev(0) > ev(1);
    case SymOp::Ge: return ev(0) >= ev(1);
    case SymOp::And: return ev(0) && ev(1);
    case SymOp::Or: return ev(0) || ev(1);
    case SymOp::Not: return !ev(0);
  }
  return 0;
}

double SymExpr::evaluateFloat(const SymValues& values) const {
  if (kind() != SymKind::Float) return static_cast<double>(evaluate(values));
  const auto& a = args();
  auto ev = [&](size_t i) { return a[i].evaluateFloat(values); };
  switch (op()) {
    case SymOp::Const: return floatValue();
    case SymOp::Add: return ev(0) + ev(1);
    case SymOp::Mul: return ev(0) * ev(1);
    case SymOp::FloorDiv: return std::floor(ev(0) / ev(1));
    case SymOp::TrueDiv: {
      double d = ev(1);
      EMBER_CHECK(d != 0, "symbolic expression: division by zero in ", str());
      return ev(0) / d;
    }
    case SymOp::Mod: return std::fmod(ev(0), ev(1));
    case SymOp::Max: return std::max(ev(0), ev(1));
    case SymOp::Min: return std::min(ev(0), ev(1));
    default: return static_cast<double>(evaluate(values));
  }
}

std::optional<SymRange> SymExpr::bounds(const SymRanges& ranges) const {
  if (kind() == SymKind::Float) return std::nullopt;
  const auto& a = args();
  switch (op()) {
    case SymOp::Const: return SymRange{constValue(), constValue()};
    case SymOp::Symbol: {
      auto it = ranges.find(symbolName());
      return it == ranges.end() ? SymRange{0, INT64_MAX} : it->second;
    }
    case SymOp::Add: {
      SymRange r{0, 0};
      for (const SymExpr& e : a) {
        auto b = e.bounds(ranges);
        if (!b) return std::nullopt;
        r = {satAdd(r.min, b->min), satAdd(r.max, b->max)};
      }
      return r;
    }
    case SymOp::Mul: {
      SymRange r{1, 1};
      for (const SymExpr& e : a) {
        auto b = e.bounds(ranges);
        if (!b) return std::nullopt;
        int64_t c[4] = {satMul(r.min, b->min), satMul(r.min, b->max), satMul(r.max, b->min), satMul(r.max, b->max)};
        r = {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
      }
      return r;
    }
    case SymOp::FloorDiv: {
      auto n = a[0].bounds(ranges);
      if (!n || !a[1].isConst() || a[1].constValue() <= 0) return std::nullopt;
      int64_t c = a[1].constValue();
      return SymRange{pyFloorDiv(n->min, c), pyFloorDiv(n->max, c)};
    }
    case SymOp::Mod:
      if (a[1].isConst() && a[1].constValue() > 0) return SymRange{0, a[1].constValue() - 1};
      return std::nullopt;
    case SymOp::Max:
    case SymOp::Min: {
      auto x = a[0].bounds(ranges), y = a[1].bounds(ranges);
      if (!x || !y) return std::nullopt;
      if (op() == SymOp::Max) return SymRange{std::max(x->min, y->min), std::max(x->max, y->max)};
      return SymRange{std::min(x->min, y->min), std::min(x->max, y->max)};
    }
    default: {
      if (kind() != SymKind::Bool) return std::nullopt;
      auto d = decide(ranges);
      if (d) return SymRange{*d, *d};
      return SymRange{0, 1};
    }
  }
}

std::optional<bool> SymExpr::decide(const SymRanges& ranges) const {
  if (isConst()) return constValue() != 0;
  const auto& a = args();
  switch (op()) {
    case SymOp::Eq:
    case SymOp::Ne:
    case SymOp::Lt:
    case SymOp::Le:
    case SymOp::Gt:
    case SymOp::Ge: {
      if (isFloat(a[0], a[1])) return std::nullopt;
      auto d = (a[0] - a[1]).bounds(ranges);  // the sign of a - b decides
      if (!d) return std::nullopt;
      switch (op()) {
        case SymOp::Eq:
          if (d->min == 0 && d->max == 0) return true;
          if (d->min > 0 || d->max < 0) return false;
          return std::nullopt;
        case SymOp::Ne:
          if (d->min == 0 && d->max == 0) return false;
          if (d->min > 0 || d->max < 0) return true;
          return std::nullopt;
        case SymOp::Lt: return d->max < 0 ? std::optional(true) : d->min >= 0 ? std::optional(false) : std::nullopt;
        case SymOp::Le: return d->max <= 0 ? std::optional(true) : d->min > 0 ? std::optional(false) : std::nullopt;
        case SymOp::Gt: return d->min > 0 ? std::optional(true) : d->max <= 0 ? std::optional(false) : std::nullopt;
        default: return d->min >= 0 ? std::optional(true) : d->max < 0 ? std::optional(false) : std::nullopt;
      }
    }
    case SymOp::And: {
      auto x = a[0].decide(ranges), y = a[1].decide(ranges);
      if ((x && !*x) || (y && !*y)) return false;
      if (x && y) return true;
      return std::nullopt;
    }
    case SymOp::Or: {
      auto x = a[0].decide(ranges), y = a[1].decide(ranges);
      if ((x && *x) || (y && *y)) return true;
      if (x && y) return false;
      return std::nullopt;
    }
    case SymOp::Not: {
      auto x = a[0].decide(ranges);
      if (x) return !*x;
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace ember::exporter
