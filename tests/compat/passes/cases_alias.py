"""Differential cases for the alias-aware passes: (name, pass, IR text) in CASES.

Passes: "cse" (torch._C._jit_pass_cse), "remove_mutation" (torch._C._jit_pass_remove_mutation),
"dce_alias" (PyTorch's whole-graph EliminateDeadCode, which uses alias analysis; Python reaches it
only through constant propagation, so each dce_alias case has one foldable `%k` node that makes
constant propagation change the graph and then run it; ember runs eliminateDeadCode(graph)).

Each input graph is also a case of "alias_db": PyTorch's AliasDb facts about it (has_writers of
every value, may_contain_alias of every pair), compared with ember's AliasDb.

Run with /usr/bin/python3 (it has torch) to rewrite cases_alias.txt next to this file: each case
followed by the graph PyTorch prints after the pass. tests/unit/passes/alias_pass_cases_test.cpp
runs ember's pass on the same input and compares, value names normalised. Values are named with
letters only (PyTorch renumbers numeric names).
"""
import os
import sys

import torch

CASES = []


def case(name, pass_name, ir):
    CASES.append((name, pass_name, ir.strip("\n") + "\n"))


# ---- common subexpression elimination ----
case("cse_same_add", "cse", """
graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %y, %one)
  %b : Tensor = aten::add(%x, %y, %one)
  %c : Tensor = aten::mul(%a, %b)
  return (%c)
""")
case("cse_both_returned_not_merged", "cse", """
graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %y, %one)
  %b : Tensor = aten::add(%x, %y, %one)
  return (%a, %b)
""")
case("cse_ints_returned_merged", "cse", """
graph(%x : int, %y : int):
  %a : int = aten::add(%x, %y)
  %b : int = aten::add(%x, %y)
  return (%a, %b)
""")
case("cse_constants", "cse", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %uno : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %f : float = prim::Constant[value=1.]()
  %a : Tensor = aten::add(%x, %x, %one)
  %b : Tensor = aten::add(%x, %x, %uno)
  %c : Tensor = aten::add(%x, %x, %two)
  %d : Tensor = aten::mul(%a, %b)
  %e : Tensor = aten::mul(%d, %c)
  %g : Tensor = aten::mul(%e, %f)
  return (%g)
""")
case("cse_different_inputs", "cse", """
graph(%x : Tensor, %y : Tensor):
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::mul(%y, %x)
  %c : Tensor = aten::mul(%a, %b)
  return (%c)
""")
case("cse_written_value_not_merged", "cse", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %a : Tensor = aten::add(%y, %y, %one)
  %b : Tensor = aten::add(%y, %y, %one)
  %w : Tensor = aten::add_(%a, %one, %one)
  %c : Tensor = aten::mul(%b, %w)
  return (%c)
""")
case("cse_input_written_blocks_readers", "cse", """
graph(%x : Tensor, %z : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%z, %one, %one)
  %c : Tensor = aten::mul(%a, %b)
  return (%c, %w)
""")
case("cse_nested_block_uses_outer", "cse", """
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::add(%x, %x, %one)
  %r : Tensor = prim::If(%c)
    block0():
      %b : Tensor = aten::add(%x, %x, %one)
      %d : Tensor = aten::mul(%b, %b)
      -> (%d)
    block1():
      %e : Tensor = aten::add(%x, %x, %one)
      -> (%e)
  %s : Tensor = aten::mul(%a, %r)
  return (%s)
""")
case("cse_sibling_blocks_not_merged", "cse", """
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %r : Tensor = prim::If(%c)
    block0():
      %b : Tensor = aten::add(%x, %x, %one)
      -> (%b)
    block1():
      %e : Tensor = aten::add(%x, %x, %one)
      -> (%e)
  %f : Tensor = aten::add(%x, %x, %one)
  %s : Tensor = aten::mul(%f, %r)
  return (%s)
""")
case("cse_loop_body", "cse", """
graph(%x : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %x)
  %o : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : Tensor):
      %b : Tensor = aten::mul(%x, %x)
      %p : Tensor = aten::add(%acc, %b, %one)
      %q : Tensor = aten::add(%acc, %b, %one)
      %r : Tensor = aten::mul(%p, %q)
      -> (%true, %r)
  %s : Tensor = aten::mul(%a, %o)
  return (%s)
""")
case("cse_print_not_merged", "cse", """
graph(%x : int):
  prim::Print(%x)
  prim::Print(%x)
  return (%x)
""")
case("cse_dropout_training_not_merged", "cse", """
graph(%x : Tensor):
  %p : float = prim::Constant[value=0.5]()
  %true : bool = prim::Constant[value=1]()
  %false : bool = prim::Constant[value=0]()
  %a : Tensor = aten::dropout(%x, %p, %true)
  %b : Tensor = aten::dropout(%x, %p, %true)
  %c : Tensor = aten::dropout(%x, %p, %false)
  %d : Tensor = aten::dropout(%x, %p, %false)
  %e : Tensor = aten::mul(%a, %b)
  %f : Tensor = aten::mul(%c, %d)
  %g : Tensor = aten::mul(%e, %f)
  return (%g)
""")
case("cse_views_of_input", "cse", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %a : Tensor = aten::view(%x, %size)
  %b : Tensor = aten::view(%x, %size)
  %c : Tensor = aten::mul(%a, %b)
  return (%c)
""")
case("cse_lists", "cse", """
graph(%x : int):
  %a : int[] = prim::ListConstruct(%x)
  %b : int[] = prim::ListConstruct(%x)
  %c : int = aten::len(%a)
  %d : int = aten::len(%b)
  %e : int = aten::add(%c, %d)
  return (%e)
""")
case("cse_list_appended_not_merged", "cse", """
graph(%x : int):
  %a : int[] = prim::ListConstruct(%x)
  %b : int[] = prim::ListConstruct(%x)
  %z : int[] = aten::append(%a, %x)
  %c : int = aten::len(%a)
  %d : int = aten::len(%b)
  %e : int = aten::add(%c, %d)
  return (%e)
""")

# ---- dead code elimination with alias analysis ----
DCE_HEAD = """  %one : int = prim::Constant[value=1]()
  %k : int = aten::add(%one, %one)
"""


def dce_case(name, signature, body):
    case(name, "dce_alias", signature + "\n" + DCE_HEAD + body.strip("\n") + "\n")


dce_case("dce_write_after_last_read_removed", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %z : Tensor = aten::add(%y, %y, %one)
  %w : Tensor = aten::add_(%y, %y, %one)
  return (%z)
""")
dce_case("dce_write_before_read_kept", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %y, %one)
  %z : Tensor = aten::add(%y, %y, %one)
  return (%z)
