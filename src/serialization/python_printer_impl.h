// Internals of the Python printer shared by its files: python_printer.cpp (functions, statements,
// inlining and naming), python_printer_expr.cpp (expressions), python_printer_constant.cpp
// (literals) and python_printer_class.cpp (class declarations).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/ir/ir.h"
#include "serialization/python_printer.h"

namespace ember::jit::printer_detail {

// Python's identifier rule restricted to ASCII, as attribute names are checked before printing
// them as `self.name` rather than `getattr(self, "name")`.
bool isValidIdentifier(const std::string& name);
// Whether the printer can leave the type of a list/dict literal to be inferred from its members.
bool elementTypeCanBeInferredFromMembers(const TypePtr& elemType);
// A double as PyTorch's IValue::repr writes it: `1.`, `-0.`, `0.10000000000000001`, `1e+20`, `inf`.
std::string formatDouble(double d);

class PrinterImpl {
 public:
  PrinterImpl(std::vector<IValue>& constants, PythonPrintOptions options)
      : constants_(constants), options_(std::move(options)) {}

  void printFunction(const Function& fn, bool printFirstArgumentType);
  void printGraphFunction(const Graph& graph, const FunctionSchema& schema, bool printFirstArgumentType);
  void printNamedType(const TypePtr& type);
  std::string str() const { return body_.str(); }
  const std::vector<TypePtr>& dependencies() const { return deps_; }

 private:
  // ---- python_printer.cpp: names, inlining, statements ----
  std::string genName(const std::string& candidate);
  std::string genUniqueNameFor(const Value* v);
  void assignValue(const Value* v, std::string expr) { exprTable_[v] = std::move(expr); }
  void assignValuesToTheirUniqueNames(ArrayRef<Value*> values);
  const std::string& useOf(const Value* v) const;

  bool canInline(const Value* v) const;
  Node* scanValue(Node* blockPoint, Value* v);
  Node* scanNode(Node* n);
  void scanBlock(const Block* b);
  void buildConstantList(const Block* b, std::vector<Node*>& constants) const;
  void buildConstantList(const Node* n, std::vector<Node*>& constants) const;

  bool isLongLine(const std::string& s) const;
  bool isNonConstantInline(const Value* v) const;
  void splitLongInlines(const Value* v);
  void scanLongInlines(Node* user, int64_t offset, std::vector<const Value*>& toSplitReversed);

  void indent();
  void printBody(const Block* body);
  void printBlock(const Block* b, bool hasOtherStatements);
  void printNode(Node* node, bool printConst);
  void printOutputDefinition(const Node* node, const std::string& expr);
  void printAssignment(ArrayRef<Value*> lhs, ArrayRef<Value*> rhs);
  void printIf(Node* node);
  void printLoop(Node* node);
  void printValueList(std::ostream& out, ArrayRef<Value*> values, const char* begin = "", const char* end = "",
                      const char* delimiter = ", ") const;
  void printDefaultValue(const Argument& arg, std::ostream& out, const IValue& value);

  // ---- python_printer_expr.cpp ----
  std::string printRHS(const Node* node);
  void printOpCall(std::ostream& out, const Node* node);
  void printDict(std::ostream& out, ArrayRef<Value*> keyValuePairs) const;

  // ---- python_printer_constant.cpp ----
  void printConstant(std::ostream& out, const IValue& v);
  size_t getOrAddConstant(const IValue& v);

  // ---- python_printer_class.cpp ----
  void printClass(const ClassTypePtr& cls);
  void printInterface(const InterfaceType& iface);

  // ---- dependencies ----
  std::string annotation(const TypePtr& t) const { return t->annotation_str(options_.typePrinter); }
  void registerClassDependencies(const TypePtr& type);
  void scanTypeDependencies(const Node* node);
  void addDependency(const TypePtr& type);

  struct Indented {
    explicit Indented(PrinterImpl& p) : p_(p) { ++p_.level_; }
    ~Indented() { --p_.level_; }
    PrinterImpl& p_;
  };

  std::ostringstream body_;
  int level_ = 0;
  std::vector<IValue>& constants_;
  PythonPrintOptions options_;
  std::vector<TypePtr> deps_;
  std::unordered_set<const Type*> depsSeen_;

  std::unordered_map<const Value*, std::string> exprTable_;
  std::unordered_set<const Node*> outputInline_;
  std::unordered_set<const Value*> annotatedUnions_;
  std::unordered_map<const Node*, int64_t> visitedSplitInlineUses_;
  // Names taken in the current function; the suffix counters live as long as the printer, so
  // later functions of one file continue the numbering (`_5` after `_4`), as PyTorch's do.
  std::unordered_set<std::string> usedNames_;
  std::unordered_map<std::string, size_t> nextId_;
};

}  // namespace ember::jit::printer_detail
