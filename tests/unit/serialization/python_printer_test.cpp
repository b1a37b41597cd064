// The Python printer on hand-written graphs. Every expected text below is what PyTorch 1.13
// printed for the same graph (torch._C.parse_ir + torch._C._create_function_from_graph(...).code,
// or the `code/` files of torch.jit.save); the differential suite in tests/compat/printer covers
// the program corpus and modules.
#include <gtest/gtest.h>

#include "ember/core/enum_type.h"
#include "ember/core/function_schema.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/runtime/graph_function.h"
#include "serialization/python_printer.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parse(const std::string& text, const IRParseOptions& options = {}) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g, options);
  return g;
}

TEST(PythonPrinter, LongInlinedExpressionsAreSplit) {
  auto g = parse(R"IR(graph(%x : Tensor, %y : Tensor):
  %1 : int = prim::Constant[value=1]()
  %2 : Tensor = aten::add(%x, %y, %1)
  %3 : Tensor = aten::add(%2, %y, %1)
  %4 : Tensor = aten::add(%3, %y, %1)
  %5 : Tensor = aten::add(%4, %y, %1)
  %6 : Tensor = aten::add(%5, %y, %1)
  %7 : Tensor = aten::add(%6, %y, %1)
  return (%7))IR");
  EXPECT_EQ(pythonPrint(*g, "fn"),
            "def fn(x: Tensor,\n"
            "    y: Tensor) -> Tensor:\n"
            "  _0 = torch.add(torch.add(torch.add(x, y), y), y)\n"
            "  _1 = torch.add(torch.add(torch.add(_0, y), y), y)\n"
            "  return _1\n");
}

TEST(PythonPrinter, LongLineThresholdIsFortyColumnsWithIndentation) {
  // 37 characters at one level of indentation stay inline; 38 do not.
  for (const char* y : {"y", "yy"}) {
    auto g = parse(std::string("graph(%x : Tensor, %") + y + R"IR( : Tensor):
  %1 : int = prim::Constant[value=1]()
  %2 : Tensor = aten::neg(%x)
  %3 : Tensor = aten::neg(%2)
  %4 : Tensor = aten::add(%3, %)IR" + y + R"IR(, %1)
  return (%4))IR");
    std::string expected = std::string(y) == "y"
                               ? "def two(x: Tensor,\n    y: Tensor) -> Tensor:\n"
                                 "  return torch.add(torch.neg(torch.neg(x)), y)\n"
                               : "def two(x: Tensor,\n    yy: Tensor) -> Tensor:\n"
                                 "  _0 = torch.add(torch.neg(torch.neg(x)), yy)\n"
                                 "  return _0\n";
    EXPECT_EQ(pythonPrint(*g, "two"), expected);
  }
}

TEST(PythonPrinter, OnlyValuesAtTheExpectedPointAreInlined) {
  // %2 is computed before %3, so inlining it into %4 would swap the two multiplications.
  auto g = parse(R"IR(graph(%x : Tensor, %y : Tensor):
  %1 : int = prim::Constant[value=1]()
  %2 : Tensor = aten::mul(%x, %y)
  %3 : Tensor = aten::mul(%y, %y)
  %4 : Tensor = aten::add(%3, %2, %1)
  %5 : Tensor = aten::add(%4, %y, %1)
  %6 : Tensor = aten::add(%y, %5, %1)
  %7 : Tensor = aten::add(%y, %6, %1)
  return (%7))IR");
  EXPECT_EQ(pythonPrint(*g, "fn"),
            "def fn(x: Tensor,\n"
            "    y: Tensor) -> Tensor:\n"
            "  _0 = torch.mul(x, y)\n"
            "  _1 = torch.add(torch.add(torch.mul(y, y), _0), y)\n"
            "  return torch.add(y, torch.add(y, _1))\n");
}

