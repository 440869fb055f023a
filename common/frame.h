/* common/frame.h -- encoder and streaming decoder for the pipe frames of
 * common/protocol.h, shared by the broker and the worker.
 *
 * The decoder is fed whatever bytes a read() returned and hands back whole
 * frames.  It checks every header field and both section lengths before it
 * allocates anything, grows its buffers only as bytes arrive, and it refuses a JSON section that is not exactly one
 * JSON object (strict syntax, valid UTF-8, no NUL byte, nothing after it).
 * A decoder that has refused a frame stays failed: the stream cannot be
 * resynchronised, and both sides treat that as fatal. */
#ifndef BOX_COMMON_FRAME_H
#define BOX_COMMON_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/protocol.h"

struct json_object;

/* One decoded frame.  The frame owns json and bin. */
struct box_frame {
  unsigned kind;            /* enum box_frame_kind */
  uint32_t id;              /* request id */
  struct json_object *json; /* always a JSON object */
  uint8_t *bin;             /* NULL when bin_len is 0 */
  size_t bin_len;
};

/* Frees what the frame owns and zeroes it (a zeroed frame is fine). */
void box_frame_clear(struct box_frame *f);

/* Name of a kind for messages ("SCRIPT", ...), "unknown" when out of range. */
const char *box_frame_kind_name(unsigned kind);

enum {
  BOX_FRAME_ERROR = -1,    /* refused: see box_frame_decoder_error() */
  BOX_FRAME_NEED_MORE = 0, /* every byte consumed, frame not complete yet */
  BOX_FRAME_READY = 1,     /* *out holds a frame; maybe not every byte consumed */
};

struct box_frame_decoder {
  uint8_t header[BOX_FRAME_HEADER_SIZE];
  size_t header_got;
  unsigned kind;
  uint32_t id, json_len, bin_len;
  uint8_t *json_text; /* grows to json_len + 1 bytes as the section arrives */
  size_t json_got, json_cap;
  uint8_t *bin; /* grows to bin_len bytes as the section arrives */
  size_t bin_got, bin_cap;
  bool failed;
  char error[200];
  struct json_tokener *tok; /* the JSON parser, kept for the next frame */
};

void box_frame_decoder_init(struct box_frame_decoder *d);
/* Frees a partial frame; the decoder may be initialised again afterwards. */
void box_frame_decoder_free(struct box_frame_decoder *d);

/* Consumes up to len bytes.  *used is set to the number consumed.  On READY
 * the rest of buf (len - *used bytes) belongs to the next frame. */
int box_frame_decoder_feed(struct box_frame_decoder *d, const void *buf, size_t len,
                           size_t *used, struct box_frame *out);

/* True when no partial frame is buffered (end of stream here is clean). */
bool box_frame_decoder_idle(const struct box_frame_decoder *d);

/* Why the decoder refused the stream ("" if it did not). */
const char *box_frame_decoder_error(const struct box_frame_decoder *d);

/* Decodes a buffer that must hold exactly one frame.  0 or -1 with err. */
int box_frame_decode(const void *buf, size_t len, struct box_frame *out, char *err,
                     size_t errlen);

/* Writes the 16-byte header.  No checks: tests use it to forge frames. */
void box_frame_pack_header(uint8_t header[BOX_FRAME_HEADER_SIZE], unsigned kind, uint32_t id,
                           uint32_t json_len, uint32_t bin_len);

/* Encodes one frame into a new malloc'ed buffer.  json must be an object.
 * 0, or -1 with err (unknown kind, a section over its limit, no memory). */
int box_frame_encode(unsigned kind, uint32_t id, struct json_object *json, const void *bin,
                     size_t bin_len, uint8_t **out, size_t *out_len, char *err, size_t errlen);

#endif
