/* common/ascii.h -- the ASCII helpers every text decoder in the tree needs
 * (the policy engine's and the effects layer's escapes, the parser's string
 * literals, float.fromhex, binascii, the test tables). */
#ifndef BOX_COMMON_ASCII_H
#define BOX_COMMON_ASCII_H

/* The value of the hexadecimal digit c (either case), or -1. */
static inline int box_hex_value(int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

#endif
