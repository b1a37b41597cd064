// Derivative formulas of the matrix decompositions and solvers (Cholesky, QR, symmetric
// eigendecomposition, SVD, LU, triangular and least-squares solves, pseudo-inverse, matrix
// exponential, the general eigendecomposition). Every formula takes complex tensors: transposes
// of the real derivations are conjugate transposes (`X.mT.conj()`, which for a real X is X.mT
// itself), and the few terms that only exist for complex values (phases on a diagonal) are
// built so that they are exactly zero for real values (`0.5 * (d - d.conj())`, `torch.real` of
// a diagonal), never by a branch on the dtype: real gradients are bit-identical to the real-only
// formulas'.
// Each is the adjoint of the decomposition's differential, written from the standard
// matrix-calculus derivations; where the result is only defined up to a gauge (the signs of
// eigen- and singular vectors, the phases of complex eigenvectors) the formula is the
// gauge-invariant one PyTorch uses, so gradients of losses that do not depend on the gauge agree
// with PyTorch's.
//
// Same conventions as derivatives_source.cpp (parameters bound by name, one gradient per tensor
// argument); compiled in one unit after it, so `_sum_to` and friends are available.
#include <iterator>

#include "runtime/autograd/formulas.h"

namespace ember::autograd {

namespace {

constexpr const char* kSource = R"TS(
def _la_eye(n: int, like: Tensor) -> Tensor:
    return torch.eye(n, dtype=like.dtype)

def _la_offdiag_inverse(E: Tensor) -> Tensor:
    # 1 / E off the diagonal, 0 on it.
    n = E.size(-1)
    eye = _la_eye(n, E)
    return (1.0 - eye) / (E + eye)

def _la_project_triangle(g: Tensor, upper: bool, unitriangular: bool) -> Tensor:
    k = 1 if unitriangular else 0
    if upper:
        return g.triu(k)
    return g.tril(-k)

def _la_cholesky_back(gL: Tensor, L: Tensor, upper: bool) -> Tensor:
    # A = L L^H: L^{-1} dA L^{-H} = L^{-1} dL + (L^{-1} dL)^H with L^{-1} dL lower triangular
    # (real diagonal). The final Hermitian projection drops the diagonal's imaginary part.
    if upper:
        L = L.mT.conj()
        gL = gL.mT.conj()
    P = L.mT.conj().matmul(gL.tril())
    P = P.tril() - 0.5 * P.diagonal(0, -2, -1).diag_embed()
    S = torch.linalg.solve_triangular(L.mT.conj(), P, upper=True)
    S = torch.linalg.solve_triangular(L, S, upper=False, left=False)
    return 0.5 * (S + S.mT.conj())

def d_cholesky(grad: Tensor, upper: bool, result: Tensor):
    return _la_cholesky_back(grad, result, upper)

def d_linalg_cholesky_ex(grad0: Tensor, upper: bool, result0: Tensor):
    return _la_cholesky_back(grad0, result0, upper)

def _la_sym_to_factor(gA: Tensor, L: Tensor, upper: bool) -> Tensor:
    # Gradient for the factor of A = L L^H (or U^H U) from the gradient gA of A.
    G = gA + gA.mT.conj()
    if upper:
        return L.matmul(G)
    return G.matmul(L)

def d_cholesky_solve(grad: Tensor, self_size: List[int], input2: Tensor, upper: bool, result: Tensor):
    gB = torch.cholesky_solve(grad, input2, upper)
    gL = _la_sym_to_factor(-gB.matmul(result.mT.conj()), input2, upper)
    return _sum_to(gB, self_size), _sum_to(gL, input2.size())

def d_cholesky_inverse(grad: Tensor, self: Tensor, upper: bool, result: Tensor):
    # result is Hermitian, so it is its own conjugate transpose.
    gA = -result.matmul(grad).matmul(result)
    return _la_sym_to_factor(gA, self, upper)

def d_linalg_solve_triangular(grad: Tensor, self: Tensor, B_size: List[int], upper: bool, left: bool, unitriangular: bool, result: Tensor):
    gB = torch.linalg.solve_triangular(self.mT.conj(), grad, upper=not upper, left=left, unitriangular=unitriangular)
    if left:
        gA = -gB.matmul(result.mT.conj())
    else:
        gA = -result.mT.conj().matmul(gB)
    gA = _la_project_triangle(gA, upper, unitriangular)
    return _sum_to(gA, self.size()), _sum_to(gB, B_size)

def d_triangular_solve(grad0: Tensor, grad1: Tensor, self_size: List[int], A: Tensor, upper: bool, transpose: bool, unitriangular: bool, result0: Tensor):
    # op(A) is A or its plain transpose; op(A)^H is then conj(A) transposed the other way.
    gB = torch.triangular_solve(grad0, A.conj(), upper, not transpose, unitriangular)[0]
    gM = -gB.matmul(result0.mT.conj())
    if transpose:
        gM = gM.mT
    gA = _la_project_triangle(gM, upper, unitriangular) + grad1
    return _sum_to(gB, self_size), _sum_to(gA, A.size())

def _la_qr_back_tall(gQ: Tensor, gR: Tensor, Q: Tensor, R: Tensor) -> Tensor:
    # A = Q R with Q^H Q = I, R upper triangular, invertible, with a real diagonal: with
    # X = Q^H dA R^{-1}, Q^H dQ is X's strictly lower part minus its conjugate transpose plus
    # the imaginary part of X's diagonal, and dR R^{-1} the rest. So the adjoint keeps M's
    # strictly upper part, mirrored, and the real part of its diagonal.
    M = gR.matmul(R.mT.conj()) - Q.mT.conj().matmul(gQ)
    U = M.triu(1)
    N = U + U.mT.conj() + torch.real(M.diagonal(0, -2, -1)).diag_embed()
    return torch.linalg.solve_triangular(R.mT.conj(), gQ + Q.matmul(N), upper=False, left=False)

def _la_qr_back(gQ: Tensor, gR: Tensor, Q: Tensor, R: Tensor) -> Tensor:
    m = Q.size(-2)
    n = R.size(-1)
    if m >= n:
        if Q.size(-1) != n:
            raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")
        return _la_qr_back_tall(gQ, gR, Q, R)
    # A = [A1 A2] with A1 = Q R1 square and R2 = Q^H A2.
    gR2 = gR.narrow(-1, m, n - m)
    R2 = R.narrow(-1, m, n - m)
    gA2 = Q.matmul(gR2)
    gQ1 = gQ + Q.matmul(R2).matmul(gR2.mT.conj())
    gA1 = _la_qr_back_tall(gQ1, gR.narrow(-1, 0, m), Q, R.narrow(-1, 0, m))
    return torch.cat([gA1, gA2], -1)

def d_linalg_qr(grad0: Tensor, grad1: Tensor, mode: str, result0: Tensor, result1: Tensor):
    if mode == "r":
        raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.")
    return _la_qr_back(grad0, grad1, result0, result1)

def d_qr(grad0: Tensor, grad1: Tensor, result0: Tensor, result1: Tensor):
    return _la_qr_back(grad0, grad1, result0, result1)

def _la_eigh_back(gL: Tensor, gV: Tensor, L: Tensor, V: Tensor) -> Tensor:
    # dL_i = v_i^T dA v_i and (V^T dV)_ij = (V^T dA V)_ij / (L_j - L_i) off the diagonal; the
    # gradient of V is first projected on the skew-symmetric matrices (the tangent space of
    # the orthogonal group, where a sign change of a vector does not move the loss). Complex
    # (Hermitian) inputs: transposes are conjugate transposes, W is projected on the
    # skew-Hermitian matrices and its imaginary diagonal (the phases) is dropped.
    W = V.mT.conj().matmul(gV)
    W = 0.5 * (W - W.mT.conj())
    K = W * _la_offdiag_inverse(L.unsqueeze(-2) - L.unsqueeze(-1)) + gL.diag_embed()
    return V.matmul(K).matmul(V.mT.conj())

def d_linalg_eigh(grad0: Tensor, grad1: Tensor, result0: Tensor, result1: Tensor):
    return _la_eigh_back(grad0, grad1, result0, result1)

def d__linalg_eigh(grad0: Tensor, grad1: Tensor, A: Tensor, UPLO: str, compute_v: bool):
    L, V = torch.linalg.eigh(A, UPLO)
    if not compute_v:
        return V.matmul(grad0.diag_embed().to(V.dtype)).matmul(V.mT.conj())
    return _la_eigh_back(grad0, grad1, L, V)

def d_linalg_eigvalsh(grad: Tensor, self: Tensor, UPLO: str):
    L, V = torch.linalg.eigh(self, UPLO)
    return V.matmul(grad.diag_embed().to(V.dtype)).matmul(V.mT.conj())

def d_symeig(grad0: Tensor, grad1: Tensor, self: Tensor, eigenvectors: bool, upper: bool):
    uplo = "U" if upper else "L"
    L, V = torch.linalg.eigh(self, uplo)
    if not eigenvectors:
        return V.matmul(grad0.diag_embed().to(V.dtype)).matmul(V.mT.conj())
    return _la_eigh_back(grad0, grad1, L, V)

def _la_eig_back(gL: Tensor, gV: Tensor, L: Tensor, V: Tensor) -> Tensor:
    # A = V diag(L) V^{-1}: V^{-1} dA V = diag(dL) + (L_j - L_i) (V^{-1} dV)_ij off the diagonal.
    # The adjoint is gA = V^{-H} (diag(gL) + K) V^H with K_ij = W_ij / conj(L_j - L_i) off the
    # diagonal, where W = V^H gV less its part along the gauge: columns of norm 1 with a free
    # phase, whose tangent moves column j by i t v_j, so W_j loses (V^H V)_{:j} Re(W_jj).
    # Gradients of phase-invariant losses agree with PyTorch's.
    Vh = V.transpose(-2, -1).conj()
    W = Vh.matmul(gV)
    W = W - Vh.matmul(V) * torch.real(W.diagonal(0, -2, -1)).unsqueeze(-2)
    E = (L.unsqueeze(-2) - L.unsqueeze(-1)).conj()
    eye = _la_eye(L.size(-1), torch.real(L))
    K = W * ((1.0 - eye) / (E + eye)) + gL.diag_embed()
    return torch.linalg.solve(Vh, K.matmul(Vh))

def d_linalg_eig(grad0: Tensor, grad1: Tensor, result0: Tensor, result1: Tensor):
    # A real input takes the real part of the (complex) gradient, in the formula node.
    return _la_eig_back(grad0, grad1, result0, result1)

def d_linalg_eigvals(grad: Tensor, self: Tensor):
    L, V = torch.linalg.eig(self)
    Vh = V.transpose(-2, -1).conj()
    return torch.linalg.solve(Vh, grad.diag_embed().matmul(Vh))

def _la_svd_back(gU: Tensor, gS: Tensor, gVh: Tensor, U: Tensor, S: Tensor, Vh: Tensor) -> Tensor:
    # A = U diag(S) V^H (reduced; extra columns of full U / V carry no gradient). The usual
    # adjoint: U [(F o (U^H gU - gU^H U)) S + diag(gS) + S (F o (V^H gV - gV^H V))] V^H plus the
    # parts of gU and gV outside the spans of U and V, with F_ij = 1 / (s_j^2 - s_i^2).
    # Complex: the phase of a pair (u_i, v_i) is free (PyTorch's gauge), and the phase
    # difference of u_i and v_i follows from the imaginary part of (U^H dA V)_ii; its term,
    # i Im(diag(U^H gU - V^H gV)) / (2 S), is zero for real values. Losses that do not
    # depend on the gauge get PyTorch's gradients.
    k = S.size(-1)
    U = U.narrow(-1, 0, k)
    gU = gU.narrow(-1, 0, k)
    V = Vh.narrow(-2, 0, k).mT.conj()
    gV = gVh.narrow(-2, 0, k).mT.conj()
    S2 = S * S
    F = _la_offdiag_inverse(S2.unsqueeze(-2) - S2.unsqueeze(-1))
    UtgU = U.mT.conj().matmul(gU)
    VtgV = V.mT.conj().matmul(gV)
    Sr = S.unsqueeze(-2)
    Sc = S.unsqueeze(-1)
    inner = (F * (UtgU - UtgU.mT.conj())) * Sr + gS.diag_embed() + Sc * (F * (VtgV - VtgV.mT.conj()))
    D = UtgU.diagonal(0, -2, -1) - VtgV.diagonal(0, -2, -1)
    # (A zero singular value leaves the phase undefined; it divides by 1 there, so that real
    # values, whose term is 0, stay finite.)
    inner = inner + ((D - D.conj()) / (4.0 * torch.where(S == 0.0, torch.ones_like(S), S))).diag_embed()
    gA = U.matmul(inner).matmul(V.mT.conj())
    m = U.size(-2)
    n = V.size(-2)
    if m > k:
        gUo = gU - U.matmul(UtgU)
        gA = gA + (gUo / Sr).matmul(V.mT.conj())
    if n > k:
        gVo = gV - V.matmul(VtgV)
        gA = gA + U.matmul((gVo / Sr).mT.conj())
    return gA

def d_linalg_svd(grad0: Tensor, grad1: Tensor, grad2: Tensor, result0: Tensor, result1: Tensor, result2: Tensor):
    return _la_svd_back(grad0, grad1, grad2, result0, result1, result2)

def d__linalg_svd(grad0: Tensor, grad1: Tensor, grad2: Tensor, A: Tensor, compute_uv: bool, result0: Tensor, result1: Tensor, result2: Tensor):
    if not compute_uv:
        U, S, Vh = torch.linalg.svd(A, False)
        return U.matmul(grad1.diag_embed().to(U.dtype)).matmul(Vh)
    return _la_svd_back(grad0, grad1, grad2, result0, result1, result2)

def d_svd(grad0: Tensor, grad1: Tensor, grad2: Tensor, self: Tensor, compute_uv: bool, result0: Tensor, result1: Tensor, result2: Tensor):
    if not compute_uv:
        U, S, Vh = torch.linalg.svd(self, False)
        return U.matmul(grad1.diag_embed().to(U.dtype)).matmul(Vh)
    return _la_svd_back(grad0, grad1, grad2.mT.conj(), result0, result1, result2.mT.conj())

def d_linalg_svdvals(grad: Tensor, A: Tensor):
    U, S, Vh = torch.linalg.svd(A, False)
    return U.matmul(grad.diag_embed().to(U.dtype)).matmul(Vh)

def _la_pinv_back(gP: Tensor, P: Tensor, A: Tensor) -> Tensor:
    # For A of constant rank: dP = -P dA P + P P^H dA^H (I - A P) + (I - P A) dA^H P^H P.
    Ph = P.mT.conj()
    gPh = gP.mT.conj()
    PtgP = Ph.matmul(gP)
    gA = -PtgP.matmul(Ph)
    PPt = P.matmul(Ph)
    gA = gA + (gPh - A.matmul(P.matmul(gPh))).matmul(PPt)
    PtP = Ph.matmul(P)
    gA = gA + PtP.matmul(gPh - gPh.matmul(P.matmul(A)))
    return gA

def d_pinverse(grad: Tensor, self: Tensor, result: Tensor):
    return _la_pinv_back(grad, result, self)

def d_linalg_pinv_tensors(grad: Tensor, self: Tensor, result: Tensor):
    return _la_pinv_back(grad, result, self), None, None

def d_linalg_pinv_rcond_tensor(grad: Tensor, self: Tensor, result: Tensor):
    return _la_pinv_back(grad, result, self), None

def d_linalg_lstsq(grad0: Tensor, self: Tensor, b: Tensor):
    # The solution is pinv(A) b for A of full rank.
    P = torch.linalg.pinv(self)
    vec = b.dim() == self.dim() - 1
    g = grad0
    bm = b
    if vec:
        g = grad0.unsqueeze(-1)
        bm = b.unsqueeze(-1)
    gB = P.mT.conj().matmul(g)
    gA = _la_pinv_back(g.matmul(bm.mT.conj()), P, self)
    if vec:
        gB = gB.squeeze(-1)
    return _sum_to(gA, self.size()), _sum_to(gB, b.size())

def d_matrix_exp(grad: Tensor, self: Tensor):
    # The adjoint of d exp(A) is d exp(A^H) applied to the gradient, read off the upper right
    # block of exp([[A^H, G], [0, A^H]]).
    n = self.size(-1)
    At = self.mT.conj()
    top = torch.cat([At, grad], -1)
    bottom = torch.cat([torch.zeros_like(At), At], -1)
    return torch.linalg.matrix_exp(torch.cat([top, bottom], -2)).narrow(-2, 0, n).narrow(-1, n, n)

def _la_lu_back_square(gL: Tensor, gU: Tensor, L: Tensor, U: Tensor) -> Tensor:
    # A = P L U, square: L^{-1} P^T dA U^{-1} = L^{-1} dL (strictly lower) + dU U^{-1} (upper).
    # Returns P^T gA.
    phi = L.mT.conj().matmul(gL).tril(-1) + gU.matmul(U.mT.conj()).triu()
    X = torch.linalg.solve_triangular(L.mT.conj(), phi, upper=True, unitriangular=True)
    return torch.linalg.solve_triangular(U.mT.conj(), X, upper=False, left=False)

def _la_lu_back(gL: Tensor, gU: Tensor, P: Tensor, L: Tensor, U: Tensor) -> Tensor:
    m = L.size(-2)
    n = U.size(-1)
    if m > n:
        # Tall: P^T A = [L1 U; L2 U] with L1 square, so dL2 = (dA2 - L2 dU) U^{-1}: the bottom rows
        # get gL2 U^{-H}, and gU takes -L2^H gL2 U^{-H} before the square part.
        L2 = L.narrow(-2, n, m - n)
        gA2 = torch.linalg.solve_triangular(U.mT.conj(), gL.narrow(-2, n, m - n), upper=False, left=False)
        gA1 = _la_lu_back_square(gL.narrow(-2, 0, n), gU - L2.mT.conj().matmul(gA2), L.narrow(-2, 0, n), U)
        return P.matmul(torch.cat([gA1, gA2], -2))
    if m < n:
        # Wide: P^T A = [L U1, L U2] with U1 square, so dU2 = L^{-1} (dA2 - dL U2): the right
        # columns get L^{-H} gU2, and gL takes -L^{-H} gU2 U2^H before the square part.
        U2 = U.narrow(-1, m, n - m)
        gA2 = torch.linalg.solve_triangular(L.mT.conj(), gU.narrow(-1, m, n - m), upper=True, unitriangular=True)
        gA1 = _la_lu_back_square(gL - gA2.matmul(U2.mT.conj()), gU.narrow(-1, 0, m), L, U.narrow(-1, 0, m))
        return P.matmul(torch.cat([gA1, gA2], -1))
    return P.matmul(_la_lu_back_square(gL, gU, L, U))

def _la_lu_parts(LU: Tensor, pivots: Tensor, pivot: bool) -> Tuple[Tensor, Tensor, Tensor]:
    P, L, U = torch.lu_unpack(LU, pivots)
    if not pivot:
        P = _la_eye(LU.size(-2), LU)
    return P, L, U

def d_linalg_lu(grad1: Tensor, grad2: Tensor, result0: Tensor, result1: Tensor, result2: Tensor):
    return _la_lu_back(grad1, grad2, result0, result1, result2)

def d_linalg_lu_factor(grad0: Tensor, pivot: bool, result0: Tensor, result1: Tensor):
    P, L, U = _la_lu_parts(result0, result1, pivot)
    gL = grad0.tril(-1)
    gU = grad0.triu()
    k = min(result0.size(-2), result0.size(-1))
    if result0.size(-1) > k:
        gL = gL.narrow(-1, 0, k)
    if result0.size(-2) > k:
        gU = gU.narrow(-2, 0, k)
    return _la_lu_back(gL, gU, P, L, U)

def d_lu_unpack(grad1: Tensor, grad2: Tensor, LU_data: Tensor):
    m = LU_data.size(-2)
    n = LU_data.size(-1)
    k = min(m, n)
    gL = grad1.tril(-1)
    gU = grad2.triu()
    if n > k:
        gL = torch.cat([gL, _zeros(gL.size()[:-1] + [n - k], gL)], -1)
    if m > k:
        gU = torch.cat([gU, _zeros(gU.size()[:-2] + [m - k, n], gU)], -2)
    return gL + gU, None

def _la_lu_solve_back(grad: Tensor, LU: Tensor, pivots: Tensor, B_size: List[int], left: bool, adjoint: bool, X: Tensor) -> Tuple[Tensor, Tensor]:
    # X = op(A)^{-1} B (left) or B op(A)^{-1}, A = P L U packed in LU.
    gB = torch.linalg.lu_solve(LU, pivots, grad, left=left, adjoint=not adjoint)
    if left:
        gOp = -gB.matmul(X.mT.conj())
    else:
        gOp = -X.mT.conj().matmul(gB)
    gA = gOp.mT.conj() if adjoint else gOp
    P, L, U = torch.lu_unpack(LU, pivots)
    PtgA = P.mT.matmul(gA)
    gLU = PtgA.matmul(U.mT.conj()).tril(-1) + L.mT.conj().matmul(PtgA).triu()
    return _sum_to(gLU, LU.size()), _sum_to(gB, B_size)

def d_linalg_lu_solve(grad: Tensor, LU: Tensor, pivots: Tensor, B_size: List[int], left: bool, adjoint: bool, result: Tensor):
    gLU, gB = _la_lu_solve_back(grad, LU, pivots, B_size, left, adjoint, result)
    return gLU, None, gB

def d_lu_solve(grad: Tensor, self_size: List[int], LU_data: Tensor, LU_pivots: Tensor, result: Tensor):
    gLU, gB = _la_lu_solve_back(grad, LU_data, LU_pivots, self_size, True, False, result)
    return gB, gLU, None

def d_linalg_inv_ex(grad0: Tensor, result0: Tensor):
    rh = result0.mT.conj()
    return -(rh.matmul(grad0).matmul(rh))

def d_linalg_solve_ex(grad0: Tensor, A: Tensor, B: Tensor, left: bool, result0: Tensor):
    return d_linalg_solve(grad0, A, B, left, result0)
)TS";

const std::pair<const char*, const char*> kOps[] = {
    {"aten::cholesky", "d_cholesky"},
    {"aten::linalg_cholesky", "d_cholesky"},
    {"aten::linalg_cholesky_ex", "d_linalg_cholesky_ex"},
    {"aten::cholesky_solve", "d_cholesky_solve"},
    {"aten::cholesky_inverse", "d_cholesky_inverse"},
    {"aten::linalg_solve_triangular", "d_linalg_solve_triangular"},
    {"aten::triangular_solve", "d_triangular_solve"},
    {"aten::linalg_qr", "d_linalg_qr"},
    {"aten::qr", "d_qr"},
    {"aten::linalg_eigh", "d_linalg_eigh"},
    {"aten::_linalg_eigh", "d__linalg_eigh"},
    {"aten::linalg_eigvalsh", "d_linalg_eigvalsh"},
    {"aten::symeig", "d_symeig"},
    {"aten::linalg_svd", "d_linalg_svd"},
    {"aten::_linalg_svd", "d__linalg_svd"},
    {"aten::svd", "d_svd"},
    {"aten::linalg_eig", "d_linalg_eig"},
    {"aten::linalg_eigvals", "d_linalg_eigvals"},
    {"aten::linalg_svdvals", "d_linalg_svdvals"},
    {"aten::pinverse", "d_pinverse"},
    {"aten::linalg_pinv", "d_pinverse"},
    {"aten::linalg_pinv.atol_rtol_float", "d_pinverse"},
    {"aten::linalg_pinv.atol_rtol_tensor", "d_linalg_pinv_tensors"},
    {"aten::linalg_pinv.rcond_tensor", "d_linalg_pinv_rcond_tensor"},
    {"aten::linalg_lstsq", "d_linalg_lstsq"},
    {"aten::matrix_exp", "d_matrix_exp"},
    {"aten::linalg_matrix_exp", "d_matrix_exp"},
    {"aten::linalg_lu", "d_linalg_lu"},
    {"aten::linalg_lu_factor", "d_linalg_lu_factor"},
    {"aten::linalg_lu_factor_ex", "d_linalg_lu_factor"},
    {"aten::_lu_with_info", "d_linalg_lu_factor"},
    {"aten::lu_unpack", "d_lu_unpack"},
    {"aten::linalg_lu_solve", "d_linalg_lu_solve"},
    {"aten::lu_solve", "d_lu_solve"},
    {"aten::linalg_inv_ex", "d_linalg_inv_ex"},
    {"aten::linalg_solve_ex", "d_linalg_solve_ex"},
};

}  // namespace

const FormulaShard kLinalgFormulas{kSource, kOps, std::size(kOps)};

}  // namespace ember::autograd
