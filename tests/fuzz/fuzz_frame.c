/* tests/fuzz/fuzz_frame.c -- libFuzzer target over the frame decoder.
 *
 * The input is decoded twice: as one buffer (box_frame_decode) and as a
 * stream cut into chunks whose sizes come from the input's first byte, so
 * both the one-shot and the incremental paths see hostile bytes.  Any crash,
 * sanitizer report or leak is a bug. */
#include "config.h"

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "common/frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct box_frame f;
  struct box_frame_decoder d;
  char err[200];
  size_t chunk, off = 0;

  if (box_frame_decode(data, size, &f, err, sizeof err) == 0) {
    if (!json_object_is_type(f.json, json_type_object))
      __builtin_trap();
    box_frame_clear(&f);
  }

  chunk = size > 0 ? (size_t)data[0] % 17 + 1 : 1;
  box_frame_decoder_init(&d);
  while (off < size) {
    size_t n = size - off < chunk ? size - off : chunk, used = 0;
    struct box_frame g = {0};
    int r = box_frame_decoder_feed(&d, data + off, n, &used, &g);

    if (used > n)
      __builtin_trap();
    off += used;
    if (r == BOX_FRAME_ERROR)
      break;
    if (r == BOX_FRAME_READY)
      box_frame_clear(&g);
  }
  box_frame_decoder_free(&d);
  return 0;
}
