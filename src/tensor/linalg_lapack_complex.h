// The complex64/complex128 LAPACK and BLAS routines (OpenBLAS's c- and z- symbols) as overloads
// of the real ones in linalg_lapack.h, so the decomposition templates run unchanged on
// std::complex<float> and std::complex<double> (both laid out as Fortran's COMPLEX).
//
// Where the complex routine differs from the real one, the overload hides it: orgqr/ormqr are
// LAPACK's ungqr/unmqr (a transposed Q is conjugate-transposed, 'T' becomes 'C'), syevd is heevd
// and gesdd takes a real workspace (rwork), both sized here.
#pragma once

#include <algorithm>
#include <complex>
#include <cstddef>
#include <vector>

#include "tensor/linalg_lapack.h"

using ember_cf = std::complex<float>;
using ember_cd = std::complex<double>;

extern "C" {
// clang-format off
void cgetrf_(const int* m, const int* n, ember_cf* a, const int* lda, int* ipiv, int* info);
void zgetrf_(const int* m, const int* n, ember_cd* a, const int* lda, int* ipiv, int* info);
void cgetrs_(const char* trans, const int* n, const int* nrhs, const ember_cf* a, const int* lda, const int* ipiv, ember_cf* b, const int* ldb, int* info, size_t);
void zgetrs_(const char* trans, const int* n, const int* nrhs, const ember_cd* a, const int* lda, const int* ipiv, ember_cd* b, const int* ldb, int* info, size_t);
void cpotrf_(const char* uplo, const int* n, ember_cf* a, const int* lda, int* info, size_t);
void zpotrf_(const char* uplo, const int* n, ember_cd* a, const int* lda, int* info, size_t);
void cpotrs_(const char* uplo, const int* n, const int* nrhs, const ember_cf* a, const int* lda, ember_cf* b, const int* ldb, int* info, size_t);
void zpotrs_(const char* uplo, const int* n, const int* nrhs, const ember_cd* a, const int* lda, ember_cd* b, const int* ldb, int* info, size_t);
void cpotri_(const char* uplo, const int* n, ember_cf* a, const int* lda, int* info, size_t);
void zpotri_(const char* uplo, const int* n, ember_cd* a, const int* lda, int* info, size_t);
void ctrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n, const ember_cf* alpha, const ember_cf* a, const int* lda, ember_cf* b, const int* ldb, size_t, size_t, size_t, size_t);
void ztrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n, const ember_cd* alpha, const ember_cd* a, const int* lda, ember_cd* b, const int* ldb, size_t, size_t, size_t, size_t);
void cgeqrf_(const int* m, const int* n, ember_cf* a, const int* lda, ember_cf* tau, ember_cf* work, const int* lwork, int* info);
void zgeqrf_(const int* m, const int* n, ember_cd* a, const int* lda, ember_cd* tau, ember_cd* work, const int* lwork, int* info);
void cungqr_(const int* m, const int* n, const int* k, ember_cf* a, const int* lda, const ember_cf* tau, ember_cf* work, const int* lwork, int* info);
void zungqr_(const int* m, const int* n, const int* k, ember_cd* a, const int* lda, const ember_cd* tau, ember_cd* work, const int* lwork, int* info);
void cunmqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const ember_cf* a, const int* lda, const ember_cf* tau, ember_cf* c, const int* ldc, ember_cf* work, const int* lwork, int* info, size_t, size_t);
void zunmqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const ember_cd* a, const int* lda, const ember_cd* tau, ember_cd* c, const int* ldc, ember_cd* work, const int* lwork, int* info, size_t, size_t);
void cheevd_(const char* jobz, const char* uplo, const int* n, ember_cf* a, const int* lda, float* w, ember_cf* work, const int* lwork, float* rwork, const int* lrwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void zheevd_(const char* jobz, const char* uplo, const int* n, ember_cd* a, const int* lda, double* w, ember_cd* work, const int* lwork, double* rwork, const int* lrwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void cgesdd_(const char* jobz, const int* m, const int* n, ember_cf* a, const int* lda, float* s, ember_cf* u, const int* ldu, ember_cf* vt, const int* ldvt, ember_cf* work, const int* lwork, float* rwork, int* iwork, int* info, size_t);
void zgesdd_(const char* jobz, const int* m, const int* n, ember_cd* a, const int* lda, double* s, ember_cd* u, const int* ldu, ember_cd* vt, const int* ldvt, ember_cd* work, const int* lwork, double* rwork, int* iwork, int* info, size_t);
void cgeev_(const char* jobvl, const char* jobvr, const int* n, ember_cf* a, const int* lda, ember_cf* w, ember_cf* vl, const int* ldvl, ember_cf* vr, const int* ldvr, ember_cf* work, const int* lwork, float* rwork, int* info, size_t, size_t);
void zgeev_(const char* jobvl, const char* jobvr, const int* n, ember_cd* a, const int* lda, ember_cd* w, ember_cd* vl, const int* ldvl, ember_cd* vr, const int* ldvr, ember_cd* work, const int* lwork, double* rwork, int* info, size_t, size_t);
void csytrf_(const char* uplo, const int* n, ember_cf* a, const int* lda, int* ipiv, ember_cf* work, const int* lwork, int* info, size_t);
void zsytrf_(const char* uplo, const int* n, ember_cd* a, const int* lda, int* ipiv, ember_cd* work, const int* lwork, int* info, size_t);
void chetrf_(const char* uplo, const int* n, ember_cf* a, const int* lda, int* ipiv, ember_cf* work, const int* lwork, int* info, size_t);
void zhetrf_(const char* uplo, const int* n, ember_cd* a, const int* lda, int* ipiv, ember_cd* work, const int* lwork, int* info, size_t);
void csytrs_(const char* uplo, const int* n, const int* nrhs, const ember_cf* a, const int* lda, const int* ipiv, ember_cf* b, const int* ldb, int* info, size_t);
void zsytrs_(const char* uplo, const int* n, const int* nrhs, const ember_cd* a, const int* lda, const int* ipiv, ember_cd* b, const int* ldb, int* info, size_t);
void chetrs_(const char* uplo, const int* n, const int* nrhs, const ember_cf* a, const int* lda, const int* ipiv, ember_cf* b, const int* ldb, int* info, size_t);
void zhetrs_(const char* uplo, const int* n, const int* nrhs, const ember_cd* a, const int* lda, const int* ipiv, ember_cd* b, const int* ldb, int* info, size_t);
void cgels_(const char* trans, const int* m, const int* n, const int* nrhs, ember_cf* a, const int* lda, ember_cf* b, const int* ldb, ember_cf* work, const int* lwork, int* info, size_t);
void zgels_(const char* trans, const int* m, const int* n, const int* nrhs, ember_cd* a, const int* lda, ember_cd* b, const int* ldb, ember_cd* work, const int* lwork, int* info, size_t);
void cgelsy_(const int* m, const int* n, const int* nrhs, ember_cf* a, const int* lda, ember_cf* b, const int* ldb, int* jpvt, const float* rcond, int* rank, ember_cf* work, const int* lwork, float* rwork, int* info);
void zgelsy_(const int* m, const int* n, const int* nrhs, ember_cd* a, const int* lda, ember_cd* b, const int* ldb, int* jpvt, const double* rcond, int* rank, ember_cd* work, const int* lwork, double* rwork, int* info);
void cgelsd_(const int* m, const int* n, const int* nrhs, ember_cf* a, const int* lda, ember_cf* b, const int* ldb, float* s, const float* rcond, int* rank, ember_cf* work, const int* lwork, float* rwork, int* iwork, int* info);
void zgelsd_(const int* m, const int* n, const int* nrhs, ember_cd* a, const int* lda, ember_cd* b, const int* ldb, double* s, const double* rcond, int* rank, ember_cd* work, const int* lwork, double* rwork, int* iwork, int* info);
void cgelss_(const int* m, const int* n, const int* nrhs, ember_cf* a, const int* lda, ember_cf* b, const int* ldb, float* s, const float* rcond, int* rank, ember_cf* work, const int* lwork, float* rwork, int* info);
void zgelss_(const int* m, const int* n, const int* nrhs, ember_cd* a, const int* lda, ember_cd* b, const int* ldb, double* s, const double* rcond, int* rank, ember_cd* work, const int* lwork, double* rwork, int* info);
// clang-format on
}

namespace ember::lapack {

inline void getrf(int m, int n, ember_cf* a, int lda, int* ipiv, int* info) { cgetrf_(&m, &n, a, &lda, ipiv, info); }
inline void getrf(int m, int n, ember_cd* a, int lda, int* ipiv, int* info) { zgetrf_(&m, &n, a, &lda, ipiv, info); }
inline void getrs(char trans, int n, int nrhs, const ember_cf* a, int lda, const int* ipiv, ember_cf* b, int ldb,
                  int* info) {
  cgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void getrs(char trans, int n, int nrhs, const ember_cd* a, int lda, const int* ipiv, ember_cd* b, int ldb,
                  int* info) {
  zgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void potrf(char uplo, int n, ember_cf* a, int lda, int* info) { cpotrf_(&uplo, &n, a, &lda, info, 1); }
inline void potrf(char uplo, int n, ember_cd* a, int lda, int* info) { zpotrf_(&uplo, &n, a, &lda, info, 1); }
inline void potrs(char uplo, int n, int nrhs, const ember_cf* a, int lda, ember_cf* b, int ldb, int* info) {
  cpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}
inline void potrs(char uplo, int n, int nrhs, const ember_cd* a, int lda, ember_cd* b, int ldb, int* info) {
  zpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}
inline void potri(char uplo, int n, ember_cf* a, int lda, int* info) { cpotri_(&uplo, &n, a, &lda, info, 1); }
inline void potri(char uplo, int n, ember_cd* a, int lda, int* info) { zpotri_(&uplo, &n, a, &lda, info, 1); }
inline void trsm(char side, char uplo, char trans, char diag, int m, int n, const ember_cf* a, int lda, ember_cf* b,
                 int ldb) {
  const ember_cf one = 1;
  ctrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
}
inline void trsm(char side, char uplo, char trans, char diag, int m, int n, const ember_cd* a, int lda, ember_cd* b,
                 int ldb) {
  const ember_cd one = 1;
  ztrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
}
inline void geqrf(int m, int n, ember_cf* a, int lda, ember_cf* tau, ember_cf* work, int lwork, int* info) {
  cgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
inline void geqrf(int m, int n, ember_cd* a, int lda, ember_cd* tau, ember_cd* work, int lwork, int* info) {
  zgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(int m, int n, int k, ember_cf* a, int lda, const ember_cf* tau, ember_cf* work, int lwork,
                  int* info) {
  cungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(int m, int n, int k, ember_cd* a, int lda, const ember_cd* tau, ember_cd* work, int lwork,
                  int* info) {
  zungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void ormqr(char side, char trans, int m, int n, int k, const ember_cf* a, int lda, const ember_cf* tau,
                  ember_cf* c, int ldc, ember_cf* work, int lwork, int* info) {
  if (trans == 'T') trans = 'C';
  cunmqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void ormqr(char side, char trans, int m, int n, int k, const ember_cd* a, int lda, const ember_cd* tau,
                  ember_cd* c, int ldc, ember_cd* work, int lwork, int* info) {
  if (trans == 'T') trans = 'C';
  zunmqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}

namespace detail {
// heevd's real workspace: n without vectors, 1 + 5n + 2n^2 with.
inline int heevdRworkSize(char jobz, int n) { return std::max(1, jobz == 'N' ? n : 1 + 5 * n + 2 * n * n); }
// gesdd's real workspace (LAPACK 3.7's bound, generous for jobz 'N').
inline int64_t gesddRworkSize(int m, int n) {
  const int64_t mn = std::min(m, n), mx = std::max(m, n);
  return std::max<int64_t>(1, mn * std::max(5 * mn + 7, 2 * mx + 2 * mn + 1));
}
}  // namespace detail

inline void syevd(char jobz, char uplo, int n, ember_cf* a, int lda, float* w, ember_cf* work, int lwork, int* iwork,
                  int liwork, int* info) {
  std::vector<float> rwork(static_cast<size_t>(detail::heevdRworkSize(jobz, n)));
  int lrwork = static_cast<int>(rwork.size());
  cheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork.data(), &lrwork, iwork, &liwork, info, 1, 1);
}
inline void syevd(char jobz, char uplo, int n, ember_cd* a, int lda, double* w, ember_cd* work, int lwork, int* iwork,
                  int liwork, int* info) {
  std::vector<double> rwork(static_cast<size_t>(detail::heevdRworkSize(jobz, n)));
  int lrwork = static_cast<int>(rwork.size());
  zheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork.data(), &lrwork, iwork, &liwork, info, 1, 1);
}
inline void gesdd(char jobz, int m, int n, ember_cf* a, int lda, float* s, ember_cf* u, int ldu, ember_cf* vt,
                  int ldvt, ember_cf* work, int lwork, int* iwork, int* info) {
  std::vector<float> rwork(static_cast<size_t>(detail::gesddRworkSize(m, n)));
  cgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork.data(), iwork, info, 1);
}
inline void gesdd(char jobz, int m, int n, ember_cd* a, int lda, double* s, ember_cd* u, int ldu, ember_cd* vt,
                  int ldvt, ember_cd* work, int lwork, int* iwork, int* info) {
  std::vector<double> rwork(static_cast<size_t>(detail::gesddRworkSize(m, n)));
  zgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork.data(), iwork, info, 1);
}

namespace detail {
// gelsd's real workspace (LAPACK's documented bound, SMLSIZ = 25).
inline int64_t gelsdRworkSize(int m, int n, int nrhs) {
  const int64_t mn = std::max(1, std::min(m, n)), smlsiz = 25;
  int64_t nlvl = 0;
  while ((mn >> nlvl) > smlsiz + 1) ++nlvl;
  nlvl += 1;
  return 10 * mn + 2 * mn * smlsiz + 8 * mn * nlvl + 3 * smlsiz * nrhs +
         std::max<int64_t>((smlsiz + 1) * (smlsiz + 1), mn * (1 + nrhs) + 2 * nrhs);
}
}  // namespace detail

// Least squares on complex matrices (real rcond and singular values; real workspaces sized here).
inline void gels(char trans, int m, int n, int nrhs, ember_cf* a, int lda, ember_cf* b, int ldb, ember_cf* work,
                 int lwork, int* info) {
  cgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}
inline void gels(char trans, int m, int n, int nrhs, ember_cd* a, int lda, ember_cd* b, int ldb, ember_cd* work,
                 int lwork, int* info) {
  zgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}
inline void gelsy(int m, int n, int nrhs, ember_cf* a, int lda, ember_cf* b, int ldb, int* jpvt, float rcond,
                  int* rank, ember_cf* work, int lwork, int* info) {
  std::vector<float> rwork(static_cast<size_t>(std::max(1, 2 * n)));
  cgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rcond, rank, work, &lwork, rwork.data(), info);
}
inline void gelsy(int m, int n, int nrhs, ember_cd* a, int lda, ember_cd* b, int ldb, int* jpvt, double rcond,
                  int* rank, ember_cd* work, int lwork, int* info) {
  std::vector<double> rwork(static_cast<size_t>(std::max(1, 2 * n)));
  zgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rcond, rank, work, &lwork, rwork.data(), info);
}
inline void gelsd(int m, int n, int nrhs, ember_cf* a, int lda, ember_cf* b, int ldb, float* s, float rcond,
                  int* rank, ember_cf* work, int lwork, int* iwork, int* info) {
  std::vector<float> rwork(static_cast<size_t>(detail::gelsdRworkSize(m, n, nrhs)));
  cgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, rwork.data(), iwork, info);
}
inline void gelsd(int m, int n, int nrhs, ember_cd* a, int lda, ember_cd* b, int ldb, double* s, double rcond,
                  int* rank, ember_cd* work, int lwork, int* iwork, int* info) {
  std::vector<double> rwork(static_cast<size_t>(detail::gelsdRworkSize(m, n, nrhs)));
  zgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, rwork.data(), iwork, info);
}
inline void gelss(int m, int n, int nrhs, ember_cf* a, int lda, ember_cf* b, int ldb, float* s, float rcond,
                  int* rank, ember_cf* work, int lwork, int* info) {
  std::vector<float> rwork(static_cast<size_t>(std::max(1, 5 * std::min(m, n))));
  cgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, rwork.data(), info);
}
inline void gelss(int m, int n, int nrhs, ember_cd* a, int lda, ember_cd* b, int ldb, double* s, double rcond,
                  int* rank, ember_cd* work, int lwork, int* info) {
  std::vector<double> rwork(static_cast<size_t>(std::max(1, 5 * std::min(m, n))));
  zgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, rwork.data(), info);
}

