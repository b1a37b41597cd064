// ExportedProgram::module(): the FX graph turned back into a TorchScript IR graph (ATen targets
// become the registered operators, `operator.*` SymInt arithmetic the int builtins, getitem
// the outputs of multi-output nodes), run by ember's graph executor and interpreter.
#include <set>
#include <sstream>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/export/exported_program.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "tracer.h"

namespace ember::exporter {

using jit::IValue;
using jit::Value;

struct ExportedModule::State {
  std::shared_ptr<ExportedProgram> program;
  std::map<std::string, Tensor> state;
  std::shared_ptr<jit::GraphFunction> fn;
};

namespace {

class GraphBuilder {
 public:
  GraphBuilder() = default;
  // For a branch of a cond: nodes go into `block` of `graph`, placeholders are `inputs`.
  // With `boolFirstOutput` (a while loop's body) the first output, a tensor, becomes its bool().
  GraphBuilder(std::shared_ptr<jit::Graph> graph, jit::Block* block, std::vector<Value*> inputs,
               bool boolFirstOutput = false)
      : graph_(std::move(graph)), block_(block), inputs_(std::move(inputs)), boolFirstOutput_(boolFirstOutput) {}

  std::shared_ptr<jit::Graph> build(const FxGraph& fx) {
    fx_ = &fx;
    size_t nextInput = 0;
    for (const auto& n : fx.nodes()) {
      switch (n->op) {
        case FxOp::Placeholder:
          if (block_) {
            EMBER_CHECK(nextInput < inputs_.size(), "export: a cond branch has more inputs than operands");
            values_[n.get()] = {inputs_[nextInput++]};
          } else {
            placeholder(*n);
          }
          break;
        case FxOp::CallFunction: call(*n); break;
        case FxOp::GetAttr:
          EMBER_CHECK(fx.submodules.count(n->target), "export: get_attr of the missing submodule ", n->target);
          break;
        case FxOp::Output: output(*n); break;
      }
    }
    return graph_;
  }

 private:
  void placeholder(const FxNode& n) {
    Value* v = graph_->addInput(n.name);
    const MetaVal& m = n.val;
    if (m.kind == MetaVal::Kind::Tensor) v->setType(jit::TensorType::get());
    else if (m.kind == MetaVal::Kind::Sym)
      v->setType(m.sym.kind() == SymKind::Float  ? jit::TypePtr(jit::FloatType::get())
                 : m.sym.kind() == SymKind::Bool ? jit::TypePtr(jit::BoolType::get())
                                                 : jit::TypePtr(jit::IntType::get()));
    else v->setType(jit::AnyType::get());
    values_[&n] = {v};
  }

  Value* single(const FxNode* n) {
    auto it = values_.find(n);
    EMBER_CHECK(it != values_.end(), "export: node ", n->name, " is used before it is defined");
    EMBER_CHECK(it->second.size() == 1, "export: node ", n->name, " has several outputs; use operator.getitem");
    return it->second[0];
  }

  // A value for `a`, typed as the schema argument `type` wants when it is a literal.
  Value* valueOf(const FxArg& a, const jit::TypePtr& type) {
    jit::TypePtr t = type;
    while (t && t->kind() == jit::TypeKind::OptionalType) t = t->containedType(0);
    switch (a.kind) {
      case FxArg::Kind::None: return graph_->insertConstant(IValue());
      case FxArg::Kind::Bool: return graph_->insertConstant(IValue(a.i != 0));
      case FxArg::Kind::Int:
      case FxArg::Kind::Dtype:
      case FxArg::Kind::Layout:
      case FxArg::Kind::MemoryFormat:
        if (t && t->kind() == jit::TypeKind::FloatType) return graph_->insertConstant(IValue(static_cast<double>(a.i)));
        return graph_->insertConstant(IValue(a.i));
      case FxArg::Kind::Float: return graph_->insertConstant(IValue(a.f));
      case FxArg::Kind::String: return graph_->insertConstant(IValue(a.s));
      case FxArg::Kind::Device: return graph_->insertConstant(IValue(Device::parse(a.s)));
      case FxArg::Kind::Node: return single(a.node);
      case FxArg::Kind::List: {
        EMBER_CHECK(t && t->kind() == jit::TypeKind::ListType, "export: a list argument where the schema wants ",
                    type ? type->str() : "nothing");
        jit::TypePtr elem = t->containedType(0);
        std::vector<Value*> items;
        for (const FxArg& e : a.list) items.push_back(valueOf(e, elem));
        return graph_->insertNode(graph_->createList(elem, items))->output();
      }
    }
    return nullptr;
  }

