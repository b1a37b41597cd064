// LAPACK and BLAS routines the decompositions call, declared here by their Fortran symbols
// (OpenBLAS exports them: libopenblas-dev carries LAPACK, so no LAPACKE package is needed), with
// overloads on float/double so that the kernels are written once as templates.
//
// Fortran conventions: every argument by pointer, matrices column-major, `int` indices (the LP64
// build Debian ships), and one hidden length argument per CHARACTER argument appended at the end.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ember/error.h"

extern "C" {
// clang-format off
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv, float* b, const int* ldb, int* info, size_t);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv, double* b, const int* ldb, int* info, size_t);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void spotrs_(const char* uplo, const int* n, const int* nrhs, const float* a, const int* lda, float* b, const int* ldb, int* info, size_t);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b, const int* ldb, int* info, size_t);
void spotri_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t);
void dpotri_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void strsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n, const float* alpha, const float* a, const int* lda, float* b, const int* ldb, size_t, size_t, size_t, size_t);
void dtrsm_(const char* side, const char* uplo, const char* transa, const char* diag, const int* m, const int* n, const double* alpha, const double* a, const int* lda, double* b, const int* ldb, size_t, size_t, size_t, size_t);
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work, const int* lwork, int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work, const int* lwork, int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau, float* work, const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau, double* work, const int* lwork, int* info);
void sormqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const float* a, const int* lda, const float* tau, float* c, const int* ldc, float* work, const int* lwork, int* info, size_t, size_t);
void dormqr_(const char* side, const char* trans, const int* m, const int* n, const int* k, const double* a, const int* lda, const double* tau, double* c, const int* ldc, double* work, const int* lwork, int* info, size_t, size_t);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work, const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work, const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s, float* u, const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork, int* iwork, int* info, size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info, size_t);
void sgels_(const char* trans, const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b, const int* ldb, float* work, const int* lwork, int* info, size_t);
void dgels_(const char* trans, const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb, double* work, const int* lwork, int* info, size_t);
void sgelsy_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b, const int* ldb, int* jpvt, const float* rcond, int* rank, float* work, const int* lwork, int* info);
void dgelsy_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb, int* jpvt, const double* rcond, int* rank, double* work, const int* lwork, int* info);
void sgelsd_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b, const int* ldb, float* s, const float* rcond, int* rank, float* work, const int* lwork, int* iwork, int* info);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb, double* s, const double* rcond, int* rank, double* work, const int* lwork, int* iwork, int* info);
void sgelss_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b, const int* ldb, float* s, const float* rcond, int* rank, float* work, const int* lwork, int* info);
void dgelss_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb, double* s, const double* rcond, int* rank, double* work, const int* lwork, int* info);
void sgeev_(const char* jobvl, const char* jobvr, const int* n, float* a, const int* lda, float* wr, float* wi, float* vl, const int* ldvl, float* vr, const int* ldvr, float* work, const int* lwork, int* info, size_t, size_t);
void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a, const int* lda, double* wr, double* wi, double* vl, const int* ldvl, double* vr, const int* ldvr, double* work, const int* lwork, int* info, size_t, size_t);
void ssytrf_(const char* uplo, const int* n, float* a, const int* lda, int* ipiv, float* work, const int* lwork, int* info, size_t);
void dsytrf_(const char* uplo, const int* n, double* a, const int* lda, int* ipiv, double* work, const int* lwork, int* info, size_t);
void ssytrs_(const char* uplo, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv, float* b, const int* ldb, int* info, size_t);
void dsytrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv, double* b, const int* ldb, int* info, size_t);
// clang-format on
}

