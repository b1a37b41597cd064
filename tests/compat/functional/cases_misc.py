"""Embeddings, F.* functions that are operators, torch.functional (torch.norm & co.)."""
from case_support import X, T, arg, case, labels

CASES = []
add = CASES.append

W = T("w", 6, 3, seed=21)
IDS = labels("ids", [2, 3], 6, data=[0, 2, 5, 1, 1, 4])
add(case("embedding_default", "F.embedding(ids, w)", IDS, W))
add(case("embedding_padding_idx", "F.embedding(ids, w, padding_idx=1)", IDS, W))
add(case("embedding_negative_padding_idx", "F.embedding(ids, w, padding_idx=-1)", IDS, W))
add(case("embedding_padding_idx_error", "F.embedding(ids, w, padding_idx=6)", IDS, W,
         error="Padding_idx must be within num_embeddings"))
add(case("embedding_negative_padding_idx_error", "F.embedding(ids, w, padding_idx=-7)", IDS, W,
         error="Padding_idx must be within num_embeddings"))
add(case("embedding_max_norm_renorms_weight", "F.embedding(ids, w, max_norm=1.0)", IDS, T("w", 6, 3, seed=21, lo=-3, hi=3)))
add(case("embedding_max_norm_p1", "F.embedding(ids, w, None, 1.5, 1.0)", IDS, T("w", 6, 3, seed=21, lo=-3, hi=3)))
add(case("embedding_out_of_range", "F.embedding(ids, w)", labels("ids", [2], 9, data=[0, 8]), W, error="index out of range"))
add(case("embedding_1d", "F.embedding(ids, w)", labels("ids", [4], 6, data=[5, 0, 0, 3]), W))
BAG = labels("ids", [6], 6, data=[0, 2, 5, 1, 1, 4])
OFF = labels("off", [3], 6, data=[0, 2, 2])
add(case("embedding_bag_mean", "F.embedding_bag(ids, w, off)", BAG, W, OFF))
add(case("embedding_bag_sum", "F.embedding_bag(ids, w, off, mode='sum')", BAG, W, OFF))
add(case("embedding_bag_max", "F.embedding_bag(ids, w, off, mode='max')", BAG, W, OFF))
add(case("embedding_bag_2d", "F.embedding_bag(ids, w)", IDS, W))
add(case("embedding_bag_per_sample", "F.embedding_bag(ids, w, off, mode='sum', per_sample_weights=s)", BAG, W, OFF,
         T("s", 6, seed=3)))
add(case("embedding_bag_last_offset", "F.embedding_bag(ids, w, off, include_last_offset=True)", BAG, W, OFF))
add(case("embedding_bag_padding_idx", "F.embedding_bag(ids, w, off, mode='sum', padding_idx=1)", BAG, W, OFF))
add(case("embedding_bag_no_offsets_error", "F.embedding_bag(ids, w)", BAG, W,
         error="offsets has to be a 1D Tensor but got None"))
add(case("embedding_bag_2d_offsets_error", "F.embedding_bag(ids, w, off)", IDS, W, OFF,
         error="if input is 2D, then offsets has to be None"))
add(case("embedding_bag_mode_error", "F.embedding_bag(ids, w, off, mode='min')", BAG, W, OFF,
         error="mode has to be one of sum, mean or max"))
add(case("embedding_bag_per_sample_mode_error", "F.embedding_bag(ids, w, off, per_sample_weights=s)", BAG, W, OFF,
         T("s", 6, seed=3), error="per_sample_weights was not None"))
add(case("one_hot_default", "F.one_hot(ids)", IDS))
add(case("one_hot_classes", "F.one_hot(ids, 8)", IDS))
add(case("one_hot_kw", "F.one_hot(ids, num_classes=7)", IDS))