  const FxGraph& submodule(const FxArg& a) {
    EMBER_CHECK(a.kind == FxArg::Kind::Node && a.node->op == FxOp::GetAttr, "export: cond needs get_attr branches");
    return *fx_->submodules.at(a.node->target);
  }

  // higher_order.cond(pred, true_graph, false_graph, [operands]) -> prim::If over bool(pred).
  void cond(const FxNode& n) {
    EMBER_CHECK(n.args.size() == 4 && n.args[3].kind == FxArg::Kind::List, "export: malformed cond node ", n.name);
    Value* pred = graph_->insert(jit::Symbol::fromQualString("aten::Bool"), {single(n.args[0].node)});
    std::vector<Value*> operands;
    for (const FxArg& a : n.args[3].list) operands.push_back(valueOf(a, jit::TensorType::get()));
    const FxGraph* branches[2] = {&submodule(n.args[1]), &submodule(n.args[2])};
    size_t outputs = branches[0]->outputNode() ? branches[0]->outputNode()->args.at(0).list.size() : 0;
    jit::Node* ifNode = graph_->insertNode(graph_->create(jit::prim::If, {pred}, outputs));
    for (const FxGraph* b : branches) {
      jit::Block* block = ifNode->addBlock();
      jit::WithInsertPoint guard(block);
      GraphBuilder(graph_, block, operands).build(*b);
      EMBER_CHECK(block->outputs().size() == outputs, "export: the branches of ", n.name,
                  " return different numbers of values");
    }
    for (Value* o : ifNode->outputs()) o->setType(jit::TensorType::get());
    values_[&n] = std::vector<Value*>(ifNode->outputs().begin(), ifNode->outputs().end());
  }

  // higher_order.while_loop(pred, body_graph, [carried], [operands]) -> prim::Loop with the
  // body inlined into its block, continuing while bool() of the body's first output holds.
  void whileLoop(const FxNode& n) {
    EMBER_CHECK(n.args.size() == 4 && n.args[2].kind == FxArg::Kind::List && n.args[3].kind == FxArg::Kind::List,
                "export: malformed while_loop node ", n.name);
    const FxGraph& body = submodule(n.args[1]);
    Value* cond0 = graph_->insert(jit::Symbol::fromQualString("aten::Bool"), {single(n.args[0].node)});
    std::vector<Value*> loopInputs{graph_->insertConstant(IValue(INT64_MAX)), cond0};
    for (const FxArg& a : n.args[2].list) loopInputs.push_back(valueOf(a, jit::TensorType::get()));
    std::vector<Value*> operands;
    for (const FxArg& a : n.args[3].list) operands.push_back(valueOf(a, jit::TensorType::get()));
    size_t carried = n.args[2].list.size();
    jit::Node* loop = graph_->insertNode(graph_->create(jit::prim::Loop, loopInputs, carried));
    jit::Block* block = loop->addBlock();
    block->addInput("i")->setType(jit::IntType::get());
    std::vector<Value*> inputs;
    for (size_t c = 0; c < carried; ++c) inputs.push_back(block->addInput()->setType(jit::TensorType::get()));
    inputs.insert(inputs.end(), operands.begin(), operands.end());
    {
      jit::WithInsertPoint guard(block);
      GraphBuilder(graph_, block, inputs, true).build(body);
    }
    EMBER_CHECK(block->outputs().size() == carried + 1, "export: the body of ", n.name, " returns ",
                block->outputs().size(), " values for ", carried, " carried tensors");
    for (Value* o : loop->outputs()) o->setType(jit::TensorType::get());
    values_[&n] = std::vector<Value*>(loop->outputs().begin(), loop->outputs().end());
  }

