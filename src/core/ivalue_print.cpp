// Printing IValues: PyTorch's C++ style (operator<<) and Python's repr().
#include <charconv>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <sstream>

#include "ember/core/enum_type.h"
#include "ember/core/ivalue.h"
#include "core/tensor_cpp_print.h"
#include "ember/tensor/ops/print.h"

namespace ember::jit {
namespace {

std::mutex& printerMutex() {
  static std::mutex m;
  return m;
}
TensorPrinter& tensorPrinter() {
  static TensorPrinter p;
  return p;
}

enum class Style { Torch, Python };

void printTensor(std::ostream& os, const Tensor& t, Style style) {
  TensorPrinter p;
  {
    std::lock_guard lock(printerMutex());
    p = tensorPrinter();
  }
  if (p) return p(os, t);
  if (!t.defined()) {
    os << "None";
    return;
  }
  if (style == Style::Torch) {
    printTensorCppStyle(os, t);
  } else {
    os << ember::repr(t);
  }
}

std::string formatComplex(std::complex<double> c, Style style) {
  if (style == Style::Torch) {
    std::string imag = formatDoubleTorch(c.imag());
    bool sign = !imag.empty() && (imag[0] == '-' || imag[0] == '+');
    return formatDoubleTorch(c.real()) + (sign ? "" : "+") + imag + "j";
  }
  // Python drops ".0" in complex parts: (1+2j), 2j, (1.5-0j).
  auto part = [](double d) {
    std::string s = formatDoublePython(d);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s;
  };
  if (c.real() == 0 && !std::signbit(c.real())) return part(c.imag()) + "j";
  std::string imag = part(c.imag());
  bool sign = imag[0] == '-' || imag[0] == '+';
  return "(" + part(c.real()) + (sign ? "" : "+") + imag + "j)";
}

void print(std::ostream& os, const IValue& v, Style style);

template <typename Seq>
void printSeq(std::ostream& os, const Seq& elems, const char* open, const char* close, bool tuple, Style style) {
  os << open;
  for (size_t i = 0; i < elems.size(); ++i) {
    if (i) os << ", ";
    print(os, elems[i], style);
  }
  if (tuple && elems.size() == 1) os << ",";
  os << close;
}

void print(std::ostream& os, const IValue& v, Style style) {
  using Tag = IValue::Tag;
  switch (v.tag()) {
    case Tag::None:
      os << "None";
      return;
    case Tag::Tensor:
      printTensor(os, v.toTensor(), style);
      return;
    case Tag::Storage:
      os << "<Storage of " << v.toStorage().nbytes() << " bytes>";
      return;
    case Tag::Double:
      os << (style == Style::Torch ? formatDoubleTorch(v.toDouble()) : formatDoublePython(v.toDouble()));
      return;
    case Tag::ComplexDouble:
      os << formatComplex(v.toComplexDouble(), style);
      return;
    case Tag::Int:
      os << v.toInt();
      return;
    case Tag::Bool:
      os << (v.toBool() ? "True" : "False");
      return;
    case Tag::String:
      if (style == Style::Python) os << pythonQuote(v.toStringRef());
      else os << v.toStringRef();
      return;
    case Tag::Device:
      if (style == Style::Python) os << "device(type='" << v.toDevice().str() << "')";
      else os << v.toDevice().str();
      return;
    case Tag::Tuple:
      printSeq(os, v.toTupleRef().elements, "(", ")", true, style);
      return;
    case Tag::GenericList:
      printSeq(os, v.toListRef().elements, "[", "]", false, style);
      return;
    case Tag::GenericDict: {
      os << "{";
      bool first = true;
      v.toDictRef().forEach([&](const IValue& k, const IValue& val) {
        if (!first) os << ", ";
        first = false;
        print(os, k, style);
        os << ": ";
        print(os, val, style);
      });
      os << "}";
      return;
    }
    case Tag::Future:
      os << "Future";
      return;
    case Tag::Object:
      os << "<" << v.toObjectRef().name() << " object at " << static_cast<const void*>(&v.toObjectRef()) << ">";
      return;
    case Tag::Enum: {
      // PyTorch shows the class's own name: `Enum<Color.RED>` for __torch__.m.Color.RED.
      auto e = v.toEnumHolder();
      const std::string& q = e->type->qualifiedName();
      os << "Enum<" << q.substr(q.rfind('.') + 1) << "." << e->name << ">";
      return;
    }
    case Tag::Capsule:
      os << "Capsule";
      return;
    case Tag::Uninitialized:
      os << "Uninitialized";
      return;
  }
}

}  // namespace

void setTensorPrinter(TensorPrinter printer) {
  std::lock_guard lock(printerMutex());
  tensorPrinter() = std::move(printer);
}

// PyTorch prints with 17 significant digits and marks integral values with a trailing '.'.
// Negative zero prints as "0.", without its sign, as PyTorch's str() and print() show it.
std::string formatDoubleTorch(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == 0.0) return "0.";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  std::string s(buf);
  if (s.find_first_of(".e") == std::string::npos) s += ".";
  return s;
}

// Python's repr: the shortest digits that round-trip, positional for exponents in [-4, 16),
// scientific (two-digit exponent at least) outside.
std::string formatDoublePython(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  size_t e = sci.find('e');
  std::string mant = sci.substr(0, e);
  int exp = std::stoi(sci.substr(e + 1));
  bool neg = mant[0] == '-';
  if (neg) mant.erase(0, 1);
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  std::string out;
  if (exp < -4 || exp >= 16) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char ebuf[16];
    std::snprintf(ebuf, sizeof(ebuf), "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out += ebuf;
  } else if (exp < 0) {
    out = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  } else {
    size_t intLen = static_cast<size_t>(exp) + 1;
    if (digits.size() <= intLen) {
      out = digits + std::string(intLen - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, intLen) + "." + digits.substr(intLen);
    }
  }
  return neg ? "-" + out : out;
}

std::string pythonQuote(std::string_view s) {
  bool hasSingle = s.find('\'') != std::string_view::npos;
  bool hasDouble = s.find('"') != std::string_view::npos;
  char q = hasSingle && !hasDouble ? '"' : '\'';
  std::string out(1, q);
  for (unsigned char c : s) {
    if (c == static_cast<unsigned char>(q) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);  // UTF-8 bytes of printable characters pass through
    }
  }
  out += q;
  return out;
}

std::ostream& operator<<(std::ostream& os, const IValue& v) {
  print(os, v, Style::Torch);
  return os;
}

std::string IValue::repr() const {
  std::ostringstream os;
  print(os, *this, Style::Python);
  return os.str();
}

}  // namespace ember::jit
