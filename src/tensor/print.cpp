// repr(tensor) as PyTorch 1.13 prints it. The formatter looks at the values that will be shown
// (all of them, or the edge items when summarising) to choose integer, fixed or scientific
// notation and a common width; rows wrap to the line width.
#include "ember/tensor/ops/print.h"

#include <cmath>
#include <cstdio>
#include <mutex>
#include <optional>
#include <vector>

#include "ember/tensor/autograd_hooks.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/tensor_options.h"

namespace ember {

namespace {

std::mutex gOptionsMutex;
PrintOptions gOptions;

// A strided window on a tensor's bytes; sub(i) selects index i of the first dim.
struct View {
  const char* ptr;
  IntArrayRef sizes;
  IntArrayRef strides;
  ScalarType dtype;
  int64_t elemSize;

  int64_t dim() const { return static_cast<int64_t>(sizes.size()); }
  View sub(int64_t i) const {
    return {ptr + i * strides[0] * elemSize, sizes.slice(1), strides.slice(1), dtype, elemSize};
  }
  double asDouble() const {
    return visitDtype(dtype, [&]<typename T>() { return static_cast<double>(*reinterpret_cast<const T*>(ptr)); });
  }
  int64_t asInt() const {
    return visitDtype(dtype, [&]<typename T>() -> int64_t {
      if constexpr (std::is_integral_v<T>) return static_cast<int64_t>(*reinterpret_cast<const T*>(ptr));
      else return 0;
    });
  }
};

// Python's '{:.Nf}' / '{:.Ne}' formatting, including its spelling of nan and infinities.
std::string formatNumber(double v, int precision, char conv) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[512];
  std::snprintf(buf, sizeof(buf), conv == 'e' ? "%.*e" : "%.*f", precision, v);
  return buf;
}

std::string padLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

class Formatter {
 public:
  Formatter(const std::vector<View>& shown, bool floating, const PrintOptions& opts)
      : floating_(floating), precision_(opts.precision) {
    if (!floating_) {
      for (const View& v : shown) width_ = std::max(width_, plainString(v).size());
    } else {
      chooseFloatMode(shown);
    }
    if (opts.sciMode) sci_ = *opts.sciMode;
  }

  size_t width() const { return width_; }

  std::string format(const View& v) const {
    std::string s;
    if (!floating_) {
      s = plainString(v);
    } else {
      const double d = v.asDouble();
      if (sci_) {
        s = padLeft(formatNumber(d, precision_, 'e'), width_);
      } else if (intMode_) {
        s = formatNumber(d, 0, 'f');
        if (std::isfinite(d)) s += '.';
      } else {
        s = formatNumber(d, precision_, 'f');
      }
    }
    return padLeft(s, width_);
  }

 private:
  static std::string plainString(const View& v) {
    if (v.dtype == kBool) return *reinterpret_cast<const bool*>(v.ptr) ? "True" : "False";
    return std::to_string(v.asInt());
  }

  void chooseFloatMode(const std::vector<View>& shown) {
    std::vector<double> vals;  // the nonzero finite values decide the mode
    for (const View& v : shown) {
      const double d = v.asDouble();
      if (std::isfinite(d) && d != 0.0) vals.push_back(d);
    }
    if (vals.empty()) return;
    double lo = std::fabs(vals[0]), hi = lo;
    for (double d : vals) {
      lo = std::min(lo, std::fabs(d));
      hi = std::max(hi, std::fabs(d));
      if (d != std::ceil(d)) intMode_ = false;
    }
    if (intMode_) {
      sci_ = hi / lo > 1000.0 || hi > 1.0e8;
    } else {
      sci_ = hi / lo > 1000.0 || hi > 1.0e8 || lo < 1.0e-4;
    }
    for (double d : vals) {
      size_t w = sci_ ? formatNumber(d, precision_, 'e').size()
                      : intMode_ ? formatNumber(d, 0, 'f').size() + 1 : formatNumber(d, precision_, 'f').size();
      width_ = std::max(width_, w);
    }
  }