  void call(const FxNode& n) {
    if (n.target == "higher_order.cond") return cond(n);
    if (n.target == "higher_order.while_loop") return whileLoop(n);
    if (n.target == "operator.getitem") return getitem(n);
    if (n.target.rfind("operator.", 0) == 0 || n.target.rfind("builtins.", 0) == 0) return scalar(n);
    if (n.target == "aten.sym_size.int") {
      values_[&n] = {graph_->insert(jit::aten::size, {single(n.args.at(0).node), n.args.at(1).i})};
      return;
    }
    auto [name, overload] = n.atenOperator();
    // aten.add.Tensor(%x, 2): a number where the Tensor overload wants a tensor is the Scalar one.
    static const std::set<std::string> wrapsNumbers = {"aten::add", "aten::sub", "aten::mul", "aten::div"};
    if (wrapsNumbers.count(name) && (overload == "Tensor" || overload == "Tensor_mode") && n.args.size() >= 2 &&
        n.args[1].kind != FxArg::Kind::Node && n.args[0].kind == FxArg::Kind::Node)
      overload = overload == "Tensor" ? "Scalar" : "Scalar_mode";
    jit::OperatorPtr op = jit::OperatorRegistry::global().findOperator(jit::OperatorName{name, overload});
    EMBER_CHECK(op, "export: ember has no operator ", name, overload.empty() ? "" : "." + overload, " (node ", n.name,
                ")");
    const jit::FunctionSchema& s = op->schema();
    EMBER_CHECK(n.args.size() <= s.arguments().size(), "export: node ", n.name, " passes ", n.args.size(),
                " arguments to ", s.str());
    std::vector<Value*> inputs;
    for (size_t i = 0; i < s.arguments().size(); ++i) {
      const jit::Argument& a = s.arguments()[i];
      const FxArg* given = i < n.args.size() ? &n.args[i] : nullptr;
      for (const auto& kv : n.kwargs)
        if (kv.first == a.name()) given = &kv.second;
      if (given) {
        inputs.push_back(valueOf(*given, a.type()));
      } else {
        EMBER_CHECK(a.defaultValue().has_value(), "export: node ", n.name, " gives no value for argument '", a.name(),
                    "' of ", s.str());
        inputs.push_back(graph_->insertConstant(*a.defaultValue()));
      }
    }
    jit::Node* node = graph_->insertNode(graph_->create(jit::Symbol::fromQualString(name), inputs, s.returns().size()));
    for (size_t i = 0; i < s.returns().size(); ++i) node->output(i)->setType(s.returns()[i].type());
    EMBER_CHECK(node->maybeOperator(), "export: the arguments of node ", n.name, " do not match ", s.str());
    values_[&n] = std::vector<Value*>(node->outputs().begin(), node->outputs().end());
  }

  void getitem(const FxNode& n) {
    const FxNode* src = n.args.at(0).node;
    int64_t i = n.args.at(1).i;
    const std::vector<Value*>& outs = values_.at(src);
    if (outs.size() > 1 || src->target == "higher_order.cond" || src->target == "higher_order.while_loop") {
      EMBER_CHECK(i >= 0 && static_cast<size_t>(i) < outs.size(), "export: getitem index out of range in ", n.name);
      values_[&n] = {outs[i]};
      return;
    }
    values_[&n] = {graph_->insert(jit::aten::__getitem__, {outs[0], i})};
  }

  void scalar(const FxNode& n) {
    static const std::map<std::string, const char*> ops = {
        {"operator.add", "aten::add"},  {"operator.sub", "aten::sub"},        {"operator.mul", "aten::mul"},
        {"operator.floordiv", "aten::floordiv"}, {"operator.mod", "aten::remainder"}, {"operator.truediv", "aten::div"},
        {"operator.eq", "aten::eq"},    {"operator.ne", "aten::ne"},          {"operator.lt", "aten::lt"},
        {"operator.le", "aten::le"},    {"operator.gt", "aten::gt"},          {"operator.ge", "aten::ge"},
        {"operator.and_", "aten::__and__"}, {"operator.or_", "aten::__or__"}, {"operator.not_", "aten::__not__"},
        {"builtins.max", "prim::max"},  {"builtins.min", "prim::min"}};
    auto it = ops.find(n.target);
    EMBER_CHECK(it != ops.end(), "export: unknown target ", n.target, " (node ", n.name, ")");
    std::vector<jit::NamedValue> args;
    for (const FxArg& a : n.args) args.emplace_back(valueOf(a, nullptr));
    values_[&n] = {graph_->insert(jit::Symbol::fromQualString(it->second), args)};
  }

