// The canonical text form of graphs, byte for byte as PyTorch prints them:
//
//   graph(%x.1 : Tensor,
//         %y.1 : int):
//     %2 : int = prim::Constant[value=1]()
//     %z.1 : Tensor = aten::add(%x.1, %y.1, %2) # <string>:3:8
//     return (%z.1)
//
// Nodes with a Subgraph attribute print as `prim::FusionGroup_0(...)` and their graphs follow
// the main graph as `with prim::FusionGroup_0 = graph(...)`.
#include "ir/ir_printer.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "ember/core/symbols.h"
#include "ember/core/quoted_string.h"
#include "ember/ir/ir.h"
#include "ember/tensor/dispatch.h"

namespace ember::jit {

void printIrDouble(std::ostream& out, double d) {
  if (std::isnan(d)) {
    out << (std::signbit(d) ? "-nan" : "nan");
    return;
  }
  if (std::isinf(d)) {
    out << (d > 0 ? "inf" : "-inf");
    return;
  }
  if (std::fabs(d) < 1e10 && d == std::trunc(d)) {
    if (std::signbit(d)) out << "-";
    out << static_cast<int64_t>(std::fabs(d)) << ".";
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  out << buf;
}

void printIrQuotedString(std::ostream& out, std::string_view s) { printQuotedString(out, s); }

void printIrIValue(std::ostream& out, const IValue& v) {
  if (v.isNone()) {
    out << "None";
  } else if (v.isInt()) {
    out << v.toInt();
  } else if (v.isDouble()) {
    printIrDouble(out, v.toDouble());
  } else if (v.isBool()) {
    out << (v.toBool() ? "True" : "False");
  } else if (v.isString()) {
    printIrQuotedString(out, v.toStringRef());
  } else if (v.isDevice()) {
    printIrQuotedString(out, v.toDevice().str());
  } else if (v.isTuple()) {
    const auto& elems = v.toTupleRef().elements;
    out << "(";
    for (size_t i = 0; i < elems.size(); ++i) {
      if (i) out << ", ";
      printIrIValue(out, elems[i]);
    }
    out << (elems.size() == 1 ? ",)" : ")");
  } else if (v.isList()) {
    // As PyTorch prints a list IValue: annotated with its type when its elements cannot tell it
    // (empty, or elements of an Optional, Union, number or Any list).
    const auto& elems = v.toListRef().elements;
    const TypePtr& elem = v.toListRef().elementType;
    const bool annotate = elems.empty() || (elem && (elem->kind() == TypeKind::OptionalType ||
                                                     elem->kind() == TypeKind::UnionType ||
                                                     elem->kind() == TypeKind::NumberType ||
                                                     elem->kind() == TypeKind::AnyType));
    if (annotate && elem) out << "annotate(" << ListType::create(elem)->annotation_str() << ", ";
    out << "[";
    for (size_t i = 0; i < elems.size(); ++i) {
      if (i) out << ", ";
      printIrIValue(out, elems[i]);
    }
    out << "]";
    if (annotate && elem) out << ")";
  } else if (v.isGenericDict()) {
    out << "{";
    bool first = true;
    v.toDictRef().forEach([&](const IValue& k, const IValue& val) {
      if (!first) out << ", ";
      first = false;
      printIrIValue(out, k);
      out << ": ";
      printIrIValue(out, val);
    });
    out << "}";
  } else if (v.isComplexDouble()) {
    // As PyTorch prints complex constants: 0.+1.5j, 2.-3.j
    const auto c = v.toComplexDouble();
    printIrDouble(out, c.real());
    if (!std::signbit(c.imag())) out << "+";
    printIrDouble(out, c.imag());
    out << "j";
  } else if (v.isTensor()) {
    out << "<Tensor>";
  } else {
    out << "<" << v.tagKind() << ">";
  }
}

namespace {

std::ostream& indent(std::ostream& out, size_t level) {
  for (size_t i = 0; i < level; ++i) out << "  ";
  return out;
}

void printValueRefs(std::ostream& out, ArrayRef<Value*> values) {
  for (size_t i = 0; i < values.size(); ++i) out << (i ? ", " : "") << "%" << values[i]->debugName();
}

void printValuesWithTypes(std::ostream& out, ArrayRef<Value*> values, const char* sep) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out << sep;
    out << "%" << values[i]->debugName();
    if (typeVerbosity() >= 1) out << " : " << *values[i]->type();
  }
}

template <typename T, typename Print>
void printList(std::ostream& out, const std::vector<T>& items, Print print) {
  out << "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out << ", ";
    print(items[i]);
  }
  out << "]";
}

