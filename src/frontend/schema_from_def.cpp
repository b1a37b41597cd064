#include "frontend/schema_from_def.h"

#include <sstream>

#include "frontend/error_report.h"
#include "frontend/type_annotation.h"

namespace ember::jit {
namespace {

IValue evaluateConstant(const Expr& e, const TypePtr& type) {
  switch (e.kind()) {
    case TK_CONST: {
      Const c(e.tree());
      if (c.isFloatingPoint()) return IValue(c.asFloatingPoint());
      if (c.isComplex()) return IValue(std::complex<double>(0, c.asImaginary()));
      if (type && type->kind() == TypeKind::FloatType) return IValue(static_cast<double>(c.asIntegral()));
      return IValue(c.asIntegral());
    }
    case TK_STRINGLITERAL: return IValue(StringLiteral(e.tree()).text());
    case TK_TRUE: return IValue(true);
    case TK_FALSE: return IValue(false);
    case TK_NONE: return IValue();
    case '-':
    case TK_UNARY_MINUS: {
      if (e.tree()->trees().size() == 1) {
        IValue v = evaluateConstant(Expr(e.subtree(0)), type);
        if (v.isInt()) return IValue(-v.toInt());
        if (v.isDouble()) return IValue(-v.toDouble());
      }
      break;
    }
    case TK_TUPLE_LITERAL:
    case TK_LIST_LITERAL: {
      List<Expr> items(e.subtree(0));
      TypePtr elemType;
      if (type) {
        if (auto l = type->castRaw<ListType>()) elemType = l->getElementType();
      }
      std::vector<IValue> values;
      size_t i = 0;
      for (const Expr& item : items) {
        TypePtr t = elemType;
        if (!t && type) {
          if (auto tup = type->castRaw<TupleType>(); tup && i < tup->elements().size()) t = tup->elements()[i];
        }
        values.push_back(evaluateConstant(item, t));
        ++i;
      }
      if (e.kind() == TK_TUPLE_LITERAL) return makeTuple(std::move(values));
      TypePtr elem = elemType ? elemType : (values.empty() ? TensorType::get() : values[0].type());
      return makeList(elem, std::move(values));
    }
    default: break;
  }
  throwErrorAt(e.range(), "Expected a default value of type ", type ? type->repr_str() : std::string("Any"),
               " to be a constant expression");
}

// A positional parameter without a default after one with a default has no call that binds it
// positionally; PyTorch's FunctionSchema rejects it (an internal assert in 1.13), ember at the
// parameter, with the same words.
void checkDefaultsOrder(const FunctionSchema& schema, const List<Param>& params, size_t first) {
  bool seenDefault = false;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const Argument& a = schema.arguments()[i];
    if (!seenDefault || a.defaultValue() || a.kwargOnly()) {
      seenDefault = seenDefault || a.defaultValue().has_value();
      continue;
    }
    std::ostringstream schemaText;
    schemaText << schema;
    throwErrorAt(params[first + i].range(), "Non-default positional argument follows default argument. Parameter ",
                 a.name(), " in ", schemaText.str());
  }
}

// N of a `BroadcastingListN[T]` parameter (also inside Optional[...]): such a list argument
// also accepts a single T, repeated N times.
std::optional<int32_t> broadcastingListSize(const Expr& annotation) {
  if (annotation.kind() != TK_SUBSCRIPT) return std::nullopt;
  Subscript s(annotation.tree());
  if (s.value().kind() != TK_VAR || s.subscriptExprs().size() != 1) return std::nullopt;
  const std::string& name = Var(s.value().tree()).name().name();
  if (name == "Optional") return broadcastingListSize(s.subscriptExprs()[0]);
  if (name.size() == 17 && name.rfind("BroadcastingList", 0) == 0 && name[16] >= '1' && name[16] <= '3')
    return name[16] - '0';
  return std::nullopt;
}

}  // namespace

IValue evaluateDefault(const Expr& expr, const TypePtr& type) {
  TypePtr t = type;
  if (t) {
    if (auto o = t->castRaw<OptionalType>()) t = o->getElementType();
  }
  return evaluateConstant(expr, t);
}

FunctionSchema schemaFromDef(const Def& def, bool isMethod, const TypeResolver& resolveName) {
  std::vector<Argument> args;
  auto params = def.decl().params();
  for (size_t i = isMethod ? 1 : 0; i < params.size(); ++i) {
    Param p = params[i];
    TypePtr type = p.type().present() ? parseTypeFromExpr(p.type().get(), resolveName) : TensorType::get();
    std::optional<int32_t> n = p.type().present() ? broadcastingListSize(p.type().get()) : std::nullopt;
    std::optional<IValue> def;
    if (p.defaultValue().present()) {
      def = evaluateDefault(p.defaultValue().get(), type);
      if (n && (def->isInt() || def->isDouble()))  // `padding: BroadcastingList2[int] = 0` is [0, 0]
        def = makeList(def->type(), std::vector<IValue>(static_cast<size_t>(*n), *def));
      if (!def->type()->isSubtypeOf(*type) && !def->isNone())
        throwErrorAt(p.defaultValue().get().range(), "Expected a default value of type ", type->repr_str(),
                     " on parameter \"", p.ident().name(), "\".");
    }
    args.emplace_back(p.ident().name(), type, nullptr, n, def, p.kwargOnly());
  }
  std::vector<Argument> returns;
  if (def.decl().returnType().present())
    returns.emplace_back("", parseTypeFromExpr(def.decl().returnType().get(), resolveName));
  FunctionSchema schema(def.name().name(), "", std::move(args), std::move(returns));
  checkDefaultsOrder(schema, params, isMethod ? 1 : 0);
  return schema;
}

}  // namespace ember::jit
