"""Normalization layers, pooling, unfold/fold, interpolate."""
from case_support import X, T, arg, case, labels

CASES = []
add = CASES.append

# ---- normalization ----
add(case("batch_norm_eval", "F.batch_norm(x, m, v)", X(4, 3), T("m", 3, seed=2), T("v", 3, seed=3, lo=0.5, hi=2.0)))
add(case("batch_norm_all_positional", "F.batch_norm(x, m, v, w, b, False, 0.1, 1e-5)", X(4, 3, 2),
         T("m", 3, seed=2), T("v", 3, seed=3, lo=0.5, hi=2.0), T("w", 3, seed=4), T("b", 3, seed=5)))
add(case("batch_norm_training_updates_stats", "F.batch_norm(x, m, v, training=True, momentum=0.2)", X(4, 3),
         T("m", 3, seed=2), T("v", 3, seed=3, lo=0.5, hi=2.0)))
add(case("batch_norm_training_no_stats", "F.batch_norm(x, None, None, training=True)", X(4, 3, 5)))
add(case("batch_norm_eps_kw", "F.batch_norm(x, m, v, eps=0.5)", X(4, 3), T("m", 3, seed=2),
         T("v", 3, seed=3, lo=0.5, hi=2.0)))
add(case("batch_norm_one_value_error", "F.batch_norm(x, None, None, training=True)", X(1, 3),
         error="Expected more than 1 value per channel when training, got input size [1, 3]"))
add(case("batch_norm_one_value_eval_ok", "F.batch_norm(x, m, v)", X(1, 3), T("m", 3, seed=2),
         T("v", 3, seed=3, lo=0.5, hi=2.0)))
add(case("instance_norm_default", "F.instance_norm(x)", X(2, 3, 5)))
add(case("instance_norm_affine", "F.instance_norm(x, weight=w, bias=b, eps=1e-3)", X(2, 3, 2, 2), T("w", 3),
         T("b", 3, seed=4)))
add(case("instance_norm_running", "F.instance_norm(x, m, v, use_input_stats=False)", X(2, 3, 4), T("m", 3, seed=2),
         T("v", 3, seed=3, lo=0.5, hi=2.0)))
add(case("instance_norm_spatial_error", "F.instance_norm(x)", X(2, 3, 1),
         error="Expected more than 1 spatial element when training, got input size [2, 3, 1]"))
add(case("layer_norm_last", "F.layer_norm(x, [4])", X(2, 3, 4)))
add(case("layer_norm_two", "F.layer_norm(x, [3, 4], w, b)", X(2, 3, 4), T("w", 3, 4), T("b", 3, 4, seed=3)))
add(case("layer_norm_eps", "F.layer_norm(x, normalized_shape=[4], eps=0.1)", X(2, 4)))
add(case("group_norm_default", "F.group_norm(x, 2)", X(2, 4, 3)))
add(case("group_norm_affine", "F.group_norm(x, 2, w, b, 1e-3)", X(2, 4, 2, 2), T("w", 4), T("b", 4, seed=3)))
add(case("group_norm_dim_error", "F.group_norm(x, 1)", X(3),
         error="Dimension out of range"))
add(case("group_norm_batch_error", "F.group_norm(x, 2)", X(1, 2),
         error="Expected more than 1 value per channel when training"))
add(case("local_response_norm_3d", "F.local_response_norm(x, 2)", X(2, 4, 5)))
add(case("local_response_norm_4d", "F.local_response_norm(x, 3, alpha=0.01, beta=0.5, k=2.0)", X(2, 5, 3, 3)))
add(case("local_response_norm_5d", "F.local_response_norm(x, 2)", X(1, 3, 2, 2, 2)))
add(case("local_response_norm_dim_error", "F.local_response_norm(x, 2)", X(3, 2),
         error="Expected 3D or higher dimensionality"))