# F.* that TorchScript maps straight to operators
add(case("linear", "F.linear(x, w, b)", X(2, 3), T("w", 4, 3), T("b", 4, seed=3)))
add(case("linear_no_bias", "F.linear(x, w)", X(2, 3), T("w", 4, 3)))
add(case("bilinear", "F.bilinear(a, b, w, bias)", T("a", 2, 3), T("b", 2, 4, seed=3), T("w", 5, 3, 4, seed=4),
         T("bias", 5, seed=5)))
add(case("conv1d", "F.conv1d(x, w, padding=1)", X(1, 2, 5), T("w", 3, 2, 3)))
add(case("conv2d", "F.conv2d(x, w, b, stride=2)", X(1, 2, 5, 5), T("w", 3, 2, 3, 3), T("b", 3, seed=3)))
add(case("conv2d_same", "F.conv2d(x, w, padding='same')", X(1, 2, 5, 5), T("w", 3, 2, 3, 3)))
add(case("conv3d", "F.conv3d(x, w)", X(1, 1, 3, 3, 3), T("w", 2, 1, 2, 2, 2)))
add(case("conv_transpose1d", "F.conv_transpose1d(x, w, stride=2)", X(1, 2, 4), T("w", 2, 3, 3)))
add(case("conv_transpose2d", "F.conv_transpose2d(x, w, padding=1, output_padding=1, stride=2)", X(1, 2, 3, 3),
         T("w", 2, 3, 3, 3)))
add(case("pad_constant", "F.pad(x, [1, 2])", X(2, 3)))
add(case("pad_constant_value", "F.pad(x, (1, 1, 2, 0), value=3.5)", X(2, 3)))
add(case("pad_reflect", "F.pad(x, [2, 1], mode='reflect')", X(1, 2, 4)))
add(case("pad_replicate", "F.pad(x, [1, 1, 1, 2], 'replicate')", X(1, 1, 3, 3)))
add(case("pad_circular", "F.pad(x, [1, 2], mode='circular')", X(1, 2, 4)))
add(case("pad_bad_mode", "F.pad(x, [1, 1], mode='wrap')", X(1, 2, 4), error="wrap"))
add(case("cosine_similarity", "F.cosine_similarity(a, b)", T("a", 3, 4), T("b", 3, 4, seed=3)))
add(case("cosine_similarity_dim_eps", "F.cosine_similarity(a, b, dim=0, eps=1e-3)", T("a", 3, 4), T("b", 3, 4, seed=3)))
add(case("pairwise_distance", "F.pairwise_distance(a, b)", T("a", 3, 4), T("b", 3, 4, seed=3)))
add(case("pairwise_distance_p1_keepdim", "F.pairwise_distance(a, b, 1.0, keepdim=True)", T("a", 3, 4), T("b", 3, 4, seed=3)))
add(case("pdist", "F.pdist(x)", X(4, 3)))
add(case("pixel_shuffle", "F.pixel_shuffle(x, 2)", X(1, 4, 2, 3)))
add(case("pixel_unshuffle", "F.pixel_unshuffle(x, 2)", X(1, 1, 4, 6)))
add(case("channel_shuffle", "F.channel_shuffle(x, 2)", X(1, 4, 2, 2)))
add(case("gelu_operator_kw", "F.gelu(x, approximate='tanh')", X(3)))

# torch.functional: Python functions in PyTorch, library functions in ember
add(case("norm_default_fro", "torch.norm(x)", X(3, 4)))
add(case("norm_p_int", "torch.norm(x, 3)", X(3, 4)))
add(case("norm_p_float_dim", "torch.norm(x, 1.5, 1)", X(3, 4)))
add(case("norm_dim_keepdim", "torch.norm(x, dim=1, keepdim=True)", X(3, 4)))
add(case("norm_fro_dims", "torch.norm(x, 'fro', [0, 1])", X(2, 3, 4)))
add(case("norm_inf", "torch.norm(x, float('inf'), 0)", X(3, 4)))
add(case("norm_dtype", "torch.norm(x, 2, dtype=torch.float64)", X(3, 4)))
add(case("norm_bad_string", "torch.norm(x, 'foo')", X(3, 4), error="only valid string values are 'fro' and 'nuc', found foo"))
add(case("norm_fro_dtype_error", "torch.norm(x, 'fro', dtype=torch.float64)", X(3, 4),
         error="dtype argument is not supported in frobenius norm"))
