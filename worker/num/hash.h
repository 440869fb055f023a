/* hash.h -- hash() of numbers and tuples exactly as 64-bit CPython 3.11.
 * Numeric hashes reduce modulo 2**61 - 1 so equal int/float values hash
 * equally; -1 becomes -2.
 */
#ifndef BOX_NUM_HASH_H
#define BOX_NUM_HASH_H

#include "worker/num/num.h"

#define NUM_HASH_MODULUS ((int64_t)(((uint64_t)1 << 61) - 1))
#define NUM_HASH_INF 314159

int64_t num_hash_int64(int64_t v);
int64_t num_hash_mpz(mpz_srcptr z);
int64_t num_hash_int(const struct num_int *v);
/* hash(float); a nan hashes by object identity in 3.11: pass the float
 * object's address (_Py_HashPointer); for a non-boxed float pass any
 * stable identity. */
int64_t num_hash_double(double x, const void *identity);
/* _Py_HashPointer (used for nan and for object identity hashes). */
int64_t num_hash_pointer(const void *p);
/* tuplehash over the element hashes (xxHash-based, 3.11). */
int64_t num_hash_tuple(const int64_t *hashes, size_t n);

#endif
