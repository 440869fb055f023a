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
/* The same one element at a time: acc = num_hash_tuple_start(); then
 * num_hash_tuple_add(&acc, h) per element; num_hash_tuple_end(acc, n). */
static inline uint64_t num_hash_tuple_start(void)
{
	return 2870177450012600261ULL; /* xxHash prime 5 */
}
static inline void num_hash_tuple_add(uint64_t *acc, int64_t h)
{
	*acc += (uint64_t)h * 14029467366897019727ULL;  /* prime 2 */
	*acc = (*acc << 31) | (*acc >> 33);
	*acc *= 11400714785074694791ULL;                /* prime 1 */
}
static inline int64_t num_hash_tuple_end(uint64_t acc, size_t n)
{
	acc += (uint64_t)n ^ (2870177450012600261ULL ^ 3527539UL);
	if (acc == (uint64_t)-1)
		return 1546275796;
	return (int64_t)acc;
}

#endif
