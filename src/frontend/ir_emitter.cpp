#include "frontend/ir_emitter.h"

#include <algorithm>

#include "ember/core/symbols.h"
#include "frontend/builtin_call.h"
#include "frontend/compile_passes.h"
#include "frontend/convert_to_ssa.h"
#include "frontend/error_report.h"
#include "frontend/schema_from_def.h"
#include "frontend/type_annotation.h"
#include "passes/normalize_ops.h"

namespace ember::jit {

namespace presa {
Symbol store() { return prim::Store; }
Symbol load() { return prim::Load; }
Symbol returnStmt() {
  static const Symbol s = Symbol::prim("ReturnStmt");
  return s;
}
Symbol breakStmt() {
  static const Symbol s = Symbol::prim("BreakStmt");
  return s;
}
Symbol continueStmt() {
  static const Symbol s = Symbol::prim("ContinueStmt");
  return s;
}
Symbol comprehensionScope() {
  static const Symbol s = Symbol::prim("ComprehensionScope");
  return s;
}
}  // namespace presa

// ---- refinements ----------------------------------------------------------------------------

namespace {

bool sameRefinement(const Refinement& a, const Refinement& b) {
  return a.identifier == b.identifier && *a.type == *b.type;
}

std::vector<Refinement> unionSet(const std::vector<Refinement>& a, const std::vector<Refinement>& b) {
  std::vector<Refinement> out = a;
  for (const auto& r : b)
    if (std::none_of(a.begin(), a.end(), [&](const Refinement& x) { return sameRefinement(x, r); })) out.push_back(r);
  return out;
}

std::vector<Refinement> intersectSet(const std::vector<Refinement>& a, const std::vector<Refinement>& b) {
  std::vector<Refinement> out;
  for (const auto& r : a)
    if (std::any_of(b.begin(), b.end(), [&](const Refinement& x) { return sameRefinement(x, r); })) out.push_back(r);
  return out;
}

}  // namespace

// If `a and b` is true both were true; if it is false either may have been false.
RefinementSet RefinementSet::And(const RefinementSet& rhs) const {
  return RefinementSet(unionSet(true_, rhs.true_), intersectSet(false_, rhs.false_));
}

RefinementSet RefinementSet::Or(const RefinementSet& rhs) const {
  return RefinementSet(intersectSet(true_, rhs.true_), unionSet(false_, rhs.false_));
}

// ---- the emitter ----------------------------------------------------------------------------

Emitter::Emitter(CompilationUnit& cu, GraphFunction& fn, ResolverPtr resolver, ClassTypePtr self)
    : cu_(cu), fn_(fn), resolver_(std::move(resolver)), selfType_(std::move(self)) {}

TypeResolver Emitter::typeResolver() const {
  ResolverPtr r = resolver_;
  return [r](const std::string& name) -> TypePtr { return r->resolveType(name, SourceRange()); };
}

TypePtr Emitter::parseType(const Expr& annotation) const { return parseTypeFromExpr(annotation, typeResolver()); }

void Emitter::pushFrame(Block* b) { env_ = std::make_shared<Environment>(*this, resolver_, b, env_); }

std::shared_ptr<Environment> Emitter::popFrame() {
  auto old = env_;
  env_ = env_->next();
  return old;
}

void Emitter::insertRefinements(const SourceRange& loc, const RefinementSet& refinements) {
  for (const Refinement& r : refinements.activeRefinements()) {
    // A sugared value (a module, in a loop over a ModuleList) that already has the type keeps
    // its sugar: `if isinstance(layer, nn.Linear): layer(x)`.
    SugaredValuePtr sv = env_->getSugaredVar(r.identifier, loc);
    if (!std::dynamic_pointer_cast<SimpleValue>(sv) && *sv->asValue(loc, *this)->type() == *r.type) continue;
    Value* v = env_->getVar(r.identifier, loc);
    Node* cast = graph_->insertNode(graph_->create(prim::unchecked_cast, {v}, 1));
    cast->output()->setType(r.type);
    env_->setVar(loc, r.identifier, cast->output());
  }
}

void Emitter::emitFunction(const Def& def) {
  graph_ = std::make_shared<Graph>();
  pushFrame(graph_->block());
  FunctionSchema schema = emitDef(def);
  popFrame();
  replaceEmptyListLiterals(*graph_);
  convertToSSA(graph_);
  normalizeOps(graph_);  // aliases to canonical operators, as PyTorch does right after SSA
  liftForkBlocks(*graph_);
  runCleanupPasses(graph_);
  fn_.setSchema(std::move(schema));
  fn_.setGraph(graph_);
}

std::vector<Argument> Emitter::emitFormalArguments(const Def& def) {
  std::vector<Argument> arguments;
  FunctionSchema declared = schemaFromDef(def, selfType_ != nullptr, typeResolver());
  auto params = def.decl().params();
  size_t i = 0;
  if (selfType_) {
    if (params.empty()) throwErrorAt(def.range(), "methods must have a self argument");
    const std::string& name = params[0].ident().name();
    Value* in = graph_->addInput()->setType(selfType_);
    in->setDebugName(name);
    SugaredValuePtr self = resolver_->methodSelf(in);
    env_->setSugaredVar(params[0].ident().range(), name, self ? self : makeSimple(in), nullptr);
    arguments.emplace_back(name, selfType_);
    i = 1;
  }
  size_t argIndex = 0;
  for (; i < params.size(); ++i, ++argIndex) {
    const std::string& name = params[i].ident().name();
    const Argument& arg = declared.arguments().at(argIndex);
    Value* in = graph_->addInput();
    if (name != "_" && Value::isValidName(name)) in->setDebugName(name);
    in->setType(arg.type());
    arguments.push_back(arg);
    env_->setVar(params[i].ident().range(), name, in);
  }
  if (!declared.returns().empty()) declaredReturnType_ = declared.returns()[0].type();
  return arguments;
}

FunctionSchema Emitter::emitDef(const Def& def) {
  std::vector<Argument> arguments = emitFormalArguments(def);
  emitStatements(def.statements());
  handleMaybeNoReturn(def, graph_->block());
  TypePtr ret = mergedReturnType_;
  EMBER_ASSERT(ret, "a function without a return type after handleMaybeNoReturn");
  // ConvertToSSA replaces this placeholder with the value of the prim::ReturnStmt.
  WithInsertPoint guard(graph_->block());
  Value* placeholder = graph_->insertNode(graph_->createUninitialized(ret))->output();
  graph_->registerOutput(placeholder);
  return FunctionSchema(def.name().name(), "", std::move(arguments), {Argument("", ret)});
}

void Emitter::handleMaybeNoReturn(const Def& def, Block* block) {
  if (!exits(block)) {
    if (declaredReturnType_ && declaredReturnType_->kind() != TypeKind::NoneType)
      throwErrorAt(def.range(), "Function was not annotated as having type None, but does not return along all paths");
    WithInsertPoint guard(block);
    emitReturn(Return::create(def.range(), Expr(makeCompound(TK_NONE, def.range()))));
  } else if (!mergedReturnType_) {
    // The function always raises: it returns the declared type, or None.
    mergedReturnType_ = declaredReturnType_ ? declaredReturnType_ : NoneType::get();
  }
}

}  // namespace ember::jit