  bool floating_;
  int precision_;
  bool intMode_ = true;
  bool sci_ = false;
  size_t width_ = 1;
};

// A tensor as printed: its (real) values, or for a complex tensor the views of its real and
// imaginary parts, each with its own formatter (PyTorch formats the parts separately and
// prints "re+imj", the imaginary part stripped of its padding).
struct Printed {
  View re;
  std::optional<View> im;
  const Formatter* reFormat;
  const Formatter* imFormat = nullptr;

  int64_t dim() const { return re.dim(); }
  IntArrayRef sizes() const { return re.sizes; }
  Printed sub(int64_t i) const {
    Printed p = *this;
    p.re = re.sub(i);
    if (im) p.im = im->sub(i);
    return p;
  }
  int64_t width() const {
    return static_cast<int64_t>(reFormat->width()) + (im ? static_cast<int64_t>(imFormat->width()) + 1 : 0);
  }
  std::string format() const {
    std::string r = reFormat->format(re);
    if (!im) return r;
    std::string i = imFormat->format(*im) + "j";
    i.erase(0, i.find_first_not_of(' '));
    return r + (i[0] == '+' || i[0] == '-' ? "" : "+") + i;
  }
};

bool summarisedDim(const View& v, bool summarize, const PrintOptions& o) {
  return summarize && v.sizes[0] > 2 * o.edgeitems;
}

// Indices of dim 0 that are shown; -1 marks the "..." gap.
std::vector<int64_t> shownIndices(const View& v, bool summarize, const PrintOptions& o) {
  std::vector<int64_t> idx;
  if (summarisedDim(v, summarize, o)) {
    for (int64_t i = 0; i < o.edgeitems; ++i) idx.push_back(i);
    idx.push_back(-1);
    for (int64_t i = v.sizes[0] - o.edgeitems; i < v.sizes[0]; ++i) idx.push_back(i);
  } else {
    for (int64_t i = 0; i < v.sizes[0]; ++i) idx.push_back(i);
  }
  return idx;
}

void collectShown(const View& v, bool summarize, const PrintOptions& o, std::vector<View>& out) {
  if (v.dim() == 0) {
    out.push_back(v);
    return;
  }
  for (int64_t i : shownIndices(v, summarize, o))
    if (i >= 0) collectShown(v.sub(i), summarize, o, out);
}

std::string vectorString(const Printed& v, int64_t indent, bool summarize, const PrintOptions& o) {
  const int64_t elementLength = v.width() + 2;
  const int64_t perLine = std::max<int64_t>(1, (o.linewidth - indent) / elementLength);
  std::vector<std::string> items;
  if (summarize && o.edgeitems == 0) {
    items.push_back("...");
  } else {
    for (int64_t i : shownIndices(v.re, summarize, o)) items.push_back(i < 0 ? " ..." : v.sub(i).format());
  }
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += (i % perLine == 0) ? ",\n" + std::string(indent + 1, ' ') : ", ";
    out += items[i];
  }
  return out + "]";
}

std::string tensorString(const Printed& v, int64_t indent, bool summarize, const PrintOptions& o) {
  if (v.dim() == 0) return v.format();
  if (v.dim() == 1) return vectorString(v, indent, summarize, o);
  const std::string sep = "," + std::string(v.dim() - 1, '\n') + std::string(indent + 1, ' ');
  std::string out = "[";
  bool first = true;
  for (int64_t i : shownIndices(v.re, summarize, o)) {
    if (!first) out += sep;
    first = false;
    out += i < 0 ? "..." : tensorString(v.sub(i), indent + 1, summarize, o);
  }
  return out + "]";
}

std::string sizeTuple(IntArrayRef sizes) {
  std::string s = "(";
  for (size_t i = 0; i < sizes.size(); ++i) s += (i ? ", " : "") + std::to_string(sizes[i]);
  return s + (sizes.size() == 1 ? ",)" : ")");
}