# ---- pooling ----
add(case("max_pool1d", "F.max_pool1d(x, 2)", X(2, 3, 8)))
add(case("max_pool1d_stride_pad", "F.max_pool1d(x, 3, 2, 1)", X(2, 3, 8)))
add(case("max_pool1d_indices", "F.max_pool1d(x, 2, return_indices=True)", X(1, 2, 6)))
add(case("max_pool2d", "F.max_pool2d(x, 2)", X(1, 2, 6, 6)))
add(case("max_pool2d_tuple_kernel", "F.max_pool2d(x, (2, 3), stride=(1, 2))", X(1, 2, 6, 6)))
add(case("max_pool2d_ceil", "F.max_pool2d(x, 2, 2, ceil_mode=True)", X(1, 2, 5, 5)))
add(case("max_pool2d_dilation", "F.max_pool2d(x, 2, 1, 0, 2)", X(1, 1, 6, 6)))
add(case("max_pool2d_indices_kw", "F.max_pool2d(x, 2, return_indices=True)", X(1, 2, 4, 4)))
add(case("max_pool2d_indices_positional", "F.max_pool2d(x, 2, 2, 0, 1, False, True)", X(1, 2, 4, 4)))
add(case("max_pool2d_indices_false", "F.max_pool2d(x, 2, return_indices=False)", X(1, 2, 4, 4)))
add(case("max_pool2d_unbatched", "F.max_pool2d(x, 2)", X(2, 4, 4)))
add(case("max_pool2d_nonconstant_indices", "F.max_pool2d(x, 2, return_indices=flag)", X(1, 1, 4, 4),
         arg("flag", True, "bool"), compile_error="return_indices"))
add(case("max_pool3d", "F.max_pool3d(x, 2)", X(1, 1, 4, 4, 4)))
add(case("max_pool3d_indices", "F.max_pool3d(x, 2, return_indices=True)", X(1, 1, 2, 4, 4)))
add(case("max_pool2d_too_big", "F.max_pool2d(x, 5)", X(1, 1, 3, 3), error="Output size is too small"))
add(case("avg_pool1d", "F.avg_pool1d(x, 2)", X(1, 2, 6)))
add(case("avg_pool2d", "F.avg_pool2d(x, 2, 1, 1, count_include_pad=False)", X(1, 2, 4, 4)))
add(case("avg_pool2d_divisor", "F.avg_pool2d(x, 2, divisor_override=3)", X(1, 2, 4, 4)))
add(case("avg_pool3d", "F.avg_pool3d(x, 2, ceil_mode=True)", X(1, 1, 3, 3, 3)))
add(case("adaptive_avg_pool1d", "F.adaptive_avg_pool1d(x, 3)", X(1, 2, 7)))
add(case("adaptive_avg_pool2d", "F.adaptive_avg_pool2d(x, 3)", X(1, 2, 7, 5)))
add(case("adaptive_avg_pool2d_tuple", "F.adaptive_avg_pool2d(x, (2, 4))", X(1, 2, 7, 5)))
add(case("adaptive_avg_pool3d", "F.adaptive_avg_pool3d(x, 2)", X(1, 1, 4, 3, 5)))
add(case("adaptive_max_pool1d", "F.adaptive_max_pool1d(x, 3)", X(1, 2, 7)))
add(case("adaptive_max_pool1d_indices", "F.adaptive_max_pool1d(x, 3, True)", X(1, 2, 7)))
add(case("adaptive_max_pool2d", "F.adaptive_max_pool2d(x, (2, 3))", X(1, 2, 7, 5)))
add(case("adaptive_max_pool2d_indices", "F.adaptive_max_pool2d(x, 2, return_indices=True)", X(1, 2, 4, 4)))
add(case("adaptive_max_pool3d", "F.adaptive_max_pool3d(x, 2)", X(1, 1, 4, 4, 4)))
add(case("lp_pool1d_float", "F.lp_pool1d(x, 2.0, 2)", X(1, 2, 6)))
add(case("lp_pool1d_int", "F.lp_pool1d(x, 3, 3, stride=1)", X(1, 2, 6, lo=0.1, hi=2.0)))
add(case("lp_pool2d", "F.lp_pool2d(x, 2, 2)", X(1, 2, 4, 4)))
add(case("lp_pool2d_stride_ceil", "F.lp_pool2d(x, 1.5, (2, 2), stride=1, ceil_mode=True)", X(1, 2, 3, 3, lo=0.1)))
add(case("max_unpool1d", "F.max_unpool1d(*F.max_pool1d(x, 2, return_indices=True), 2)", X(1, 2, 6)))
add(case("max_unpool2d", "F.max_unpool2d(y[0], y[1], 2)", X(1, 2, 4, 4),
         body="    y = F.max_pool2d(x, 2, return_indices=True)\n    return F.max_unpool2d(y[0], y[1], 2)\n"))
add(case("max_unpool2d_output_size", "", X(1, 2, 5, 5),
         body="    y = F.max_pool2d(x, 2, return_indices=True)\n    return F.max_unpool2d(y[0], y[1], 2, output_size=[5, 5])\n"))