""")
dce_case("dce_write_to_input_kept", "graph(%x : Tensor):", """
  %w : Tensor = aten::add_(%x, %x, %one)
  return (%one)
""")
dce_case("dce_write_through_view_of_returned_kept", "graph(%x : Tensor, %size : int[]):", """
  %y : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%y, %size)
  %w : Tensor = aten::add_(%v, %x, %one)
  return (%y)
""")
dce_case("dce_unused_fresh_and_write_removed", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::relu_(%y)
  return (%x)
""")
dce_case("dce_write_in_if_read_after", "graph(%x : Tensor, %c : bool):", """
  %y : Tensor = aten::mul(%x, %x)
  prim::If(%c)
    block0():
      %w : Tensor = aten::add_(%y, %x, %one)
      -> ()
    block1():
      -> ()
  %z : Tensor = aten::add(%y, %y, %one)
  return (%z)
""")
dce_case("dce_write_in_if_not_read", "graph(%x : Tensor, %c : bool):", """
  %y : Tensor = aten::mul(%x, %x)
  %z : Tensor = aten::add(%y, %y, %one)
  prim::If(%c)
    block0():
      %w : Tensor = aten::add_(%y, %x, %one)
      -> ()
    block1():
      -> ()
  return (%z)
""")
dce_case("dce_write_in_loop_read_at_top", "graph(%x : Tensor, %n : int):", """
  %true : bool = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %s : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : Tensor):
      %r : Tensor = aten::add(%acc, %y, %one)
      %w : Tensor = aten::add_(%y, %x, %one)
      -> (%true, %r)
  return (%s)
""")
dce_case("dce_out_variant_dead_buffer", "graph(%x : Tensor):", """
  %buf : Tensor = aten::mul(%x, %x)
  %r : Tensor = aten::add(%x, %x, %one, %buf)
  return (%x)
""")
dce_case("dce_list_append_on_input_kept", "graph(%l : int[]):", """
  %a : int[] = aten::append(%l, %one)
  return (%one)
""")
dce_case("dce_list_append_returned_kept", "graph(%x : int):", """
  %l : int[] = prim::ListConstruct(%x)
  %a : int[] = aten::append(%l, %one)
  return (%l)
""")
dce_case("dce_list_held_by_returned_list", "graph(%x : int):", """
  %inner : int[] = prim::ListConstruct(%x)
  %outer : int[][] = prim::ListConstruct(%inner, %inner)
  %a : int[] = aten::append(%inner, %one)
  return (%outer)
""")
dce_case("dce_tensor_held_by_returned_list", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = prim::ListConstruct(%y)
  %w : Tensor = aten::add_(%y, %x, %one)
  return (%l)
""")
dce_case("dce_tensor_in_unused_list_kept", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = prim::ListConstruct(%y)
  %w : Tensor = aten::add_(%y, %x, %one)
  return (%one)
""")
dce_case("dce_print_kept", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  prim::Print(%y)
  return (%x)
""")

# ---- remove mutation ----
case("rm_add_on_fresh", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %x, %one)
  %z : Tensor = aten::mul(%w, %y)
  return (%z)
""")
case("rm_chain", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %a : Tensor = aten::add_(%y, %x, %one)
  %b : Tensor = aten::relu_(%y)
  %c : Tensor = aten::sigmoid_(%y)
  return (%y)
""")
case("rm_input_not_removed", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add_(%x, %x, %one)
  return (%w)
""")
case("rm_view_not_removed", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %y : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%y, %size)
  %w : Tensor = aten::add_(%v, %x, %one)
  return (%y)