namespace ember::lapack {

// Sizes handed to LAPACK must fit its 32-bit integers.
inline int toInt(int64_t v) {
  EMBER_CHECK(v <= INT32_MAX, "linalg: matrix dimension ", v, " is too large for LAPACK");
  return static_cast<int>(v);
}

// Overloads forwarding to the s- (float) or d- (double) routine; arguments keep LAPACK's order.
inline void getrf(int m, int n, float* a, int lda, int* ipiv, int* info) { sgetrf_(&m, &n, a, &lda, ipiv, info); }
inline void getrf(int m, int n, double* a, int lda, int* ipiv, int* info) { dgetrf_(&m, &n, a, &lda, ipiv, info); }
inline void getrs(char trans, int n, int nrhs, const float* a, int lda, const int* ipiv, float* b, int ldb, int* info) {
  sgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void getrs(char trans, int n, int nrhs, const double* a, int lda, const int* ipiv, double* b, int ldb,
                  int* info) {
  dgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void potrf(char uplo, int n, float* a, int lda, int* info) { spotrf_(&uplo, &n, a, &lda, info, 1); }
inline void potrf(char uplo, int n, double* a, int lda, int* info) { dpotrf_(&uplo, &n, a, &lda, info, 1); }
inline void potrs(char uplo, int n, int nrhs, const float* a, int lda, float* b, int ldb, int* info) {
  spotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}
inline void potrs(char uplo, int n, int nrhs, const double* a, int lda, double* b, int ldb, int* info) {
  dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}
inline void potri(char uplo, int n, float* a, int lda, int* info) { spotri_(&uplo, &n, a, &lda, info, 1); }
inline void potri(char uplo, int n, double* a, int lda, int* info) { dpotri_(&uplo, &n, a, &lda, info, 1); }
inline void trsm(char side, char uplo, char trans, char diag, int m, int n, const float* a, int lda, float* b,
                 int ldb) {
  const float one = 1;
  strsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
}
inline void trsm(char side, char uplo, char trans, char diag, int m, int n, const double* a, int lda, double* b,
                 int ldb) {
  const double one = 1;
  dtrsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1, 1, 1, 1);
}
inline void geqrf(int m, int n, float* a, int lda, float* tau, float* work, int lwork, int* info) {
  sgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
inline void geqrf(int m, int n, double* a, int lda, double* tau, double* work, int lwork, int* info) {
  dgeqrf_(&m, &n, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(int m, int n, int k, float* a, int lda, const float* tau, float* work, int lwork, int* info) {
  sorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(int m, int n, int k, double* a, int lda, const double* tau, double* work, int lwork, int* info) {
  dorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void ormqr(char side, char trans, int m, int n, int k, const float* a, int lda, const float* tau, float* c,
                  int ldc, float* work, int lwork, int* info) {
  sormqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void ormqr(char side, char trans, int m, int n, int k, const double* a, int lda, const double* tau, double* c,
                  int ldc, double* work, int lwork, int* info) {
  dormqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}
inline void syevd(char jobz, char uplo, int n, float* a, int lda, float* w, float* work, int lwork, int* iwork,
                  int liwork, int* info) {
  ssyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
inline void syevd(char jobz, char uplo, int n, double* a, int lda, double* w, double* work, int lwork, int* iwork,
                  int liwork, int* info) {
  dsyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
inline void gesdd(char jobz, int m, int n, float* a, int lda, float* s, float* u, int ldu, float* vt, int ldvt,
                  float* work, int lwork, int* iwork, int* info) {
  sgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info, 1);
}
inline void gesdd(char jobz, int m, int n, double* a, int lda, double* s, double* u, int ldu, double* vt, int ldvt,
                  double* work, int lwork, int* iwork, int* info) {
  dgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info, 1);
}
inline void gels(char trans, int m, int n, int nrhs, float* a, int lda, float* b, int ldb, float* work, int lwork,
                 int* info) {
  sgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}
inline void gels(char trans, int m, int n, int nrhs, double* a, int lda, double* b, int ldb, double* work, int lwork,
                 int* info) {
  dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}
inline void gelsy(int m, int n, int nrhs, float* a, int lda, float* b, int ldb, int* jpvt, float rcond, int* rank,
                  float* work, int lwork, int* info) {
  sgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rcond, rank, work, &lwork, info);
}
inline void gelsy(int m, int n, int nrhs, double* a, int lda, double* b, int ldb, int* jpvt, double rcond, int* rank,
                  double* work, int lwork, int* info) {
  dgelsy_(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rcond, rank, work, &lwork, info);
}
inline void gelsd(int m, int n, int nrhs, float* a, int lda, float* b, int ldb, float* s, float rcond, int* rank,
                  float* work, int lwork, int* iwork, int* info) {
  sgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, iwork, info);
}
inline void gelsd(int m, int n, int nrhs, double* a, int lda, double* b, int ldb, double* s, double rcond, int* rank,
                  double* work, int lwork, int* iwork, int* info) {
  dgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, iwork, info);
}
inline void gelss(int m, int n, int nrhs, float* a, int lda, float* b, int ldb, float* s, float rcond, int* rank,
                  float* work, int lwork, int* info) {
  sgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, info);
}
inline void gelss(int m, int n, int nrhs, double* a, int lda, double* b, int ldb, double* s, double rcond, int* rank,
                  double* work, int lwork, int* info) {
  dgelss_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, info);
}

inline void geev(char jobvr, int n, float* a, int lda, float* wr, float* wi, float* vr, int ldvr, float* work,
                 int lwork, int* info) {
  const char jobvl = 'N';
  const int ldvl = 1;
  float vl = 0;
  sgeev_(&jobvl, &jobvr, &n, a, &lda, wr, wi, &vl, &ldvl, vr, &ldvr, work, &lwork, info, 1, 1);
}
inline void geev(char jobvr, int n, double* a, int lda, double* wr, double* wi, double* vr, int ldvr, double* work,
                 int lwork, int* info) {
  const char jobvl = 'N';
  const int ldvl = 1;
  double vl = 0;
  dgeev_(&jobvl, &jobvr, &n, a, &lda, wr, wi, &vl, &ldvl, vr, &ldvr, work, &lwork, info, 1, 1);
}

inline void sytrf(char uplo, int n, float* a, int lda, int* ipiv, float* work, int lwork, int* info) {
  ssytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
}
inline void sytrf(char uplo, int n, double* a, int lda, int* ipiv, double* work, int lwork, int* info) {
  dsytrf_(&uplo, &n, a, &lda, ipiv, work, &lwork, info, 1);
}
inline void sytrs(char uplo, int n, int nrhs, const float* a, int lda, const int* ipiv, float* b, int ldb, int* info) {
  ssytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void sytrs(char uplo, int n, int nrhs, const double* a, int lda, const int* ipiv, double* b, int ldb,
                  int* info) {
  dsytrs_(&uplo, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}

}  // namespace ember::lapack
