// Parser for Python type annotations as TorchScript understands them:
// `Dict[str, List[Optional[Tensor]]]`, `Tuple[()]`, `number`, `__torch__.foo.Bar`.
#include <cctype>

#include "ember/core/type.h"

namespace ember::jit {
namespace {

constexpr int kMaxNesting = 200;

class AnnotationParser {
 public:
  AnnotationParser(std::string_view text, const TypeResolver& resolver) : text_(text), resolver_(resolver) {}

  TypePtr parse() {
    TypePtr t = parseType(0);
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return t;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    EMBER_ERROR("Invalid type annotation '", text_, "' at position ", pos_, ": ", what);
  }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool consume(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c)) fail(std::string("expected '") + c + "'");
  }

  std::string parseDottedName() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c == '.' && pos_ > start)) ++pos_;
      else break;
    }
    if (start == pos_) fail("expected a type name");
    return std::string(text_.substr(start, pos_ - start));
  }

  std::vector<TypePtr> parseArgs(int depth) {
    std::vector<TypePtr> args;
    do {
      args.push_back(parseType(depth + 1));
    } while (consume(','));
    expect(']');
    return args;
  }

  void expectArity(const std::string& name, const std::vector<TypePtr>& args, size_t n) {
    if (args.size() != n)
      fail(name + " expects " + std::to_string(n) + " contained type" + (n == 1 ? "" : "s") + " but got " +
           std::to_string(args.size()));
  }

  TypePtr parseTuple(int depth) {
    // Tuple[()] is the empty tuple.
    skipSpace();
    if (text_.substr(pos_, 2) == "()") {
      pos_ += 2;
      expect(']');
      return TupleType::create({});
    }
    std::vector<TypePtr> elems;
    do {
      skipSpace();
      if (text_.substr(pos_, 3) == "...")
        fail("variable-length tuples (Tuple[T, ...]) are not supported in TorchScript");
      elems.push_back(parseType(depth + 1));
    } while (consume(','));
    expect(']');
    return TupleType::create(std::move(elems));
  }

  TypePtr parseType(int depth) {
    if (depth > kMaxNesting) fail("type annotation nested too deeply");
    std::string name = parseDottedName();
    if (consume('[')) return parseSubscript(name, depth);
    return parseSimple(name);
  }

  static bool isBroadcastingList(const std::string& name) {
    return name == "BroadcastingList1" || name == "BroadcastingList2" || name == "BroadcastingList3";
  }

  TypePtr parseSubscript(const std::string& name, int depth) {
    if (name == "Tuple" || name == "tuple" || name == "typing.Tuple") return parseTuple(depth);
    auto args = parseArgs(depth);
    // BroadcastingListN[T] (torch._jit_internal) is List[T]; the function schema also records N,
    // so a single T is accepted where the list is expected (schema_from_def.cpp).
    if (name == "List" || name == "list" || name == "typing.List" || isBroadcastingList(name)) {
      expectArity(name, args, 1);
      return ListType::create(args[0]);
    }
    if (name == "Dict" || name == "dict" || name == "typing.Dict") {
      expectArity(name, args, 2);
      return DictType::create(args[0], args[1]);
    }
    if (name == "Optional" || name == "typing.Optional") {
      expectArity(name, args, 1);
      if (args[0]->kind() == TypeKind::NoneType) fail("Optional[None] is not a valid type");
      // Optional[Union[T, None]] is Optional[T].
      return UnionType::create({args[0], NoneType::get()});
    }
    if (name == "Union" || name == "typing.Union") return UnionType::create(std::move(args));
    if (name == "Future" || name == "torch.jit.Future") {
      expectArity(name, args, 1);
      return FutureType::create(args[0]);
    }
    if (name == "RRef" || name == "torch.distributed.rpc.RRef") {
      expectArity(name, args, 1);
      return RRefType::create(args[0]);
    }
    fail("'" + name + "' is not a generic type");
  }

  TypePtr parseSimple(const std::string& name) {
    static const std::unordered_map<std::string, TypePtr> kBuiltins = {
        {"int", IntType::get()},          {"float", FloatType::get()},        {"bool", BoolType::get()},
        {"str", StringType::get()},       {"complex", ComplexType::get()},    {"number", NumberType::get()},
        {"Tensor", TensorType::get()},    {"torch.Tensor", TensorType::get()}, {"None", NoneType::get()},
        {"NoneType", NoneType::get()},    {"Any", AnyType::get()},            {"typing.Any", AnyType::get()},
        {"Device", DeviceObjType::get()}, {"torch.device", DeviceObjType::get()},
        // dtypes, layouts and memory formats are ints in TorchScript
        {"torch.dtype", IntType::get()},  {"torch.layout", IntType::get()},  {"torch.memory_format", IntType::get()},
        {"Stream", StreamObjType::get()}, {"torch.cuda.Stream", StreamObjType::get()},
        {"list", AnyListType::get()},     {"tuple", AnyTupleType::get()},
    };
    if (auto it = kBuiltins.find(name); it != kBuiltins.end()) return it->second;
    for (const char* generic : {"List", "Dict", "Tuple", "Optional", "Union", "Future", "RRef"}) {
      if (name == generic)
        EMBER_ERROR("Attempted to use ", name, " without a contained type. Please add a contained type, e.g. ", name,
                    "[int]");
    }
    if (resolver_) {
      if (TypePtr t = resolver_(name)) return t;
    }
    fail("Unknown type name '" + name + "'");
  }

  std::string_view text_;
  const TypeResolver& resolver_;
  size_t pos_ = 0;
};

}  // namespace

TypePtr parseTypeAnnotation(std::string_view text, const TypeResolver& resolver) {
  return AnnotationParser(text, resolver).parse();
}

}  // namespace ember::jit