TEST(PythonPrinter, ConstantsInlineOrGoToTheTable) {
  auto g = parse(R"IR(graph(%x : Tensor):
  %a : str = prim::Constant[value="a\001b"]()
  %b : int[] = prim::Constant[value=[1, 2]]()
  %c : float[] = prim::Constant[value=[1.5, 2.]]()
  %d : Device = prim::device(%x)
  %e : int = prim::Constant[value=7]()
  %f : bool = prim::Constant[value=1]()
  %g : Long(requires_grad=0, device=cpu) = prim::Constant[value={2}]()
  %h : int = prim::Constant[value=4]()
  %r : (str, int[], float[], Device, int, bool, Tensor, int) = prim::TupleConstruct(%a, %b, %c, %d, %e, %f, %g, %h)
  return (%r))IR");
  std::vector<IValue> table;
  EXPECT_EQ(pythonPrint(*g, "fn", &table),
            "def fn(x: Tensor) -> Tuple[str, List[int], List[float], Device, int, bool, Tensor, int]:\n"
            "  d = ops.prim.device(x)\n"  // named values keep their statement (PyTorch's canInline)
            "  r = (\"a\\001b\", [1, 2], [1.5, 2.], d, 7, True, CONSTANTS.c0, 4)\n"
            "  return r\n");
  ASSERT_EQ(table.size(), 1u);
  ASSERT_TRUE(table[0].isTensor());
  EXPECT_EQ(table[0].toTensor().item<int64_t>(), 2);
}

TEST(PythonPrinter, ControlFlowAndNames) {
  // The spec's example: `if y > 2: x = x + z else: x = x + y`, as TorchScript compiled it.
  auto g = parse(R"IR(graph(%x.1 : Tensor,
      %y : int,
      %z : float):
  %5 : int = prim::Constant[value=1]()
  %3 : int = prim::Constant[value=2]()
  %4 : bool = aten::gt(%y, %3)
  %x : Tensor = prim::If(%4)
    block0():
      %x.2 : Tensor = aten::add(%x.1, %z, %5)
      -> (%x.2)
    block1():
      %x.3 : Tensor = aten::add(%x.1, %y, %5)
      -> (%x.3)
  return (%x))IR");
  EXPECT_EQ(pythonPrint(*g, "forward"),
            "def forward(x: Tensor,\n"
            "    y: int,\n"
            "    z: float) -> Tensor:\n"
            "  if torch.gt(y, 2):\n"
            "    x0 = torch.add(x, z)\n"
            "  else:\n"
            "    x0 = torch.add(x, y)\n"
            "  return x0\n");
}

TEST(PythonPrinter, ForAndWhileLoops) {
  // From `for i in range(y): x = x * 2 + i` and `while n > 0: s += n; n -= 1`.
  auto g = parse(R"IR(graph(%x.1 : Tensor,
      %y.1 : int):
  %25 : bool = prim::Constant[value=1]()
  %4 : int = prim::Constant[value=2]()
  %s.1 : int = prim::Constant[value=0]()
  %35 : int = prim::Constant[value=9223372036854775807]()
  %45 : int = prim::Constant[value=1]()
  %x : Tensor = prim::Loop(%y.1, %25, %x.1)
    block0(%i.1 : int, %x.41 : Tensor):
      %28 : Tensor = aten::mul(%x.41, %4)
      %x.27 : Tensor = aten::add(%28, %i.1, %45)
      -> (%25, %x.27)
  %121 : bool = aten::gt(%y.1, %s.1)
  %s : int, %n : int = prim::Loop(%35, %121, %s.1, %y.1)
    block0(%39 : int, %s.11 : int, %n.11 : int):
      %s.5 : int = aten::add(%s.11, %n.11)
      %n.7 : int = aten::sub(%n.11, %45)
      %37 : bool = aten::gt(%n.7, %s.1)
      -> (%37, %s.5, %n.7)
  %r : (Tensor, int) = prim::TupleConstruct(%x, %s)
  return (%r))IR");
  EXPECT_EQ(pythonPrint(*g, "f"),
            "def f(x: Tensor,\n"
            "    y: int) -> Tuple[Tensor, int]:\n"
            "  x0 = x\n"
            "  for i in range(y):\n"
            "    x0 = torch.add(torch.mul(x0, 2), i)\n"
            "  s = 0\n"
            "  n = y\n"
            "  _0 = torch.gt(y, 0)\n"
            "  while _0:\n"
            "    s0 = torch.add(s, n)\n"
            "    n0 = torch.sub(n, 1)\n"
            "    _0, s, n = torch.gt(n0, 0), s0, n0\n"
            "  return (x0, s)\n");
}