add(case("functional_norm_module", "torch.functional.norm(x, 1)", X(3, 4)))
add(case("cdist_default", "torch.cdist(a, b)", T("a", 3, 4), T("b", 5, 4, seed=3)))
add(case("cdist_p1", "torch.cdist(a, b, p=1.0)", T("a", 2, 3, 4), T("b", 2, 5, 4, seed=3)))
add(case("cdist_p0", "torch.cdist(a, b, 0.0)", T("a", 3, 2, data=[1, 2, 3, 4, 5, 6]), T("b", 2, 2, data=[1, 0, 3, 4])))
add(case("cdist_pinf", "torch.cdist(a, b, float('inf'))", T("a", 3, 4), T("b", 5, 4, seed=3)))
add(case("cdist_many_rows", "torch.cdist(a, b)", T("a", 30, 4), T("b", 27, 4, seed=3)))
add(case("cdist_mm_always", "torch.cdist(a, b, compute_mode='use_mm_for_euclid_dist')", T("a", 3, 4), T("b", 5, 4, seed=3)))
add(case("cdist_mm_never", "torch.cdist(a, b, compute_mode='donot_use_mm_for_euclid_dist')", T("a", 30, 4),
         T("b", 27, 4, seed=3)))
add(case("cdist_bad_mode", "torch.cdist(a, b, compute_mode='fast')", T("a", 3, 4), T("b", 5, 4, seed=3),
         error="fast is not a valid value for compute_mode"))
add(case("cdist_p3", "torch.cdist(a, b, 3.0)", T("a", 3, 4), T("b", 5, 4, seed=3)))
add(case("cdist_column_error", "torch.cdist(a, b)", T("a", 3, 4), T("b", 5, 3, seed=3),
         error="X1 and X2 must have the same number of columns. X1: 4 X2: 3"))
add(case("cdist_int_error", "torch.cdist(a, b)", T("a", 3, 4, dtype="int64"), T("b", 5, 4, seed=3),
         error="cdist only supports floating-point dtypes, X1 got: Long"))
add(case("tensordot_default", "torch.tensordot(a, b)", T("a", 2, 3, 4), T("b", 3, 4, 5, seed=3)))
add(case("tensordot_int", "torch.tensordot(a, b, 1)", T("a", 2, 3), T("b", 3, 4, seed=3)))
add(case("tensordot_zero", "torch.tensordot(a, b, 0)", T("a", 2), T("b", 3, seed=3)))
add(case("tensordot_lists", "torch.tensordot(a, b, dims=[[0, 2], [1, 0]])", T("a", 2, 3, 4), T("b", 4, 2, 5, seed=3)))
add(case("tensordot_negative_error", "torch.tensordot(a, b, -1)", T("a", 2, 3), T("b", 3, 4, seed=3),
         error="tensordot expects dims >= 0, but got dims=-1"))
add(case("stft_default", "torch.view_as_real(torch.stft(x, 8, return_complex=True))", X(32)))
add(case("stft_window_hop", "torch.view_as_real(torch.stft(x, 8, hop_length=2, window=w, return_complex=True))",
         X(2, 20), T("w", 8, lo=0.0, hi=1.0)))
