"""F.interpolate(..., antialias=True) through the antialiased resampling operators, and F.*
functions whose aten operators archives call directly (issue 15)."""
from case_support import X, T, case

CASES = []
add = CASES.append

add(case("interpolate_bilinear_antialias_down", "F.interpolate(x, size=(4, 3), mode='bilinear', antialias=True)",
         X(1, 2, 9, 7)))
add(case("interpolate_bilinear_antialias_scale",
         "F.interpolate(x, scale_factor=0.4, mode='bilinear', antialias=True)", X(2, 1, 10, 12)))
add(case("interpolate_bilinear_antialias_up_corners",
         "F.interpolate(x, size=[7, 9], mode='bilinear', align_corners=True, antialias=True)", X(1, 1, 4, 5)))
add(case("interpolate_bicubic_antialias_down", "F.interpolate(x, size=5, mode='bicubic', antialias=True)",
         X(1, 2, 11, 13)))
add(case("interpolate_bicubic_antialias_recompute",
         "F.interpolate(x, scale_factor=[0.5, 0.3], mode='bicubic', antialias=True, recompute_scale_factor=True)",
         X(1, 1, 9, 10)))
add(case("interpolate_antialias_trilinear_error", "F.interpolate(x, size=2, mode='trilinear', antialias=True)",
         X(1, 1, 4, 4, 4), error="Anti-alias option is only supported for bilinear and bicubic modes"))
add(case("kl_div_op_batchmean", "F.kl_div(x.log_softmax(1), t, reduction='batchmean')", X(3, 4),
         T("t", 3, 4, seed=2, lo=0.0, hi=1.0)))
add(case("kl_div_op_log_target_sum", "F.kl_div(x, t, reduction='sum', log_target=True)", X(3, 4),
         T("t", 3, 4, seed=3)))
add(case("grid_sample_op_bicubic_reflection",
         "F.grid_sample(x, g, mode='bicubic', padding_mode='reflection', align_corners=False)", X(1, 2, 4, 5),
         T("g", 1, 3, 3, 2, seed=4, lo=-1.3, hi=1.3)))
add(case("affine_grid_op_3d", "F.affine_grid(t, [1, 1, 2, 3, 4], align_corners=False)", T("t", 1, 3, 4, seed=5)))
