#include "core/tensor_cpp_print.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <vector>

#include "ember/tensor.h"

namespace ember::jit {
namespace {

constexpr int64_t kLineSize = 80;

// The number layout chosen for a set of values: a divisor, a field width, and the stream's
// notation (set on `out` as a side effect, as the layout applies to everything printed next).
struct Layout {
  double scale = 1;
  int64_t width = 0;
};

// Integral values print without decimals; otherwise 4 decimals, scaled by a power of ten when
// all magnitudes are large or small alike, or scientific when they span more than 4 decades.
// The range is taken over finite values. The test against the largest value compares its
// signed value, as PyTorch does, so negative numbers never raise it.
Layout chooseLayout(std::ostream& out, const double* p, int64_t n) {
  Layout layout;
  if (n == 0) return layout;
  bool integral = true;
  for (int64_t i = 0; i < n; ++i)
    if (std::isfinite(p[i]) && p[i] != std::ceil(p[i])) integral = false;
  int64_t first = 0;
  while (first < n && !std::isfinite(p[first])) ++first;
  double expMin = 1, expMax = 1;
  if (first < n) {
    double lo = std::fabs(p[first]), hi = lo;
    for (int64_t i = first; i < n; ++i) {
      double z = std::fabs(p[i]);
      if (!std::isfinite(z)) continue;
      if (z < lo) lo = z;
      if (p[i] > hi) hi = z;
    }
    expMin = lo != 0 ? std::floor(std::log10(lo)) + 1 : 1;
    expMax = hi != 0 ? std::floor(std::log10(hi)) + 1 : 1;
  }
  if (integral) {
    if (expMax > 9) {
      layout.width = 11;
      out << std::scientific << std::setprecision(4);
    } else {
      layout.width = static_cast<int64_t>(expMax) + 1;
      out << std::defaultfloat;
    }
  } else if (expMax - expMin > 4) {
    layout.width = 11;
    if (std::fabs(expMax) > 99 || std::fabs(expMin) > 99) ++layout.width;
    out << std::scientific << std::setprecision(4);
  } else {
    if (expMax > 5 || expMax < 0) {
      layout.width = 7;
      layout.scale = std::pow(10, expMax - 1);
    } else {
      layout.width = expMax == 0 ? 7 : static_cast<int64_t>(expMax) + 6;
    }
    out << std::fixed << std::setprecision(4);
  }
  return layout;
}

void printScale(std::ostream& out, double scale) {
  std::ios_base::fmtflags flags = out.flags();
  std::streamsize precision = out.precision();
  out << std::defaultfloat << scale << " *\n";
  out.flags(flags);
  out.precision(precision);
}

void indent(std::ostream& out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out << ' ';
}

// A rows x cols block of doubles (row-major), in groups of columns that fit the line.
void printMatrix(std::ostream& out, const double* p, int64_t rows, int64_t cols, int64_t ind) {
  Layout layout = chooseLayout(out, p, rows * cols);
  indent(out, ind);
  int64_t perLine = (kLineSize - ind) / (layout.width + 1);
  for (int64_t firstCol = 0; firstCol < cols;) {
    int64_t lastCol = firstCol + perLine <= cols ? firstCol + perLine - 1 : cols - 1;
    if (perLine < cols) {
      if (firstCol != 0) out << '\n';
      out << "Columns " << firstCol + 1 << " to " << lastCol + 1;
      indent(out, ind);
    }
    if (layout.scale != 1) {
      printScale(out, layout.scale);
      indent(out, ind);
    }
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = firstCol; c <= lastCol; ++c) {
        out << std::setw(static_cast<int>(layout.width)) << p[r * cols + c] / layout.scale;
        if (c != lastCol) {
          out << ' ';
          continue;
        }
        out << '\n';
        if (r != rows - 1) {
          indent(out, ind);
          if (layout.scale != 1) out << ' ';
        }
      }
    }
    firstCol = lastCol + 1;
  }
}

// Beyond two dimensions: one matrix per index of the leading dimensions, the first leading
// index varying fastest, each headed "(i,j,.,.) = ".
void printBlocks(std::ostream& out, const double* p, const std::vector<int64_t>& sizes) {
  size_t lead = sizes.size() - 2;
  int64_t rows = sizes[lead], cols = sizes[lead + 1];
  std::vector<int64_t> strides(sizes.size(), 1);
  for (size_t i = sizes.size() - 1; i-- > 0;) strides[i] = strides[i + 1] * sizes[i + 1];
  std::vector<int64_t> counter(lead, 0);
  for (bool first = true;; first = false) {
    if (!first) {
      size_t i = 0;
      while (i < lead && ++counter[i] >= sizes[i]) counter[i++] = 0;
      if (i == lead) return;
      out << '\n';
    }
    out << "(";
    int64_t offset = 0;
    for (size_t i = 0; i < lead; ++i) {
      offset += counter[i] * strides[i];
      out << counter[i] + 1 << ",";
    }
    out << ".,.) = \n";
    printMatrix(out, p + offset, rows, cols, 1);
  }
}

std::string typeString(const Tensor& t) { return std::string("CPU") + scalarTypeName(t.scalar_type()) + "Type"; }

}  // namespace

void printTensorCppStyle(std::ostream& os, const Tensor& t) {
  if (!t.defined()) {
    os << "[ Tensor (undefined) ]";
    return;
  }
  if (isComplexType(t.scalar_type())) {  // not printable as doubles: Python's form instead
    os << ember::repr(t);
    return;
  }
  Tensor d = t.to(kDouble).contiguous();
  const double* p = d.data_ptr<double>();
  std::vector<int64_t> sizes(d.sizes().begin(), d.sizes().end());
  std::ostringstream out;  // the layouts change the stream's notation; `os` keeps its own
  if (sizes.empty()) {
    out << std::defaultfloat << p[0] << '\n';
  } else if (d.numel() > 0 && sizes.size() == 1) {
    Layout layout = chooseLayout(out, p, sizes[0]);
    if (layout.scale != 1) printScale(out, layout.scale);
    for (int64_t i = 0; i < sizes[0]; ++i) out << std::setw(static_cast<int>(layout.width)) << p[i] / layout.scale << '\n';
  } else if (d.numel() > 0 && sizes.size() == 2) {
    printMatrix(out, p, sizes[0], sizes[1], 0);
  } else if (d.numel() > 0) {
    printBlocks(out, p, sizes);
  }
  out << "[ " << typeString(t) << "{";
  for (size_t i = 0; i < sizes.size(); ++i) out << (i ? "," : "") << sizes[i];
  out << "} ]";
  os << out.str();
}

}  // namespace ember::jit