void printTensorAttr(std::ostream& out, const Tensor& t) {
  // Single-element tensors are usually boxed scalars and print as `{value}`.
  if (t.defined() && t.numel() == 1) {
    out << "{";
    visitDtype(t.dtype(), [&]<typename T>() {
      auto v = *static_cast<const T*>(t.data_ptr());
      if constexpr (std::is_floating_point_v<opmath_t<T>>) {
        out << static_cast<double>(static_cast<opmath_t<T>>(v));
      } else {
        out << static_cast<int64_t>(v);
      }
    });
    out << "}";
  } else {
    out << "<Tensor>";
  }
}

void printAttrValue(std::ostream& out, const Node& n, Symbol name) {
  switch (n.kindOf(name)) {
    case AttributeKind::f: printIrDouble(out, n.f(name)); break;
    case AttributeKind::fs: printList(out, n.fs(name), [&](double d) { printIrDouble(out, d); }); break;
    case AttributeKind::i: out << n.i(name); break;
    case AttributeKind::is: printList(out, n.is(name), [&](int64_t i) { out << i; }); break;
    case AttributeKind::s: printIrQuotedString(out, n.s(name)); break;
    case AttributeKind::ss:
      printList(out, n.ss(name), [&](const std::string& s) { printIrQuotedString(out, s); });
      break;
    case AttributeKind::t: printTensorAttr(out, n.t(name)); break;
    case AttributeKind::ts: out << "[<Tensors>]"; break;
    case AttributeKind::g: out << "<Graph>"; break;
    case AttributeKind::gs: out << "[<Graphs>]"; break;
    case AttributeKind::ty: out << *n.ty(name); break;
    case AttributeKind::tys: printList(out, n.tys(name), [&](const TypePtr& t) { out << *t; }); break;
    case AttributeKind::ival: printIrIValue(out, n.ival(name)); break;
  }
}

void printAttributes(std::ostream& out, const Node& n, bool ignoreSubgraph) {
  out << "[";
  bool first = true;
  for (Symbol name : n.attributeNames()) {
    if (ignoreSubgraph && name == attr::Subgraph) continue;
    if (!first) out << ", ";
    first = false;
    out << name.toUnqualString() << "=";
    printAttrValue(out, n, name);
  }
  out << "]";
}

void printNode(std::ostream& out, const Node& n, size_t level, std::vector<const Node*>* groups,
               bool printSourceLocations) {
  indent(out, level);
  printValuesWithTypes(out, n.outputs(), ", ");
  out << " = ";
  if (groups && n.hasAttribute(attr::Subgraph)) {
    out << n.kind().toQualString() << "_" << groups->size();
    if (n.attributeNames().size() > 1 && n.kind() != prim::DifferentiableGraph) printAttributes(out, n, true);
    groups->push_back(&n);
  } else if (n.kind() == prim::PythonOp && n.hasAttribute(attr::name)) {
    out << "^" << n.s(attr::name) << "[]()";  // a call of a Python function, printed as PyTorch does
  } else {
    out << n.kind().toQualString();
    if (n.hasAttributes()) printAttributes(out, n, false);
  }
  out << "(";
  printValueRefs(out, n.inputs());
  out << ")";
  if (!n.scopeName().empty()) out << ", scope: " << n.scopeName();
  if (printSourceLocations && n.sourceRange()) {
    if (auto loc = n.sourceRange()->fileLineCol()) out << " # " << loc->filename << ":" << loc->line << ":" << loc->col;
  }
  out << "\n";
  for (size_t i = 0; i < n.blocks().size(); ++i) {
    const Block* b = n.blocks()[i];
    indent(out, level + 1) << "block" << i << "(";
    printValuesWithTypes(out, b->inputs(), ", ");
    out << "):\n";
    for (const Node* nested : b->nodes()) printNode(out, *nested, level + 2, groups, printSourceLocations);
    indent(out, level + 2) << "-> (";
    printValueRefs(out, b->outputs());
    out << ")\n";
  }
}

void printGraph(std::ostream& out, const Graph& g, bool printSourceLocations) {
  out << "graph(";
  printValuesWithTypes(out, g.inputs(), ",\n      ");
  out << "):\n";
  std::vector<const Node*> groups;
  for (const Node* n : g.nodes()) printNode(out, *n, 1, &groups, printSourceLocations);
  out << "  return (";
  printValueRefs(out, g.outputs());
  out << ")\n";
  for (size_t i = 0; i < groups.size(); ++i) {
    out << "with " << groups[i]->kind().toQualString() << "_" << i << " = ";
    printGraph(out, *groups[i]->g(attr::Subgraph), printSourceLocations);
  }
}

}  // namespace

void Node::print(std::ostream& out, size_t level) const { printNode(out, *this, level, nullptr, true); }

std::string Graph::toString(bool printSourceLocations) const {
  std::ostringstream out;
  printGraph(out, *this, printSourceLocations);
  return out.str();
}

std::ostream& operator<<(std::ostream& out, const Graph& g) {
  printGraph(out, g, true);
  return out;
}

std::ostream& operator<<(std::ostream& out, const Node& n) {
  n.print(out, 0);
  return out;
}

}  // namespace ember::jit