""")
case("rm_aliased_later_read_of_view", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %size : int[] = prim::ListConstruct(%one)
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %x, %one)
  %v : Tensor = aten::view(%y, %size)
  return (%v)
""")
case("rm_creation_moved_past_unrelated", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %z : Tensor = aten::mul(%x, %one)
  %w : Tensor = aten::add_(%y, %z, %one)
  return (%w)
""")
case("rm_read_between_blocks_move", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %r : Tensor = aten::add(%y, %y, %one)
  %w : Tensor = aten::add_(%y, %x, %one)
  return (%r, %w)
""")
case("rm_in_list_not_removed", "remove_mutation", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = prim::ListConstruct(%y)
  %w : Tensor = aten::add_(%y, %x, %one)
  return (%l)
""")
case("rm_if_output", "remove_mutation", """
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %r : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::mul(%x, %x)
      -> (%a)
    block1():
      %b : Tensor = aten::add(%x, %x, %one)
      -> (%b)
  %w : Tensor = aten::add_(%r, %x, %one)
  return (%w)
""")
case("rm_mutation_inside_loop", "remove_mutation", """
graph(%x : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %o : Tensor = prim::Loop(%n, %true, %x)
    block0(%i : int, %acc : Tensor):
      %y : Tensor = aten::mul(%acc, %acc)
      %w : Tensor = aten::add_(%y, %x, %one)
      -> (%true, %w)
  return (%o)
""")
case("rm_zero_and_fill", "remove_mutation", """
graph(%x : Tensor):
  %two : float = prim::Constant[value=2.]()
  %y : Tensor = aten::mul(%x, %x)
  %a : Tensor = aten::zero_(%y)
  %z : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::fill_(%z, %two)
  return (%b)
""")
case("rm_bernoulli_float_and_tensor", "remove_mutation", """
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %p : float = prim::Constant[value=0.3]()
  %y : Tensor = aten::zeros_like(%x, %none, %none, %none, %none, %none)
  %y2 : Tensor = aten::bernoulli_(%y, %p, %none)
  %z : Tensor = aten::zeros_like(%x, %none, %none, %none, %none, %none)
  %z2 : Tensor = aten::bernoulli_(%z, %x, %none)
  %one : int = prim::Constant[value=1]()
  %r : Tensor = aten::add(%y, %z, %one)
  return (%r)
""")
case("rm_list_append", "remove_mutation", """
graph(%x : Tensor, %y : Tensor):
  %l : Tensor[] = prim::ListConstruct(%x)
  %a : Tensor[] = aten::append(%l, %y)
  %b : Tensor[] = aten::append(%l, %x)
  return (%l)
""")
case("rm_list_insert_and_setitem", "remove_mutation", """
graph(%x : int, %y : int):
  %zero : int = prim::Constant[value=0]()
  %neg : int = prim::Constant[value=-1]()
  %big : int = prim::Constant[value=10]()
  %l : int[] = prim::ListConstruct(%x, %x)
  aten::insert(%l, %zero, %y)
  aten::insert(%l, %big, %y)
  %s : int[] = aten::_set_item(%l, %neg, %x)
  return (%l)
""")
case("rm_list_input_not_removed", "remove_mutation", """
graph(%l : int[], %x : int):
  %a : int[] = aten::append(%l, %x)
  return (%l)
""")
case("rm_list_read_before_append", "remove_mutation", """
graph(%x : int):
  %l : int[] = prim::ListConstruct(%x)
  %n : int = aten::len(%l)
  %a : int[] = aten::append(%l, %x)
  return (%l, %n)
""")


# ---- more shapes of aliasing (also checked as alias_db cases) ----
dce_case("dce_tuple_returned_holds_written", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%y, %x)
  %w : Tensor = aten::add_(%y, %x, %one)
  return (%t)
""")
dce_case("dce_nested_lists", "graph(%x : Tensor):", """
  %y : Tensor = aten::mul(%x, %x)
  %l : Tensor[] = prim::ListConstruct(%y)
  %o : Tensor[][] = prim::ListConstruct(%l)
  %w : Tensor = aten::add_(%y, %x, %one)
  %a : Tensor[] = aten::append(%l, %x)
  return (%o)
""")
dce_case("dce_dict_setitem", "graph(%x : Tensor, %key : str):", """
  %y : Tensor = aten::mul(%x, %x)
  %d : Dict(str, Tensor) = prim::DictConstruct(%key, %y)
  aten::_set_item(%d, %key, %x)
  %z : Tensor = aten::__getitem__(%d, %key)
  return (%z)
""")
dce_case("dce_dict_setitem_unread", "graph(%x : Tensor, %key : str):", """
  %y : Tensor = aten::mul(%x, %x)
  %d : Dict(str, Tensor) = prim::DictConstruct(%key, %y)
  aten::_set_item(%d, %key, %x)
  return (%y)
""")
dce_case("dce_getitem_of_input_list_written", "graph(%l : Tensor[]):", """
  %zero : int = prim::Constant[value=0]()
  %e : Tensor = aten::__getitem__(%l, %zero)
  %w : Tensor = aten::relu_(%e)
  return (%one)
""")
dce_case("dce_chunk_written", "graph(%x : Tensor):", """
  %two : int = prim::Constant[value=2]()
  %zero : int = prim::Constant[value=0]()
  %y : Tensor = aten::mul(%x, %x)
  %c : Tensor[] = aten::chunk(%y, %two, %zero)
  %p : Tensor, %q : Tensor = prim::ListUnpack(%c)
  %w : Tensor = aten::relu_(%p)
  return (%y)
""")
dce_case("dce_cat_list_written_before", "graph(%x : Tensor):", """
  %zero : int = prim::Constant[value=0]()
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::relu_(%y)
  %l : Tensor[] = prim::ListConstruct(%y, %x)
  %c : Tensor = aten::cat(%l, %zero)
  return (%c)
""")
dce_case("dce_if_returns_fresh_written_after", "graph(%x : Tensor, %c : bool):", """
  %a : Tensor = aten::mul(%x, %x)
  %r : Tensor = prim::If(%c)
    block0():
      -> (%a)
    block1():
      %b : Tensor = aten::neg(%x)
      -> (%b)
  %w : Tensor = aten::relu_(%a)
  return (%r)
""")
dce_case("dce_loop_carried_list_append", "graph(%x : Tensor, %n : int):", """
  %true : bool = prim::Constant[value=1]()
  %l : Tensor[] = prim::ListConstruct(%x)
  %m : Tensor[] = prim::Loop(%n, %true, %l)
    block0(%i : int, %acc : Tensor[]):
      %y : Tensor = aten::mul(%x, %x)
      %a : Tensor[] = aten::append(%acc, %y)
      -> (%true, %a)
  %len : int = aten::len(%m)
  return (%len)
""")
dce_case("dce_contiguous_alias_written", "graph(%x : Tensor):", """
  %zero : int = prim::Constant[value=0]()
  %y : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::contiguous(%y, %zero)
  %w : Tensor = aten::relu_(%v)
  return (%y)
""")
dce_case("dce_unchecked_cast", "graph(%x : Tensor?):", """
  %y : Tensor = prim::unchecked_cast(%x)
  %w : Tensor = aten::relu_(%y)
  return (%one)
""")
dce_case("dce_batch_norm_eval_unused", "graph(%x : Tensor, %m : Tensor, %v : Tensor):", """
  %none : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  %true : bool = prim::Constant[value=1]()
  %mo : float = prim::Constant[value=0.1]()
  %eps : float = prim::Constant[value=1e-05]()
  %a : Tensor = aten::batch_norm(%x, %none, %none, %m, %v, %false, %mo, %eps, %true)
  %b : Tensor = aten::batch_norm(%x, %none, %none, %m, %v, %true, %mo, %eps, %true)
  return (%one)
""")
case("cse_tuples_and_sizes", "cse", """
graph(%x : Tensor):
  %a : int[] = aten::size(%x)
  %b : int[] = aten::size(%x)
  %t : (int[], int[]) = prim::TupleConstruct(%a, %b)
  %u : (int[], int[]) = prim::TupleConstruct(%a, %b)
  %s : (Tensor, Tensor) = prim::TupleConstruct(%x, %x)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%x, %x)
  return (%t, %u, %s, %r)
""")
case("cse_out_variant_not_merged", "cse", """
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %buf : Tensor = aten::mul(%x, %x)
  %a : Tensor = aten::add(%x, %x, %one, %buf)
  %b : Tensor = aten::add(%x, %x, %one, %buf)
  %c : Tensor = aten::mul(%a, %b)
  return (%c)
""")
case("rm_list_in_loop_not_removed", "remove_mutation", """
graph(%x : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %l : Tensor[] = prim::ListConstruct(%x)
  prim::Loop(%n, %true)
    block0(%i : int):
      %a : Tensor[] = aten::append(%l, %x)
      -> (%true)
  return (%l)
""")
case("rm_relu_in_if_branch", "remove_mutation", """
graph(%x : Tensor, %c : bool):
  %r : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::mul(%x, %x)
      %b : Tensor = aten::relu_(%a)
      -> (%b)
    block1():
      -> (%x)
  return (%r)
""")
case("rm_insert_negative", "remove_mutation", """
graph(%x : int, %y : int):
  %neg : int = prim::Constant[value=-5]()
  %l : int[] = prim::ListConstruct(%x, %x)
  aten::insert(%l, %neg, %y)
  return (%l)
""")


# ---- generated graphs: random mixes of views, in-place ops, lists, tuples and branches ----
def random_graph(rng, with_fold, with_blocks=False):
    """A graph over tensors `x`, `y`, a size list `size`, a flag `c` and a count `n`: straight
    line with If nodes, and with `with_blocks`, loops and writes inside blocks."""
    lines = ["  %one : int = prim::Constant[value=1]()", "  %zero : int = prim::Constant[value=0]()"]
    if with_fold:
        lines.append("  %k : int = aten::add(%one, %one)")
    tensors, lists, count = ["%x", "%y"], [], [0]

    def fresh(prefix):
        count[0] += 1
        return "%%v%s%s" % (prefix, "abcdefghijklmnopqrstuvwxyz"[count[0] % 26] * (1 + count[0] // 26))

    for _ in range(rng.randint(5, 10)):
        t = rng.choice(tensors)
        op = rng.choice(["mul", "mul", "view", "select", "transpose", "add_", "relu_", "list", "append",
                         "getitem", "tuple", "if", "print"] + (["loop", "ifwrite", "chunk", "out", "zero_", "fill_", "dict", "contig"] if with_blocks else []))
        v = fresh("t")
        if op == "mul":
            lines.append("  %s : Tensor = aten::mul(%s, %s)" % (v, t, rng.choice(tensors)))
        elif op == "view":
            lines.append("  %s : Tensor = aten::view(%s, %%size)" % (v, t))
        elif op == "select":
            lines.append("  %s : Tensor = aten::select(%s, %%zero, %%zero)" % (v, t))
        elif op == "transpose":
            lines.append("  %s : Tensor = aten::transpose(%s, %%zero, %%one)" % (v, t))
        elif op == "add_":
            lines.append("  %s : Tensor = aten::add_(%s, %s, %%one)" % (v, t, rng.choice(tensors)))
        elif op == "relu_":
            lines.append("  %s : Tensor = aten::relu_(%s)" % (v, t))
        elif op == "list":
            v = fresh("l")
            lines.append("  %s : Tensor[] = prim::ListConstruct(%s)" % (v, t))
            lists.append(v)
            continue
        elif op == "append" and lists:
            lines.append("  %s : Tensor[] = aten::append(%s, %s)" % (fresh("a"), rng.choice(lists), t))
            continue
        elif op == "getitem" and lists:
            lines.append("  %s : Tensor = aten::__getitem__(%s, %%zero)" % (v, rng.choice(lists)))
        elif op == "tuple":
            tup = fresh("p")
            other = rng.choice(tensors)
            lines.append("  %s : (Tensor, Tensor) = prim::TupleConstruct(%s, %s)" % (tup, t, other))
            lines.append("  %s : Tensor, %s : Tensor = prim::TupleUnpack(%s)" % (v, fresh("u"), tup))
        elif op == "if":
            lines.append("  %s : Tensor = prim::If(%%c)" % v)
            lines.append("    block0():")
            lines.append("      -> (%s)" % t)
            lines.append("    block1():")
            inner = fresh("b")
            lines.append("      %s : Tensor = aten::mul(%s, %s)" % (inner, t, t))
            lines.append("      -> (%s)" % inner)
        elif op == "loop":
            # a carried tensor; the body may view it, write it or an outer value, or append
            lines.append("  %s : Tensor = prim::Loop(%%n, %%c, %s)" % (v, t))
            i, acc = fresh("it"), fresh("q")
            lines.append("    block0(%s : int, %s : Tensor):" % (i, acc))
            res = fresh("r")
            body = rng.choice(["view", "add_", "outer_add_", "mul", "append"])
            if body == "view":
                lines.append("      %s : Tensor = aten::view(%s, %%size)" % (res, acc))
            elif body == "add_":
                lines.append("      %s : Tensor = aten::add_(%s, %s, %%one)" % (res, acc, rng.choice(tensors)))
            elif body == "outer_add_":
                lines.append("      %s : Tensor = aten::relu_(%s)" % (fresh("w"), rng.choice(tensors)))
                lines.append("      %s : Tensor = aten::mul(%s, %s)" % (res, acc, acc))
            elif body == "append" and lists:
                lines.append("      %s : Tensor[] = aten::append(%s, %s)" % (fresh("a"), rng.choice(lists), acc))
                lines.append("      %s : Tensor = aten::mul(%s, %s)" % (res, acc, acc))
            else:
                lines.append("      %s : Tensor = aten::mul(%s, %s)" % (res, acc, rng.choice(tensors)))
            lines.append("      -> (%%c, %s)" % res)
        elif op == "chunk":
            c = fresh("l")
            lines.append("  %s : Tensor[] = aten::chunk(%s, %%one, %%zero)" % (c, t))
            lines.append("  %s : Tensor = prim::ListUnpack(%s)" % (v, c))
        elif op == "out":
            lines.append("  %s : Tensor = aten::add(%s, %s, %%one, %s)" % (v, rng.choice(tensors), t, rng.choice(tensors)))
        elif op == "zero_":
            lines.append("  %s : Tensor = aten::zero_(%s)" % (v, t))
        elif op == "fill_":
            lines.append("  %s : Tensor = aten::fill_(%s, %%one)" % (v, t))
        elif op == "contig":
            lines.append("  %s : Tensor = aten::contiguous(%s, %%zero)" % (v, t))
        elif op == "dict":
            d = fresh("d")
            lines.append("  %s : Dict(str, Tensor) = prim::DictConstruct(%%key, %s)" % (d, t))
            lines.append("  %s : Tensor = aten::__getitem__(%s, %%key)" % (v, d))
        elif op == "ifwrite":
            lines.append("  prim::If(%c)")
            lines.append("    block0():")
            lines.append("      %s : Tensor = aten::relu_(%s)" % (fresh("w"), t))
            lines.append("      -> ()")
            lines.append("    block1():")
            lines.append("      -> ()")
            continue
        elif op == "print":
            lines.append("  prim::Print(%s)" % t)
            continue
        else:
            continue
        tensors.append(v)
    outs = rng.sample(tensors, min(len(tensors), rng.randint(1, 2)))
    outs += rng.sample(lists, min(len(lists), rng.randint(0, 1)))
    head = "graph(%x : Tensor, %y : Tensor, %size : int[], %c : bool, %n : int, %key : str):\n"
    return head + "\n".join(lines) + "\n  return (%s)\n" % ", ".join(outs)


def generated_cases(count, seed=2026, with_blocks=False, prefix="gen"):
    import random
    rng = random.Random(seed)
    passes = ["cse", "dce_alias", "remove_mutation"]
    for i in range(count):
        pass_name = passes[i % len(passes)]
        case("%s_%d" % (prefix, i), pass_name, random_graph(rng, pass_name == "dce_alias", with_blocks))


generated_cases(60)
generated_cases(90, seed=11, with_blocks=True, prefix="genblocks")


def all_values(g):
    """Graph inputs, then for each node: its blocks' inputs and nodes (recursively), then its
    outputs. ember's test walks its graph in the same order."""
    out = list(g.inputs())

    def walk(block):
        for n in block.nodes():
            for b in n.blocks():
                out.extend(b.inputs())
                walk(b)
            out.extend(n.outputs())

    walk(g)
    return out


def alias_facts(ir):
    """PyTorch's AliasDb on the graph: has_writers of each value (one digit per value),
    may_contain_alias of each pair i < j (one digit per pair, row by row), and move_facts."""
    g = torch._C.parse_ir(ir)
    db = g.alias_db()
    vals = all_values(g)
    writers = "".join("1" if db.has_writers(v) else "0" for v in vals)
    contain = "".join("1" if db.may_contain_alias(vals[i], vals[j]) else "0"
                      for i in range(len(vals)) for j in range(i + 1, len(vals)))
    return "writers %s\ncontain %s\n" % (writers, contain) + move_facts(ir)


def nodes_with_blocks(g):
    """Every node, in order, nested blocks after their node, with a number for its block."""
    out = []
    blocks = [0]

    def walk(block, index):
        for n in block.nodes():
            out.append((n, index))
            for b in n.blocks():
                blocks[0] += 1
                walk(b, blocks[0])

    walk(g, 0)
    return out


def move_facts(text):
    """Whether PyTorch's AliasDb moves node i after / before node j (any two nodes of one
    block, row by row): each move on a freshly parsed copy of the graph."""
    shape = [b for _, b in nodes_with_blocks(torch._C.parse_ir(text))]
    after, before = [], []
    for i in range(len(shape)):
        for j in range(len(shape)):
            if i == j or shape[i] != shape[j]:
                continue
            for out, method in ((after, "move_after_topologically_valid"),
                                (before, "move_before_topologically_valid")):
                h = torch._C.parse_ir(text)
                nodes = [n for n, _ in nodes_with_blocks(h)]
                out.append("1" if getattr(h.alias_db(), method)(nodes[i], nodes[j]) else "0")
    return "after %s\nbefore %s\n" % ("".join(after), "".join(before))


def run_pass(pass_name, g):
    import torch
    if pass_name == "cse":
        torch._C._jit_pass_cse(g)
    elif pass_name == "remove_mutation":
        torch._C._jit_pass_remove_mutation(g)
    elif pass_name == "dce_alias":
        torch._C._jit_pass_constant_propagation(g)
    else:
        raise ValueError(pass_name)


def corpus(graph_dir, out_dir):
    """For each program corpus graph (tests/compat/programs/gen_expected.py writes them as
    <name>.graph.txt) that torch._C.parse_ir reads, writes <name>.<pass>.in (the graph) and
    <name>.<pass>.out (PyTorch's result) into out_dir. The AliasDbCompat.CorpusGraphs test runs
    on them when EMBER_ALIAS_CORPUS_DIR names out_dir."""
    os.makedirs(out_dir, exist_ok=True)
    written = 0
    for fname in sorted(os.listdir(graph_dir)):
        if not fname.endswith(".graph.txt"):
            continue
        with open(os.path.join(graph_dir, fname)) as f:
            text = f.read()
        name = fname[:-len(".graph.txt")]
        for pass_name in ("cse", "remove_mutation"):
            try:
                g = torch._C.parse_ir(text)
                run_pass(pass_name, g)
            except RuntimeError:
                continue
            with open(os.path.join(out_dir, "%s.%s.in" % (name, pass_name)), "w") as f:
                f.write(text)
            with open(os.path.join(out_dir, "%s.%s.out" % (name, pass_name)), "w") as f:
                f.write(str(g))
            written += 1
    print("wrote %d cases" % written)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--corpus":
        corpus(sys.argv[2], sys.argv[3])
        return
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "cases_alias.txt")
    lines = ["# Generated by cases_alias.py from PyTorch %s; do not edit.\n" % torch.__version__]
    for name, pass_name, ir in CASES:
        g = torch._C.parse_ir(ir)
        run_pass(pass_name, g)
        lines.append("#### CASE %s %s\n" % (name, pass_name))
        lines.append(ir)
        lines.append("#### EXPECTED\n")
        lines.append(str(g))
        lines.append("#### END\n")
    # The alias analysis itself, on every case's input graph.
    for name, pass_name, ir in CASES:
        lines.append("#### CASE %s alias_db\n" % name)
        lines.append(ir)
        lines.append("#### EXPECTED\n")
        lines.append(alias_facts(ir))
        lines.append("#### END\n")
    with open(out_path, "w") as f:
        f.write("".join(lines))


if __name__ == "__main__":
    main()
