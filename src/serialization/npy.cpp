#include "ember/serialization/npy.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "ember/error.h"
#include "ember/tensor.h"
#include "serialization/bool_bytes.h"

namespace ember::jit {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DtypeCode {
  const char* code;  // without the byte-order character
  ScalarType type;
};
const DtypeCode kDtypes[] = {
    {"b1", ScalarType::Bool},   {"u1", ScalarType::Byte},  {"i1", ScalarType::Char},
    {"i2", ScalarType::Short},  {"i4", ScalarType::Int},   {"i8", ScalarType::Long},
    {"f2", ScalarType::Half},   {"f4", ScalarType::Float}, {"f8", ScalarType::Double},
};

struct Header {
  ScalarType dtype = ScalarType::Float;
  bool bigEndian = false;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
};

// The header is a Python dict literal with exactly three keys; a small scanner is enough.
std::string_view valueOf(std::string_view dict, std::string_view key) {
  for (char quote : {'\'', '"'}) {
    std::string needle = std::string(1, quote) + std::string(key) + quote;
    size_t k = dict.find(needle);
    if (k == std::string_view::npos) continue;
    size_t colon = dict.find(':', k + needle.size());
    EMBER_CHECK(colon != std::string_view::npos, "npy: malformed header near '", key, "'");
    size_t start = dict.find_first_not_of(' ', colon + 1);
    EMBER_CHECK(start != std::string_view::npos, "npy: malformed header near '", key, "'");
    size_t end;
    if (dict[start] == '(') {
      end = dict.find(')', start);
      EMBER_CHECK(end != std::string_view::npos, "npy: unterminated shape tuple");
      ++end;
    } else if (dict[start] == '\'' || dict[start] == '"') {
      end = dict.find(dict[start], start + 1);
      EMBER_CHECK(end != std::string_view::npos, "npy: unterminated string in header");
      ++end;
    } else {
      end = dict.find_first_of(",}", start);
      EMBER_CHECK(end != std::string_view::npos, "npy: malformed header near '", key, "'");
    }
    return dict.substr(start, end - start);
  }
  EMBER_ERROR("npy: header has no '", key, "' entry");
}

ScalarType parseDescr(std::string_view descr, bool& bigEndian) {
  EMBER_CHECK(descr.size() >= 2 && (descr.front() == '\'' || descr.front() == '"'),
              "npy: unsupported dtype ", descr, " (structured arrays are not supported)");
  std::string_view d = descr.substr(1, descr.size() - 2);
  EMBER_CHECK(d.size() == 3 && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '='),
              "npy: unsupported dtype '", d, "'");
  bigEndian = d[0] == '>';
  for (const auto& c : kDtypes)
    if (d.substr(1) == c.code) return c.type;
  EMBER_ERROR("npy: unsupported dtype '", d, "'");
}

