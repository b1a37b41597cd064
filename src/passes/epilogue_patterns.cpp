#include "passes/epilogue_patterns.h"

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"

namespace ember::jit {

Node* onlyUser(const Value* v) { return v->uses().size() == 1 ? v->uses()[0].user : nullptr; }

namespace {

std::optional<double> constNumber(const Value* v) {
  auto iv = toIValue(v);
  if (!iv) return std::nullopt;
  if (iv->isDouble()) return iv->toDouble();
  if (iv->isInt()) return static_cast<double>(iv->toInt());
  return std::nullopt;
}

}  // namespace

std::optional<EpilogueActivation> epilogueActivationOf(Node* n, const Value* v) {
  if (!n || n->inputs().empty() || n->input(0) != v || n->outputs().size() != 1) return std::nullopt;
  const std::string kind = n->kind().toQualString();
  EpilogueActivation a{n, "", 0, 0};
  if (kind == "aten::relu" || kind == "aten::relu_") a.name = "relu";
  else if (kind == "aten::relu6" || kind == "aten::relu6_") a = {n, "hardtanh", 0, 6};
  else if (kind == "aten::silu" || kind == "aten::silu_") a.name = "silu";
  else if (kind == "aten::hardswish" || kind == "aten::hardswish_") a.name = "hardswish";
  else if (kind == "aten::sigmoid" || kind == "aten::sigmoid_") a.name = "sigmoid";
  else if (kind == "aten::hardtanh" || kind == "aten::hardtanh_") {
    if (n->inputs().size() != 3) return std::nullopt;
    auto lo = constNumber(n->input(1)), hi = constNumber(n->input(2));
    if (!lo || !hi) return std::nullopt;
    a = {n, "hardtanh", *lo, *hi};
  } else if (kind == "aten::gelu") {
    if (n->inputs().size() != 2) return std::nullopt;
    auto approx = toIValue(n->input(1));
    if (!approx || !approx->isString()) return std::nullopt;
    if (approx->toStringRef() == "none") a.name = "gelu";
    else if (approx->toStringRef() == "tanh") a.name = "gelu_tanh";
    else return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (n->inputs().size() != 1 && a.name != "hardtanh" && kind != "aten::gelu") return std::nullopt;
  return a;
}

Value* epilogueAddendOf(Node* add, const Value* v) {
  if (!add || add->inputs().size() != 3 || add->outputs().size() != 1) return nullptr;
  const bool inPlace = add->kind() == Symbol::aten("add_");
  if (add->kind() != aten::add && !inPlace) return nullptr;
  auto alpha = constNumber(add->input(2));
  if (!alpha || *alpha != 1.0) return nullptr;
  Value* other = nullptr;
  if (add->input(0) == v) other = add->input(1);
  else if (add->input(1) == v && !inPlace) other = add->input(0);
  if (!other || !other->type()->castRaw<TensorType>()) return nullptr;
  return other;
}

}  // namespace ember::jit
