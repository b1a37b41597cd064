#include "frontend/type_annotation.h"

#include <string_view>
#include <vector>

#include "frontend/error_report.h"

namespace ember::jit {
namespace {

std::string annotationText(const Expr& e);

// The members of `A | B | None` (PEP 604), left to right.
void unionMembers(const Expr& e, std::vector<std::string>& out) {
  if (e.kind() == '|') {
    BinOp op(e.tree());
    unionMembers(op.lhs(), out);
    unionMembers(op.rhs(), out);
    return;
  }
  out.push_back(annotationText(e));
}

// `X | None` is Optional[X]; other unions are Union[...].
std::string unionText(const Expr& e) {
  std::vector<std::string> members;
  unionMembers(e, members);
  std::vector<std::string> rest;
  for (const std::string& m : members)
    if (m != "None" && m != "NoneType") rest.push_back(m);
  auto join = [](const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
  };
  if (rest.size() == 1 && members.size() == 2) return "Optional[" + rest[0] + "]";
  return "Union[" + join(members) + "]";
}

// The annotation as Python source text, without comments or line breaks.
std::string annotationText(const Expr& e) {
  switch (e.kind()) {
    case '|': return unionText(e);
    case TK_STRINGLITERAL: return StringLiteral(e.tree()).text();
    case TK_NONE: return "None";
    case TK_NONE_TYPE: return "NoneType";  // how archives spell the type of None
    case TK_VAR: return Var(e.tree()).name().name();
    case '.': return annotationText(Select(e.tree()).value()) + "." + Select(e.tree()).selector().name();
    case TK_SUBSCRIPT: {
      Subscript s(e.tree());
      std::string out = annotationText(s.value()) + "[";
      bool first = true;
      for (const Expr& sub : s.subscriptExprs()) {
        if (!first) out += ", ";
        first = false;
        out += annotationText(sub);
      }
      return out + "]";
    }
    case TK_TUPLE_LITERAL: {
      TupleLiteral t(e.tree());
      std::string out;
      bool first = true;
      for (const Expr& sub : t.inputs()) {
        if (!first) out += ", ";
        first = false;
        out += annotationText(sub);
      }
      return t.inputs().empty() ? "()" : out;
    }
    case TK_LIST_LITERAL: {
      // Callable[[int], int] style arguments are not types TorchScript knows.
      throwErrorAt(e.range(), "Unknown type annotation: '", e.range().text(), "'");
    }
    default: throwErrorAt(e.range(), "Expression of type ", kindToString(e.kind()), " cannot be used in a type expression");
  }
}

}  // namespace

ParsedAnnotation parseAnnotation(const Expr& annotation, const TypeResolver& resolveName) {
  ParsedAnnotation out;
  Expr e = annotation;
  if (e.kind() == TK_SUBSCRIPT) {
    Subscript s(e.tree());
    std::string base = annotationText(s.value());
    if (base == "Final" || base == "typing.Final" || base == "torch.jit.Final" || base == "typing_extensions.Final") {
      if (s.subscriptExprs().size() != 1) throwErrorAt(e.range(), "Final should have exactly one type argument");
      out.isFinal = true;
      e = s.subscriptExprs()[0];
    }
  }
  std::string text = annotationText(e);
  try {
    out.type = parseTypeAnnotation(text, resolveName);
  } catch (const ErrorReport&) {
    throw;
  } catch (const Error& err) {
    std::string msg = err.message();
    if (msg.rfind("Invalid type annotation", 0) == 0 && msg.find("Unknown type name") != std::string::npos)
      throwErrorAt(annotation.range(), "Unknown type name '", text, "'");
    throwErrorAt(annotation.range(), msg);
  }
  return out;
}

TypePtr parseTypeFromExpr(const Expr& annotation, const TypeResolver& resolveName) {
  ParsedAnnotation parsed = parseAnnotation(annotation, resolveName);
  if (parsed.isFinal) throwErrorAt(Subscript(annotation.tree()).value().range(), "Unknown type constructor Final");
  return parsed.type;
}

}  // namespace ember::jit