add(case("max_unpool2d_bad_output_size", "", X(1, 2, 4, 4),
         body="    y = F.max_pool2d(x, 2, return_indices=True)\n    return F.max_unpool2d(y[0], y[1], 2, output_size=[9, 9])\n",
         error="invalid output_size"))
add(case("max_unpool3d", "", X(1, 1, 2, 2, 4),
         body="    y = F.max_pool3d(x, 2, return_indices=True)\n    return F.max_unpool3d(y[0], y[1], 2)\n"))

# ---- unfold / fold ----
add(case("unfold_basic", "F.unfold(x, 2)", X(1, 2, 4, 4)))
add(case("unfold_all_args", "F.unfold(x, (2, 3), dilation=(1, 2), padding=1, stride=2)", X(2, 2, 5, 6)))
add(case("unfold_unbatched", "F.unfold(x, 2)", X(2, 3, 3)))
add(case("fold_basic", "F.fold(x, (3, 3), 2)", X(1, 8, 4)))
add(case("fold_stride_pad", "F.fold(x, output_size=(4, 5), kernel_size=2, padding=1, stride=2)", X(2, 4, 9)))
add(case("fold_roundtrip", "F.fold(F.unfold(x, 2, stride=1), (4, 4), 2, stride=1)", X(1, 2, 4, 4)))
add(case("fold_bad_dim", "F.fold(x, 2, 2)", X(1, 2, 3, 4), error="Expected 2D or 3D (batch mode) tensor"))
add(case("fold_bad_blocks", "F.fold(x, (3, 3), 2)", X(1, 8, 5), error="expected size of input's dimension 2"))

# ---- interpolate ----
add(case("interpolate_nearest_scale", "F.interpolate(x, scale_factor=2.0)", X(1, 2, 3)))
add(case("interpolate_nearest_size", "F.interpolate(x, size=5)", X(1, 2, 3)))
add(case("interpolate_nearest_2d_size_list", "F.interpolate(x, size=[3, 5])", X(1, 2, 2, 3)))
add(case("interpolate_nearest_2d_scale_list", "F.interpolate(x, scale_factor=[2.0, 1.5])", X(1, 2, 2, 3)))
add(case("interpolate_nearest_3d", "F.interpolate(x, scale_factor=2.0)", X(1, 1, 2, 2, 2)))
add(case("interpolate_nearest_exact", "F.interpolate(x, size=5, mode='nearest-exact')", X(1, 2, 3)))
add(case("interpolate_nearest_exact_2d", "F.interpolate(x, scale_factor=1.5, mode='nearest-exact')", X(1, 1, 4, 4)))
add(case("interpolate_linear", "F.interpolate(x, size=7, mode='linear')", X(1, 2, 4)))
add(case("interpolate_linear_corners", "F.interpolate(x, scale_factor=2.0, mode='linear', align_corners=True)", X(1, 2, 4)))
add(case("interpolate_bilinear", "F.interpolate(x, size=(5, 6), mode='bilinear')", X(1, 2, 3, 4)))
add(case("interpolate_bilinear_corners", "F.interpolate(x, scale_factor=2.0, mode='bilinear', align_corners=True)", X(1, 2, 3, 3)))
add(case("interpolate_bilinear_recompute", "F.interpolate(x, scale_factor=1.7, mode='bilinear', recompute_scale_factor=True)", X(1, 1, 4, 4)))
add(case("interpolate_bilinear_scale_no_recompute", "F.interpolate(x, scale_factor=1.7, mode='bilinear')", X(1, 1, 4, 4)))
add(case("interpolate_bicubic", "F.interpolate(x, size=6, mode='bicubic')", X(1, 1, 4, 4)))
add(case("interpolate_bicubic_corners", "F.interpolate(x, scale_factor=2.0, mode='bicubic', align_corners=True)", X(1, 1, 3, 3)))
add(case("interpolate_trilinear", "F.interpolate(x, size=3, mode='trilinear')", X(1, 1, 2, 2, 2)))
add(case("interpolate_area_size", "F.interpolate(x, size=3, mode='area')", X(1, 2, 7)))
add(case("interpolate_area_scale", "F.interpolate(x, scale_factor=0.5, mode='area')", X(1, 2, 6, 6)))
add(case("interpolate_both_error", "F.interpolate(x, size=2, scale_factor=2.0)", X(1, 1, 4),
         error="only one of size or scale_factor should be defined"))
