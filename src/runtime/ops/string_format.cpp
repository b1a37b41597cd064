// str.format as TorchScript implements it: each `{}` takes the next argument, printed the way
// print() shows values (`1.`, `[1, 2]`); other replacement fields are copied literally, and
// surplus arguments are ignored. And `fmt % args` (aten::percentFormat) with the conversions
// TorchScript supports: %d %i %e %f %c %s %%.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

std::string formatString(const std::string& format, const IValue* args, size_t numArgs) {
  std::ostringstream os;
  size_t used = 0;
  for (size_t begin = 0;;) {
    size_t loc = format.find("{}", begin);
    if (loc == std::string::npos) {
      os << format.substr(begin);
      break;
    }
    os << format.substr(begin, loc - begin);
    EMBER_CHECK(used < numArgs, "Too few arguments for format string: ", format);
    os << args[used++];
    begin = loc + 2;
  }
  return os.str();
}

NodeOperation createFormat(const Node* node) {
  size_t n = ops::nodeInputCount(node, "aten::format");
  EMBER_CHECK(n >= 1, "aten::format needs a format string");
  return [n](Stack& stack) {
    std::string out = formatString(peek(stack, 0, n).toStringRef(), stack.data() + (stack.size() - n + 1), n - 1);
    drop(stack, n);
    push(stack, std::move(out));
  };
}

std::string printfNumber(const char* spec, double v) {
  char buf[512];
  std::snprintf(buf, sizeof(buf), spec, v);
  return buf;
}

// One %-conversion of `arg`.
std::string percentConvert(char key, const IValue& arg) {
  switch (key) {
    case 'd':
    case 'i': {
      EMBER_CHECK(arg.isInt() || arg.isDouble() || arg.isBool(), "%", key, " requires a number for formatting, but got ",
                  arg.tagKind());
      if (arg.isDouble()) {
        double d = std::trunc(arg.toDouble());
        EMBER_CHECK(std::isfinite(d), "cannot convert float ", arg.toDouble(), " to integer");
        return std::to_string(static_cast<int64_t>(d));
      }
      return std::to_string(arg.isInt() ? arg.toInt() : static_cast<int64_t>(arg.toBool()));
    }
    case 'e':
    case 'f': {
      EMBER_CHECK(arg.isInt() || arg.isDouble() || arg.isBool(), "%", key, " requires a number for formatting, but got ",
                  arg.tagKind());
      double d = arg.isDouble() ? arg.toDouble() : arg.isInt() ? static_cast<double>(arg.toInt()) : arg.toBool();
      return printfNumber(key == 'e' ? "%e" : "%f", d);
    }
    case 'c':
      if (arg.isInt()) return std::string(1, static_cast<char>(arg.toInt()));
      EMBER_CHECK(arg.isString() && arg.toStringRef().size() == 1, "%c requires an int or char for formatting, but got ",
                  arg.tagKind());
      return arg.toStringRef();
    case 's': {
      std::ostringstream os;
      os << arg;
      return os.str();
    }
    default:
      EMBER_ERROR("The specifier %", key, " is not supported in TorchScript format strings");
  }
}

std::string percentFormat(const std::string& format, const IValue& args) {
  const std::vector<IValue>* tuple = args.isTuple() ? &args.toTupleRef().elements : nullptr;
  size_t numArgs = tuple ? tuple->size() : 1;
  size_t used = 0;
  std::string out;
  for (size_t begin = 0;;) {
    size_t pct = format.find('%', begin);
    if (pct == std::string::npos) {
      out += format.substr(begin);
      break;
    }
    out += format.substr(begin, pct - begin);
    EMBER_CHECK(pct + 1 < format.size(), "Incomplete format specifier");
    char key = format[pct + 1];
    begin = pct + 2;
    if (key == '%') {
      out += '%';
      continue;
    }
    EMBER_CHECK(used < numArgs, "Too few arguments for format string");
    out += percentConvert(key, tuple ? (*tuple)[used] : args);
    ++used;
  }
  EMBER_CHECK(used == numArgs, "Too many arguments for format string");
  return out;
}

// The frontend emits `fmt % args` with two inputs (a tuple when there are several values);
// without a node that is the form assumed.
NodeOperation createPercentFormat(const Node* node) {
  size_t n = node ? node->inputs().size() : 2;
  EMBER_CHECK(n == 2, "aten::percentFormat expects a format string and one argument, got ", n, " inputs");
  return [](Stack& stack) {
    IValue args = pop(stack);
    stack.back() = IValue(percentFormat(stack.back().toStringRef(), args));
  };
}

RegisterOperators reg({
    Operator("aten::format(str self, ...) -> str", createFormat, AliasAnalysisKind::FROM_SCHEMA),
    Operator("aten::percentFormat(str self, ...) -> str", createPercentFormat, AliasAnalysisKind::FROM_SCHEMA),
});

}  // namespace
}  // namespace ember::jit