std::string addSuffixes(const std::string& body, const std::vector<std::string>& suffixes, int64_t indent,
                        int64_t linewidth) {
  std::string out = body;
  const size_t nl = body.rfind('\n');
  int64_t lastLineLen = static_cast<int64_t>(body.size()) - (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& s : suffixes) {
    const int64_t len = static_cast<int64_t>(s.size());
    if (lastLineLen + len + 2 > linewidth) {
      out += ",\n" + std::string(indent, ' ') + s;
      lastLineLen = indent + len;
    } else {
      out += ", " + s;
      lastLineLen += len + 2;
    }
  }
  return out + ")";
}

}  // namespace

const PrintOptions& printOptions() {
  std::lock_guard<std::mutex> lock(gOptionsMutex);
  return gOptions;
}

void setPrintOptions(const PrintOptions& options) {
  std::lock_guard<std::mutex> lock(gOptionsMutex);
  gOptions = options;
}

std::string repr(const Tensor& t) {
  if (!t.defined()) return "None";
  const PrintOptions o = printOptions();
  const std::string prefix = "tensor(";
  const int64_t indent = static_cast<int64_t>(prefix.size());
  const ScalarType dt = t.dtype();
  std::vector<std::string> suffixes;
  std::string body;
  if (t.numel() == 0) {
    if (t.dim() != 1) suffixes.push_back("size=" + sizeTuple(t.sizes()));
    if (dt != defaultDtype()) suffixes.push_back("dtype=" + scalarTypeTorchName(dt));
    body = "[]";
  } else if (isComplexType(dt)) {
    if (o.edgeitems == 0) suffixes.push_back("size=" + sizeTuple(t.sizes()));
    // The complex dtype matching the default float dtype is not shown.
    const ScalarType defaultComplex = defaultDtype() == kDouble ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
    if (dt != defaultComplex) suffixes.push_back("dtype=" + scalarTypeTorchName(dt));
    const bool summarize = t.numel() > o.threshold;
    const ScalarType part = dt == ScalarType::ComplexFloat ? kFloat : kDouble;
    DimVector partStrides;
    for (int64_t s : t.strides()) partStrides.push_back(2 * s);
    const char* base = static_cast<const char*>(t.data_ptr());
    const int64_t partSize = static_cast<int64_t>(elementSize(part));
    View re{base, t.sizes(), partStrides, part, partSize}, im{base + partSize, t.sizes(), partStrides, part, partSize};
    std::vector<View> shownRe, shownIm;
    collectShown(re, summarize, o, shownRe);
    collectShown(im, summarize, o, shownIm);
    Formatter fr(shownRe, true, o), fi(shownIm, true, o);
    body = tensorString(Printed{re, im, &fr, &fi}, indent, summarize, o);
  } else {
    if (o.edgeitems == 0) suffixes.push_back("size=" + sizeTuple(t.sizes()));
    const bool defaultKind = dt == defaultDtype() || dt == kLong || dt == kBool;
    if (!defaultKind) suffixes.push_back("dtype=" + scalarTypeTorchName(dt));
    const bool summarize = t.numel() > o.threshold;
    View root{static_cast<const char*>(t.data_ptr()), t.sizes(), t.strides(), dt,
              static_cast<int64_t>(t.element_size())};
    std::vector<View> shown;
    collectShown(root, summarize, o, shown);
    Formatter f(shown, isFloatingType(dt), o);
    body = tensorString(Printed{root, std::nullopt, &f}, indent, summarize, o);
  }
  if (t.requires_grad()) {
    // As PyTorch: a result of recorded ops shows its grad_fn, a leaf its flag.
    detail::GradFnNameHook nameOf = detail::gGradFnName.load(std::memory_order_relaxed);
    std::string fn = nameOf ? nameOf(t.impl()) : std::string();
    suffixes.push_back(fn.empty() ? "requires_grad=True" : "grad_fn=<" + fn + ">");
  }
  return addSuffixes(prefix + body, suffixes, indent, o.linewidth);
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << repr(t); }

}  // namespace ember