TEST(PythonPrinter, OptionalAssignmentsAreAnnotatedOnce) {
  auto g = parse(R"IR(graph(%c.1 : bool,
      %n.1 : int):
  %x.1 : NoneType = prim::Constant()
  %x : int? = prim::If(%c.1)
    block0():
      -> (%x.1)
    block1():
      -> (%n.1)
  return (%x))IR");
  EXPECT_EQ(pythonPrint(*g, "h"),
            "def h(c: bool,\n"
            "    n: int) -> Optional[int]:\n"
            "  if c:\n"
            "    x : Optional[int] = None\n"
            "  else:\n"
            "    x = n\n"
            "  return x\n");
}

TEST(PythonPrinter, AssertAndRaise) {
  auto g = parse(R"IR(graph(%y.1 : int):
  %65 : NoneType = prim::Constant()
  %130 : str = prim::Constant[value="AssertionError: neg"]()
  %s.1 : int = prim::Constant[value=0]()
  %60 : bool = aten::gt(%y.1, %s.1)
   = prim::If(%60)
    block0():
      -> ()
    block1():
       = prim::RaiseException(%130, %65)
      -> ()
  return (%y.1))IR");
  EXPECT_EQ(pythonPrint(*g, "f"),
            "def f(y: int) -> int:\n"
            "  if torch.gt(y, 0):\n"
            "    pass\n"
            "  else:\n"
            "    ops.prim.RaiseException(\"AssertionError: neg\")\n"
            "  return y\n");
}

TEST(PythonPrinter, ModifiedLoopIsAnError) {
  // A condition that is not constant together with a real trip count cannot be Python.
  auto g = parse(R"IR(graph(%n : int, %c : bool):
  %t : bool = prim::Constant[value=1]()
  prim::Loop(%n, %c)
    block0(%i : int):
      -> (%t)
  return (%n))IR");
  EXPECT_THROW(pythonPrint(*g, "f"), Error);
}