add(case("stft_no_center", "torch.view_as_real(torch.stft(x, 8, center=False, normalized=True, return_complex=True))", X(24)))
add(case("unique_sorted", "torch.unique(x)", X(8, dtype="int64", lo=0, hi=4)))
add(case("unique_inverse", "torch.unique(x, return_inverse=True)", X(8, dtype="int64", lo=0, hi=4)))
add(case("unique_counts", "torch.unique(x, return_counts=True)", X(8, dtype="int64", lo=0, hi=4)))
add(case("unique_all", "torch.unique(x, True, True, True)", X(8, dtype="int64", lo=0, hi=4)))
add(case("unique_dim", "torch.unique(x, dim=0)", X(4, 2, dtype="int64", lo=0, hi=2)))
add(case("unique_consecutive", "torch.unique_consecutive(x)", T("x", 7, dtype="int64", data=[1, 1, 2, 2, 3, 1, 1])))
add(case("unique_consecutive_all", "torch.unique_consecutive(x, return_inverse=True, return_counts=True)",
         T("x", 7, dtype="int64", data=[1, 1, 2, 2, 3, 1, 1])))
# torch.* that are operators (torch.functional's other names)
add(case("split_operator", "torch.split(x, 2)", X(5)))
add(case("split_sizes", "torch.split(x, [1, 3], 1)", X(2, 4)))
add(case("einsum_operator", "torch.einsum('ij,jk->ik', a, b)", T("a", 2, 3), T("b", 3, 4, seed=3)))
add(case("broadcast_tensors_operator", "torch.broadcast_tensors(a, b)", T("a", 3, 1), T("b", 4, seed=3)))
add(case("meshgrid_operator", "torch.meshgrid([a, b], indexing='ij')", T("a", 2), T("b", 3, seed=3)))
add(case("atleast_2d_operator", "torch.atleast_2d(x)", X(3)))
add(case("chain_matmul_operator", "torch.chain_matmul(a, b, c)", T("a", 2, 3), T("b", 3, 4, seed=3), T("c", 4, 2, seed=4)))
add(case("block_diag_operator", "torch.block_diag(a, b)", T("a", 2, 2), T("b", 1, 3, seed=3)))
add(case("cartesian_prod_operator", "torch.cartesian_prod(a, b)", T("a", 2), T("b", 3, seed=3)))

TH = T("th", 2, 2, 3, seed=31)
add(case("affine_grid_2d", "F.affine_grid(th, [2, 1, 3, 4], align_corners=False)", TH))
add(case("affine_grid_2d_corners", "F.affine_grid(th, [2, 3, 2, 5], True)", TH))
add(case("affine_grid_2d_default", "F.affine_grid(th, [2, 1, 4, 4])", TH))
add(case("affine_grid_3d", "F.affine_grid(th, [1, 1, 2, 3, 4], align_corners=False)", T("th", 1, 3, 4, seed=32)))
add(case("affine_grid_size_error", "F.affine_grid(th, [2, 1, 3], False)", TH,
         error="affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. Got size [2, 1, 3]."))
add(case("affine_grid_shape_error", "F.affine_grid(th, [2, 1, 3, 3, 3], False)", TH,
         error="Expected a batch of 3D affine matrices of shape Nx3x4 for size [2, 1, 3, 3, 3]"))
add(case("affine_grid_dtype_error", "F.affine_grid(th, [2, 1, 3, 3], False)", T("th", 2, 2, 3, dtype="int64"),
         error="Expected theta to have floating point type, but got"))
add(case("embedding_bag_max_norm", "F.embedding_bag(ids, w, off, max_norm=0.5)", BAG, T("w", 6, 3, seed=21, lo=-3, hi=3), OFF))
add(case("norm_nuc", "torch.norm(x, 'nuc')", X(3, 4)))
add(case("norm_nuc_keepdim", "torch.norm(x, 'nuc', keepdim=True)", X(4, 3)))
add(case("norm_nuc_dims", "torch.norm(x, 'nuc', [1, 2])", X(2, 3, 4)))
add(case("lu_factor", "torch.lu(x)[0]", X(3, 3)))
add(case("norm_nuc_dtype_error", "torch.norm(x, 'nuc', dtype=torch.float64)", X(3, 4),
         error="dtype argument is not supported in nuclear norm"))

