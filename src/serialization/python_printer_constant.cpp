// The Python printer's literals, written the way PyTorch 1.13's IValue::repr writes them in code:
// floats with 17 significant digits (`1.`, `0.10000000000000001`, `1e+20`), strings in double
// quotes with C escapes (octal for other control characters), annotated empty or ambiguous
// lists, and `CONSTANTS.cN` for what has no literal (tensors, objects, non-ASCII strings).
#include <cmath>
#include <cstdio>

#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "serialization/python_printer_impl.h"

namespace ember::jit::printer_detail {
namespace {

void printQuoted(std::ostream& out, const std::string& s) {
  out << '"';
  for (char c : s) {
    switch (c) {
      case '\\': out << "\\\\"; break;
      case '\'': out << "\\'"; break;
      case '"': out << "\\\""; break;
      case '\a': out << "\\a"; break;
      case '\b': out << "\\b"; break;
      case '\f': out << "\\f"; break;
      case '\n': out << "\\n"; break;
      case '\r': out << "\\r"; break;
      case '\t': out << "\\t"; break;
      case '\v': out << "\\v"; break;
      default: {
        auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
          out << c;
        } else {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\%03o", static_cast<unsigned>(u));
          out << buf;
        }
      }
    }
  }
  out << '"';
}

bool isAscii(const std::string& s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) > 127) return false;
  return true;
}

bool containsNonAsciiString(const IValue& v) {
  if (v.isString()) return !isAscii(v.toStringRef());
  if (v.isList()) {
    for (const IValue& e : v.toListRef().elements)
      if (containsNonAsciiString(e)) return true;
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements)
      if (containsNonAsciiString(e)) return true;
  } else if (v.isGenericDict()) {
    bool found = false;
    v.toDictRef().forEach([&](const IValue& k, const IValue& x) {
      found = found || containsNonAsciiString(k) || containsNonAsciiString(x);
    });
    return found;
  }
  return false;
}

}  // namespace

std::string formatDouble(double d) {
  int c = std::fpclassify(d);
  if ((c == FP_NORMAL || c == FP_ZERO) && std::abs(d) < 1e10) {
    auto i = static_cast<int64_t>(d);
    if (static_cast<double>(i) == d) {
      if (i == 0 && std::signbit(d)) return "-0.";
      return std::to_string(i) + ".";
    }
  }
  // Beyond 1e10 integral values print without a point (`10000000000`), as PyTorch does.
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  return buf;
}

size_t PrinterImpl::getOrAddConstant(const IValue& v) {
  for (size_t i = 0; i < constants_.size(); ++i) {
    const IValue& c = constants_[i];
    if (c.tag() != v.tag()) continue;
    bool same = v.isTensor() ? c.toTensor().implPtr() == v.toTensor().implPtr() : c.is(v);
    if (same) return i;
  }
  constants_.push_back(v);
  return constants_.size() - 1;
}

void PrinterImpl::printConstant(std::ostream& out, const IValue& v) {
  if (v.isTensor() || v.isObject() || containsNonAsciiString(v)) {
    out << "CONSTANTS.c" << getOrAddConstant(v);
    return;
  }
  switch (v.tag()) {
    case IValue::Tag::None: out << "None"; return;
    case IValue::Tag::Bool: out << (v.toBool() ? "True" : "False"); return;
    case IValue::Tag::Int: out << v.toInt(); return;
    case IValue::Tag::Double: out << formatDouble(v.toDouble()); return;
    case IValue::Tag::ComplexDouble: {
      std::complex<double> z = v.toComplexDouble();
      out << formatDouble(z.real()) << (z.imag() >= 0 ? "+" : "-") << formatDouble(std::abs(z.imag())) << "j";
      return;
    }
    case IValue::Tag::String: printQuoted(out, v.toStringRef()); return;
    case IValue::Tag::Device:
      out << "torch.device(";
      printQuoted(out, v.toDevice().str());
      out << ")";
      return;
    case IValue::Tag::Enum: {
      auto e = v.toEnumHolder();
      out << e->type->qualifiedName() << "." << e->name;
      return;
    }
    case IValue::Tag::Tuple: {
      const TupleImpl& t = v.toTupleRef();
      if (t.type && t.type->schema() && !t.type->schema()->qualifiedName.empty()) out << annotation(t.type);
      out << "(";
      for (size_t i = 0; i < t.elements.size(); ++i) {
        if (i) out << ", ";
        printConstant(out, t.elements[i]);
      }
      out << (t.elements.size() == 1 ? ",)" : ")");
      return;
    }
    case IValue::Tag::GenericList: {
      const ListImpl& l = v.toListRef();
      bool annotate = l.elements.empty() || !elementTypeCanBeInferredFromMembers(l.elementType);
      if (annotate) out << "annotate(" << ListType::create(l.elementType)->annotation_str() << ", ";
      out << "[";
      for (size_t i = 0; i < l.elements.size(); ++i) {
        if (i) out << ", ";
        printConstant(out, l.elements[i]);
      }
      out << "]";
      if (annotate) out << ")";
      return;
    }
    case IValue::Tag::GenericDict: {
      const DictImpl& d = v.toDictRef();
      bool annotate = d.empty() || !elementTypeCanBeInferredFromMembers(d.valueType);
      if (annotate) out << "annotate(" << DictType::create(d.keyType, d.valueType)->annotation_str() << ",";
      out << "{";
      bool first = true;
      d.forEach([&](const IValue& k, const IValue& x) {
        if (!first) out << ", ";
        first = false;
        printConstant(out, k);
        out << ": ";
        printConstant(out, x);
      });
      out << "}";
      if (annotate) out << ")";
      return;
    }
    default:
      EMBER_ERROR("python printer: cannot print a constant of kind ", v.tagKind());
  }
}

}  // namespace ember::jit::printer_detail