// The ModuleList class of an archive: attribute names that are not identifiers.
TEST(PythonPrinter, ModuleClassWithNonIdentifierAttributes) {
  auto sub = ClassType::create("__torch__.Sub", true);
  auto list = ClassType::create("__torch__.torch.nn.modules.container.ModuleList", true);
  list->addAttribute("training", BoolType::get());
  list->addAttribute("_is_full_backward_hook", NoneType::get());
  list->addAttribute("0", sub);
  list->addAttribute("1", sub);
  IRParseOptions opts;
  opts.resolveClass = [&](const std::string& n) -> TypePtr { return n == list->qualifiedName() ? list : nullptr; };
  GraphFunction len(list->qualifiedName() + ".__len__", parse(R"IR(graph(%self : __torch__.torch.nn.modules.container.ModuleList):
  %1 : int = prim::Constant[value=2]()
  return (%1))IR", opts));
  len.setSchema(parseSchema("__len__(__torch__.torch.nn.modules.container.ModuleList self) -> int",
                            [&](const std::string&) -> TypePtr { return list; }));
  list->addMethod(&len);
  std::vector<IValue> table;
  PythonPrinter printer(table, PythonPrintOptions{nullptr, true, nullptr});
  printer.printNamedType(list);
  EXPECT_EQ(printer.str(),
            "class ModuleList(Module):\n"
            "  __parameters__ = []\n"
            "  __buffers__ = []\n"
            "  training : bool\n"
            "  _is_full_backward_hook : NoneType\n"
            "  __annotations__[\"0\"] = __torch__.Sub\n"
            "  __annotations__[\"1\"] = __torch__.Sub\n"
            "  def __len__(self: __torch__.torch.nn.modules.container.ModuleList) -> int:\n"
            "    return 2\n");
  ASSERT_EQ(printer.dependencies().size(), 2u);
  // Attribute types first, then the methods' (self is the class itself).
  EXPECT_EQ(printer.dependencies()[0], TypePtr(sub));
  EXPECT_EQ(printer.dependencies()[1], TypePtr(list));
}

TEST(PythonPrinter, ParametersBuffersAndConstants) {
  auto m = ClassType::create("__torch__.M", true);
  m->addAttribute("w", TensorType::get(), ClassAttribute::Kind::Parameter);
  m->addAttribute("buf", TensorType::get(), ClassAttribute::Kind::Buffer);
  m->addAttribute("training", BoolType::get());
  m->addConstant("k", IValue(int64_t{3}));
  m->addConstant("names", makeTuple({IValue("a"), IValue("b")}));
  std::vector<IValue> table;
  PythonPrinter printer(table);
  printer.printNamedType(m);
  EXPECT_EQ(printer.str(),
            "class M(Module):\n"
            "  __parameters__ = [\"w\", ]\n"
            "  __buffers__ = [\"buf\", ]\n"
            "  w : Tensor\n"
            "  buf : Tensor\n"
            "  training : bool\n"
            "  k : Final[int] = 3\n"
            "  names : Final[Tuple[str, str]] = (\"a\", \"b\")\n");
}

TEST(PythonPrinter, EnumsInterfacesAndNamedTuples) {
  auto color = EnumType::create("__torch__.e9mod.Color", IntType::get(),
                                {{"RED", IValue(int64_t{1})}, {"GREEN", IValue(int64_t{2})}});
  auto ratio = EnumType::create("__torch__.e9mod.Ratio", FloatType::get(), {{"HALF", IValue(0.5)}, {"WHOLE", IValue(1.0)}});
  auto label = EnumType::create("__torch__.e9mod.Label", StringType::get(), {{"A", IValue("a")}, {"B", IValue("b c")}});
  auto iface = InterfaceType::create("__torch__.e9mod.Iface", true);
  // `self` is typed Any as the importer types it: the interface itself would make a reference
  // cycle (interface -> schema -> self's type) that is never freed.
  iface->addMethod(std::make_shared<FunctionSchema>(parseSchema("forward(Any self, Tensor x, int n) -> Tensor")));
  auto point = TupleType::createNamed("__torch__.printer_cases.Point", {"x", "y"},
                                      {IntType::get(), ListType::ofFloats()});
  std::vector<IValue> table;
  PythonPrinter printer(table);
  for (const TypePtr& t : std::vector<TypePtr>{iface, color, ratio, label, point}) printer.printNamedType(t);
  EXPECT_EQ(printer.str(),
            "class Iface(ModuleInterface):\n"
            "  def forward(self, x: Tensor, n: int) -> Tensor:\n"
            "    pass\n"
            "class Color(Enum):\n"
            "  RED = 1\n"
            "  GREEN = 2\n"
            "class Ratio(Enum):\n"
            "  HALF = 0.5\n"
            "  WHOLE = 1.\n"
            "class Label(Enum):\n"
            "  A = \"a\"\n"
            "  B = \"b c\"\n"
            "class Point(NamedTuple):\n"
            "  x : int\n"
            "  y : List[float]\n");
}

TEST(PythonPrinter, UnnamedTemporariesContinueNumberingAcrossFunctions) {
  // Two methods printed by one printer (one archive file): PyTorch numbers `_N` on.
  const char* ir = R"IR(graph(%x.1 : Tensor):
  %1 : int = prim::Constant[value=1111111111]()
  %2 : int = prim::Constant[value=1]()
  %3 : Tensor = aten::add(%x.1, %1, %2)
  %4 : Tensor = aten::relu(%3)
  %5 : Tensor = aten::add(%4, %1, %2)
  %6 : Tensor = aten::relu(%5)
  return (%6))IR";
  auto g = parse(ir);
  FunctionSchema schema = parseSchema("two(Tensor x) -> Tensor");
  std::vector<IValue> table;
  PythonPrinter printer(table);
  printer.printGraph(*g, schema);
  printer.printGraph(*g, schema);
  EXPECT_EQ(printer.str(),
            "def two(x: Tensor) -> Tensor:\n"
            "  _0 = torch.add(torch.relu(torch.add(x, 1111111111)), 1111111111)\n"
            "  return torch.relu(_0)\n"
            "def two(x: Tensor) -> Tensor:\n"
            "  _1 = torch.add(torch.relu(torch.add(x, 1111111111)), 1111111111)\n"
            "  return torch.relu(_1)\n");
}

}  // namespace
}  // namespace ember::jit
