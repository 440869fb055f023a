/* common/protocol.h -- the broker <-> worker pipe protocol: constants shared
 * by both sides.
 *
 * The worker talks to the broker over two pipes with fixed descriptor numbers
 * (the seccomp filter in seccomp/ hard-codes the same numbers).  Every message
 * is one frame:
 *
 *   offset size  field
 *   0      1     magic/version byte, BOX_FRAME_MAGIC
 *   1      1     kind (enum box_frame_kind)
 *   2      2     reserved, must be zero
 *   4      4     request id (u32, little-endian)
 *   8      4     JSON length (u32, little-endian), 2 .. BOX_FRAME_MAX_JSON
 *   12     4     binary length (u32, little-endian), 0 .. BOX_FRAME_MAX_BINARY
 *   16     ...   JSON text (one object: the metadata), then the raw bytes
 *
 * Kinds and direction (anything else is a protocol violation):
 *   SCRIPT   broker -> worker, id 0, once, first:
 *            {"filename": str, "argv0": str, "cwd": str}; binary = source
 *   REQUEST  worker -> broker, ids 1, 2, 3, ... (strictly one more each time):
 *            {"op": str, ...}; binary = payload (file contents ...)
 *   RESPONSE broker -> worker, id = the request's id:
 *            {"ok": true, ...} or {"ok": false, ...} (the op defines the rest);
 *            binary = payload
 *   EXIT     worker -> broker, id 0, last: {"status": int 0..255}
 *
 * Requests and responses strictly alternate: the worker never has more than
 * one request outstanding. */
#ifndef BOX_COMMON_PROTOCOL_H
#define BOX_COMMON_PROTOCOL_H

/* Descriptor numbers in the worker after exec. */
#define BOX_WORKER_FD_IN 3  /* read end: broker -> worker */
#define BOX_WORKER_FD_OUT 4 /* write end: worker -> broker */

/* High nibble 0xB ("box"), low nibble the protocol version. */
#define BOX_FRAME_MAGIC 0xB1u

#define BOX_FRAME_HEADER_SIZE 16u
#define BOX_FRAME_MAX_JSON (1024u * 1024u)          /* 1 MiB */
#define BOX_FRAME_MAX_BINARY (64u * 1024u * 1024u)  /* 64 MiB */
#define BOX_FRAME_MAX_JSON_DEPTH 32                 /* nesting of the JSON text */

/* Largest script source the broker forwards (strands-box.md 2.6). */
#define BOX_MAX_SCRIPT_BYTES 65536u

enum box_frame_kind {
  BOX_FRAME_SCRIPT = 1,
  BOX_FRAME_REQUEST = 2,
  BOX_FRAME_RESPONSE = 3,
  BOX_FRAME_EXIT = 4,
};
#define BOX_FRAME_KIND_MIN BOX_FRAME_SCRIPT
#define BOX_FRAME_KIND_MAX BOX_FRAME_EXIT

/* Exit status of box-broker when the box did not run the script to its end. */
#define BOX_STATUS_BOX_FAILED 125
/* Exit status of box-broker for a bad command line. */
#define BOX_STATUS_USAGE 2

#endif