// LDL of complex matrices: hetrf/hetrs for Hermitian ones, sytrf/sytrs for complex symmetric.
inline void sytrf(bool hermitian, char uplo, int n, ember_cf* a, int lda, int* ipiv, ember_cf* work, int lwork,
                  int* info) {
  if (hermitian) chetrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
  else csytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
}
inline void sytrf(bool hermitian, char uplo, int n, ember_cd* a, int lda, int* ipiv, ember_cd* work, int lwork,
                  int* info) {
  if (hermitian) zhetrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
  else zsytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
}
inline void sytrs(bool hermitian, char uplo, int n, int nrhs, const ember_cf* a, int lda, const int* ipiv, ember_cf* b,
                  int ldb, int* info) {
  if (hermitian) chetrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
  else csytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void sytrs(bool hermitian, char uplo, int n, int nrhs, const ember_cd* a, int lda, const int* ipiv, ember_cd* b,
                  int ldb, int* info) {
  if (hermitian) zhetrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
  else zsytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}

// Complex geev: eigenvalues w (n complex), right eigenvectors vr column-major (jobvr 'V').
inline void geev(char jobvr, int n, ember_cf* a, int lda, ember_cf* w, ember_cf* vr, int ldvr, ember_cf* work,
                 int lwork, int* info) {
  const char jobvl = 'N';
  const int ldvl = 1;
  ember_cf vl = 0;
  std::vector<float> rwork(static_cast<size_t>(std::max(1, 2 * n)));
  cgeev_(&jobvl, &jobvr, &n, a, &lda, w, &vl, &ldvl, vr, &ldvr, work, &lwork, rwork.data(), info, 1, 1);
}
inline void geev(char jobvr, int n, ember_cd* a, int lda, ember_cd* w, ember_cd* vr, int ldvr, ember_cd* work,
                 int lwork, int* info) {
  const char jobvl = 'N';
  const int ldvl = 1;
  ember_cd vl = 0;
  std::vector<double> rwork(static_cast<size_t>(std::max(1, 2 * n)));
  zgeev_(&jobvl, &jobvr, &n, a, &lda, w, &vl, &ldvl, vr, &ldvr, work, &lwork, rwork.data(), info, 1, 1);
}

}  // namespace ember::lapack