IMG = T("img", 2, 2, 4, 5, seed=61)
GRID = T("g", 2, 3, 4, 2, seed=62, lo=-1.3, hi=1.3)
for mode in ["bilinear", "nearest", "bicubic"]:
    for pad in ["zeros", "border", "reflection"]:
        for corners in [False, True]:
            add(case("grid_sample_%s_%s_%s" % (mode, pad, "corners" if corners else "centres"),
                     "F.grid_sample(img, g, mode='%s', padding_mode='%s', align_corners=%s)" % (mode, pad, corners),
                     IMG, GRID))
add(case("grid_sample_default", "F.grid_sample(img, g)", IMG, GRID))
add(case("grid_sample_mode_error", "F.grid_sample(img, g, mode='area')", IMG, GRID,
         error="nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: 'area'"))
add(case("grid_sample_padding_error", "F.grid_sample(img, g, padding_mode='wrap')", IMG, GRID,
         error="expected padding_mode to be 'zeros', 'border', or 'reflection', but got: 'wrap'"))
add(case("grid_sample_batch_error", "F.grid_sample(img, g[0:1], align_corners=False)", IMG, GRID,
         error="grid_sampler(): expected grid and input to have same batch size"))
add(case("grid_sample_last_dim_error", "F.grid_sample(img, g[..., 0:1], align_corners=False)", IMG, GRID,
         error="grid_sampler(): expected grid to have size 2 in last dimension"))
VOL = T("vol", 1, 2, 3, 4, 5, seed=63)
VGRID = T("g", 1, 2, 3, 2, 3, seed=64, lo=-1.3, hi=1.3)
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        for corners in [False, True]:
            add(case("grid_sample_3d_%s_%s_%s" % (mode, pad, "corners" if corners else "centres"),
                     "F.grid_sample(vol, g, mode='%s', padding_mode='%s', align_corners=%s)" % (mode, pad, corners),
                     VOL, VGRID))
add(case("grid_sample_3d_bicubic_error", "F.grid_sample(vol, g, mode='bicubic', align_corners=False)", VOL, VGRID,
         error="bicubic interpolation only supports 4D input"))

add(case("lu_square", "torch.lu(a)", T("a", 4, 4, seed=91)))
add(case("lu_batched_infos", "torch.lu(a, get_infos=True)", T("a", 2, 3, 3, seed=92)))
add(case("lu_wide", "torch.lu(a, True)", T("a", 2, 4, seed=93)))
add(case("lu_tall", "torch.lu(a)", T("a", 4, 2, seed=94)))
add(case("lu_singular", "torch.lu(a, get_infos=True)", T("a", 3, 3, data=[0, 0, 0, 0, 0, 0, 0, 0, 0])))
add(case("lu_rank_one", "torch.lu(a, get_infos=True)", T("a", 3, 3, data=[1, 2, 3, 2, 4, 6, 3, 6, 9])))
add(case("lu_no_pivot_error", "torch.lu(a, pivot=False)", T("a", 3, 3, seed=95),
         error="LU without pivoting is not implemented on the CPU"))

# F.* names PyTorch scripts (gen_scriptable.py) that ember's library adds.
TBC = T("x", 5, 2, 3, seed=101)
TBC_W = T("w", 3, 3, 4, seed=102)
TBC_B = T("b", 4, seed=103)
add(case("conv_tbc", "F.conv_tbc(x, w, b)", TBC, TBC_W, TBC_B))
add(case("conv_tbc_pad", "F.conv_tbc(x, w, b, 2)", TBC, TBC_W, TBC_B))
add(case("conv_tbc_bad_input", "F.conv_tbc(x[0], w, b)", TBC, TBC_W, TBC_B, error="Input must have 3 dims"))
add(case("rrelu_inplace_eval", "F.rrelu_(x)", X(2, 5)))
add(case("rrelu_inplace_eval_bounds", "F.rrelu_(x, 0.2, 0.4)", X(2, 5)))
add(case("has_torch_function_unary", "F.has_torch_function_unary(x)", X(2)))