add(case("interpolate_neither_error", "F.interpolate(x)", X(1, 1, 4), error="either size or scale_factor should be defined"))
add(case("interpolate_size_dims_error", "F.interpolate(x, size=[2, 2])", X(1, 1, 4),
         error="Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of [4] and output size of [2, 2]"))
add(case("interpolate_scale_dims_error", "F.interpolate(x, scale_factor=[2.0, 2.0])", X(1, 1, 4),
         error="Input and scale_factor must have the same number of spatial dimensions"))
add(case("interpolate_recompute_size_error", "F.interpolate(x, size=2, recompute_scale_factor=True)", X(1, 1, 4),
         error="recompute_scale_factor is not meaningful with an explicit size."))
add(case("interpolate_align_corners_nearest_error", "F.interpolate(x, size=2, align_corners=True)", X(1, 1, 4),
         error="align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear"))
add(case("interpolate_bilinear_3d_error", "F.interpolate(x, size=2, mode='bilinear')", X(1, 1, 4),
         error="Got 3D input, but bilinear mode needs 4D input"))
add(case("interpolate_linear_4d_error", "F.interpolate(x, size=2, mode='linear')", X(1, 1, 4, 4),
         error="Got 4D input, but linear mode needs 3D input"))
add(case("interpolate_trilinear_4d_error", "F.interpolate(x, size=2, mode='trilinear')", X(1, 1, 4, 4),
         error="Got 4D input, but trilinear mode needs 5D input"))
add(case("interpolate_2d_input_error", "F.interpolate(x, size=2)", X(1, 4),
         error="Input Error: Only 3D, 4D and 5D input Tensors supported (got 2D)"))
add(case("interpolate_bad_mode_error", "F.interpolate(x, size=2, mode='cubic')", X(1, 1, 4),
         error="Input Error: Only 3D, 4D and 5D input Tensors supported (got 3D) for the modes"))
add(case("interpolate_antialias_error", "F.interpolate(x, size=2, antialias=True)", X(1, 1, 4),
         error="Anti-alias option is only supported for bilinear and bicubic modes"))
add(case("upsample_nearest", "F.upsample(x, scale_factor=2.0)", X(1, 1, 2, 2)))
add(case("upsample_bilinear_mode", "F.upsample(x, size=[3, 3], mode='bilinear')", X(1, 1, 2, 2)))
add(case("upsample_nearest_fn", "F.upsample_nearest(x, size=4)", X(1, 1, 2, 2)))
add(case("upsample_bilinear_fn", "F.upsample_bilinear(x, scale_factor=2.0)", X(1, 1, 2, 2)))

# fractional max pooling, with the random offsets given (_random_samples) so both sides agree
S2 = T("s", 2, 3, 2, seed=81, lo=0.0, hi=0.999)
add(case("fractional_max_pool2d_size", "F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=s)",
         X(2, 3, 7, 6), S2))
add(case("fractional_max_pool2d_ratio_indices",
         "F.fractional_max_pool2d(x, (2, 3), output_ratio=(0.5, 0.6), return_indices=True, _random_samples=s)",
         X(2, 3, 8, 9), S2))
add(case("fractional_max_pool2d_unbatched", "F.fractional_max_pool2d(x, 3, output_size=(2, 4), _random_samples=s)",
         X(3, 7, 8), T("s", 1, 3, 2, seed=82, lo=0.0, hi=0.999)))
add(case("fractional_max_pool2d_shape_random", "F.fractional_max_pool2d(x, 2, output_size=3).size()", X(2, 3, 7, 6)))
add(case("fractional_max_pool2d_no_size_error", "F.fractional_max_pool2d(x, 2)", X(1, 2, 5, 5),
         error="fractional_max_pool2d requires specifying either an output_size or an output_ratio"))
add(case("fractional_max_pool2d_too_large_error", "F.fractional_max_pool2d(x, 2, output_size=5)", X(1, 2, 5, 5),
         error="fractional_max_pool2d(): pool height 2 too large relative to input height 5"))
add(case("fractional_max_pool3d", "F.fractional_max_pool3d(x, 2, output_size=(2, 3, 2), return_indices=True, "
         "_random_samples=s)", X(1, 2, 5, 6, 4), T("s", 1, 2, 3, seed=83, lo=0.0, hi=0.999)))
