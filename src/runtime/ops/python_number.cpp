#include "runtime/ops/python_number.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>

namespace ember::jit::py {

double modDouble(double a, double b) {
  EMBER_CHECK(b != 0.0, "ZeroDivisionError");
  double r = std::fmod(a, b);
  if (r != 0.0) {
    if ((b < 0) != (r < 0)) r += b;
  } else {
    r = std::copysign(0.0, b);  // Python: the zero takes the sign of the divisor
  }
  return r;
}

double floordivDouble(double a, double b) {
  EMBER_CHECK(b != 0.0, "ZeroDivisionError");
  // Python's float_floor_div: derive the quotient from fmod so that a == q*b + r exactly.
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div == 0.0) return std::copysign(0.0, a / b);
  double floorDiv = std::floor(div);
  if (div - floorDiv > 0.5) floorDiv += 1.0;
  return floorDiv;
}

int64_t powInt(int64_t base, int64_t exp) {
  uint64_t result = 1;
  uint64_t b = static_cast<uint64_t>(base);
  while (exp > 0) {
    if (exp & 1) result *= b;
    b *= b;
    exp >>= 1;
  }
  return static_cast<int64_t>(result);
}

int64_t truncToInt(double d) {
  constexpr double kLimit = 9223372036854775808.0;  // 2^63
  if (std::isnan(d) || d >= kLimit || d < -kLimit) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

int64_t integralDoubleToInt(double d) {
  if (std::isnan(d) || std::isinf(d)) {
    const char* text = std::isnan(d) ? "nan" : (d > 0 ? "inf" : "-inf");
    EMBER_CHECK(false, "Cannot convert float ", text, " to integer");
  }
  return truncToInt(d);
}

int64_t parseInt(std::string_view s) {
  // std::stoll's rules (what TorchScript uses): leading whitespace, a sign, then digits that
  // must reach the end of the string.
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  size_t digitsStart = i;
  uint64_t value = 0;
  bool overflow = false;
  for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i) {
    uint64_t d = static_cast<uint64_t>(s[i] - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - d) / 10) overflow = true;
    value = value * 10 + d;
  }
  // No digits at all: std::stoll itself fails, and TorchScript reports only its name.
  EMBER_CHECK(i > digitsStart, "stoll");
  EMBER_CHECK_KIND(Value, i == s.size(), "invalid literal for int() with base 10: '", s, "'");
  uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  EMBER_CHECK_KIND(Value, !overflow && value <= limit, "int() argument out of range: '", s, "'");
  return negative ? static_cast<int64_t>(0 - value) : static_cast<int64_t>(value);
}

double parseDouble(std::string_view s) {
  std::string text(s);
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(begin, &end);
  // Nothing parsed: std::stod itself fails, and TorchScript reports only its name.
  EMBER_CHECK(end != begin, "stod");
  EMBER_CHECK_KIND(Value, static_cast<size_t>(end - begin) == text.size(), "could not convert string to float: '", s, "'");
  return v;
}

void sliceBounds(std::optional<int64_t> startV, std::optional<int64_t> endV, int64_t step, int64_t size,
                 int64_t& first, int64_t& count) {
  EMBER_CHECK_KIND(Value, step != 0, "List slice should have non-zero step");
  auto clampIndex = [&](std::optional<int64_t> v, int64_t deflt) {
    if (!v) return deflt;
    int64_t i = *v;
    if (i < 0) {
      i = i < -size ? (step < 0 ? -1 : 0) : i + size;
    } else if (i >= size) {
      i = step < 0 ? size - 1 : size;
    }
    return i;
  };
  first = clampIndex(startV, step < 0 ? size - 1 : 0);
  int64_t end = clampIndex(endV, step < 0 ? -1 : size);
  // Unsigned arithmetic: step may be INT64_MIN.
  if (step < 0) {
    count = end < first ? static_cast<int64_t>(static_cast<uint64_t>(first - end - 1) / (0 - static_cast<uint64_t>(step)) + 1) : 0;
  } else {
    count = first < end ? (end - first - 1) / step + 1 : 0;
  }
}

int64_t gcd(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y != 0) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  return static_cast<int64_t>(x);
}

int64_t factorial(int64_t n) {
  EMBER_CHECK_KIND(Value, n >= 0, "factorial() not defined for negative values");
  uint64_t r = 1;
  for (int64_t i = 2; i <= n; ++i) r *= static_cast<uint64_t>(i);
  return static_cast<int64_t>(r);
}

}  // namespace ember::jit::py