std::vector<int64_t> parseShape(std::string_view tuple) {
  EMBER_CHECK(tuple.size() >= 2 && tuple.front() == '(' && tuple.back() == ')', "npy: malformed shape ", tuple);
  std::vector<int64_t> shape;
  std::string_view body = tuple.substr(1, tuple.size() - 2);
  size_t pos = 0;
  while (pos < body.size()) {
    size_t comma = body.find(',', pos);
    std::string_view item = body.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    size_t a = item.find_first_not_of(' '), b = item.find_last_not_of(' ');
    if (a != std::string_view::npos) {
      item = item.substr(a, b - a + 1);
      int64_t v = 0;
      for (char ch : item) {
        EMBER_CHECK(ch >= '0' && ch <= '9', "npy: malformed shape ", tuple);
        EMBER_CHECK(v <= (int64_t(1) << 50), "npy: dimension too large in ", tuple);
        v = v * 10 + (ch - '0');
      }
      shape.push_back(v);
      EMBER_CHECK(shape.size() <= 64, "npy: too many dimensions");
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return shape;
}

Header parseHeader(std::string_view text) {
  Header h;
  h.dtype = parseDescr(valueOf(text, "descr"), h.bigEndian);
  std::string_view order = valueOf(text, "fortran_order");
  EMBER_CHECK(order == "True" || order == "False", "npy: malformed fortran_order ", order);
  h.fortranOrder = order == "True";
  h.shape = parseShape(valueOf(text, "shape"));
  return h;
}

void byteSwap(char* data, size_t count, size_t width) {
  for (size_t i = 0; i < count; ++i) std::reverse(data + i * width, data + (i + 1) * width);
}

uint32_t readLittle(const unsigned char* p, size_t n) {
  uint32_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= uint32_t(p[i]) << (8 * i);
  return v;
}

}  // namespace

Tensor parseNpy(std::string_view bytes) {
  EMBER_CHECK(bytes.size() >= kMagicSize + 4 && std::memcmp(bytes.data(), kMagic, kMagicSize) == 0,
              "npy: not a .npy file (bad magic)");
  auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  int major = u[6];
  EMBER_CHECK(major >= 1 && major <= 3, "npy: unsupported format version ", major);
  size_t lenBytes = major == 1 ? 2 : 4;
  EMBER_CHECK(bytes.size() >= 8 + lenBytes, "npy: truncated header");
  size_t headerLen = readLittle(u + 8, lenBytes);
  size_t dataStart = 8 + lenBytes + headerLen;
  EMBER_CHECK(dataStart <= bytes.size(), "npy: truncated header");
  Header h = parseHeader(bytes.substr(8 + lenBytes, headerLen));

  int64_t numel = 1;
  for (int64_t d : h.shape) {
    EMBER_CHECK(d == 0 || numel <= INT64_MAX / d, "npy: shape too large");
    numel *= d;
  }
  size_t width = elementSize(h.dtype);
  size_t available = bytes.size() - dataStart;
  EMBER_CHECK(static_cast<uint64_t>(numel) <= available / width, "npy: truncated data: shape needs ",
              numel * width, " bytes but the file holds ", available);

  // Fortran order is the reversed shape in C order, transposed back.
  std::vector<int64_t> storedShape = h.shape;
  if (h.fortranOrder) std::reverse(storedShape.begin(), storedShape.end());
  Tensor t = empty(storedShape, TensorOptions(h.dtype));
  if (numel > 0) std::memcpy(t.data_ptr(), bytes.data() + dataStart, numel * width);
  if (h.bigEndian && width > 1) byteSwap(static_cast<char*>(t.data_ptr()), numel, width);
  if (h.dtype == ScalarType::Bool) detail::normalizeBoolBytes(t.data_ptr(), static_cast<size_t>(numel));
  if (h.fortranOrder && t.dim() > 1) {
    std::vector<int64_t> perm(t.dim());
    for (int64_t i = 0; i < t.dim(); ++i) perm[i] = t.dim() - 1 - i;
    t = t.permute(perm).contiguous();
  }
  return t;
}

Tensor loadNpy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EMBER_CHECK(in, "cannot open '", path, "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parseNpy(buffer.str());
}

std::string serializeNpy(const Tensor& tensor) {
  const char* code = nullptr;
  for (const auto& c : kDtypes)
    if (c.type == tensor.dtype()) code = c.code;
  EMBER_CHECK(code, "npy: cannot save dtype ", tensor.dtype());
  std::ostringstream dict;
  dict << "{'descr': '" << (elementSize(tensor.dtype()) == 1 ? '|' : '<') << code
       << "', 'fortran_order': False, 'shape': (";
  for (int64_t d : tensor.sizes()) dict << d << ", ";
  std::string shape = dict.str();
  if (tensor.dim() > 0) shape.erase(shape.size() - 1);  // (2, 3) and (5,) as NumPy writes them
  if (tensor.dim() > 1) shape.erase(shape.size() - 1);
  std::string header = shape + "), }";
  // Pad with spaces so that the data starts at a multiple of 64, ending in a newline.
  size_t total = kMagicSize + 4 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::string out(kMagic, kMagicSize);
  out.push_back('\x01');
  out.push_back('\x00');
  out.push_back(static_cast<char>(header.size() & 0xff));
  out.push_back(static_cast<char>(header.size() >> 8));
  out += header;
  Tensor c = tensor.contiguous();
  out.append(static_cast<const char*>(c.data_ptr()), c.nbytes());
  return out;
}

void saveNpy(const Tensor& tensor, const std::string& path) {
  std::string bytes = serializeNpy(tensor);
  std::ofstream out(path, std::ios::binary);
  EMBER_CHECK(out, "cannot write '", path, "'");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  EMBER_CHECK(out, "cannot write '", path, "'");
}

}  // namespace ember::jit