  void output(const FxNode& n) {
    std::vector<Value*> outs;
    for (const FxArg& a : n.args.at(0).list) outs.push_back(valueOf(a, nullptr));
    if (block_) {
      if (boolFirstOutput_ && !outs.empty()) outs[0] = graph_->insert(jit::Symbol::fromQualString("aten::Bool"), {outs[0]});
      for (Value* v : outs) block_->registerOutput(v);
      return;
    }
    graph_->registerOutput(graph_->insertNode(graph_->createTuple(outs))->output());
  }

  std::shared_ptr<jit::Graph> graph_ = std::make_shared<jit::Graph>();
  jit::Block* block_ = nullptr;
  std::vector<Value*> inputs_;
  bool boolFirstOutput_ = false;
  const FxGraph* fx_ = nullptr;
  std::map<const FxNode*, std::vector<Value*>> values_;
};

}  // namespace

std::shared_ptr<jit::Graph> toTorchScriptGraph(const FxGraph& g) {
  registerExportOperators();  // a loaded program may call them before any capture did
  return GraphBuilder().build(g);
}

ExportedModule ExportedProgram::module() const {
  ExportedModule m;
  m.state_ = std::make_shared<ExportedModule::State>();
  m.state_->program = std::make_shared<ExportedProgram>(clone());
  for (const InputSpec& s : signature.inputSpecs) {
    if (s.kind == InputKind::PARAMETER) m.state_->state[s.target] = stateDict.at(s.target);
    if (s.kind == InputKind::BUFFER) m.state_->state[s.target] = stateDict.at(s.target).clone();
  }
  m.state_->fn = std::make_shared<jit::GraphFunction>("__export__." + methodName, toTorchScriptGraph(graph));
  return m;
}

std::map<std::string, Tensor>& ExportedModule::state() {
  EMBER_CHECK(state_, "ExportedModule: not created by ExportedProgram::module()");
  return state_->state;
}

IValue ExportedModule::forward(const std::vector<IValue>& args) {
  EMBER_CHECK(state_, "ExportedModule: not created by ExportedProgram::module()");
  const ExportedProgram& ep = *state_->program;
  std::vector<IValue> flat = ep.inSpec().flatten(jit::makeTuple(args), "input");
  ep.checkInputs(flat);
  jit::Stack stack;
  std::map<std::string, Tensor> userInputs;
  size_t next = 0;
  for (const InputSpec& s : ep.signature.inputSpecs) {
    switch (s.kind) {
      case InputKind::PARAMETER:
      case InputKind::BUFFER: stack.emplace_back(state_->state.at(s.target)); break;
      case InputKind::CONSTANT_TENSOR: stack.emplace_back(ep.constants.at(s.target)); break;
      case InputKind::USER_INPUT:
        if (flat[next].isTensor()) userInputs[s.name] = flat[next].toTensor();
        stack.push_back(flat[next++]);
        break;
    }
  }
  state_->fn->run(stack);
  EMBER_CHECK(stack.size() == 1 && stack[0].isTuple(), "export: the program returned no tuple");
  const std::vector<IValue>& outs = stack[0].toTupleRef().elements;
  EMBER_CHECK(outs.size() == ep.signature.outputSpecs.size(), "export: the program returned ", outs.size(),
              " values for ", ep.signature.outputSpecs.size(), " output specs");
  std::vector<IValue> user;
  for (size_t i = 0; i < outs.size(); ++i) {
    const OutputSpec& s = ep.signature.outputSpecs[i];
    if (s.kind == OutputKind::BUFFER_MUTATION) state_->state[s.target] = outs[i].toTensor();
    else if (s.kind == OutputKind::USER_INPUT_MUTATION) userInputs.at(s.target).copy_(outs[i].toTensor());
    else user.push_back(outs[i]);
  }
  return ep.outSpec().unflatten(user);
}

}  // namespace ember::exporter
