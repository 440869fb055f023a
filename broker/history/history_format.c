/* broker/history/history_format.c -- the bytes of history.log: header,
 * framing (length and FNV-1a checksum), and the event, rules and pruning
 * records (history_int.h describes the layout).  No I/O here. */
#include "config.h"

#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "broker/history/history_int.h"

uint64_t history_fnv(const void *data, size_t len, uint64_t h)
{
	const uint8_t *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

void history_put_u32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (24 - 8 * i));
}

void history_put_u64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (56 - 8 * i));
}

uint32_t history_get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint64_t history_get_u64(const uint8_t *p)
{
	return (uint64_t)history_get_u32(p) << 32 | history_get_u32(p + 4);
}

void history_header_encode(const struct history_header *hd, uint8_t out[HISTORY_HEADER_LEN])
{
	memcpy(out, HISTORY_MAGIC, 8);
	history_put_u32(out + 8, HISTORY_VERSION);
	history_put_u32(out + 12, 0);
	history_put_u64(out + 16, (uint64_t)hd->anchor_seq);
	history_put_u64(out + 24, (uint64_t)hd->anchor_ts);
	memcpy(out + 32, hd->anchor_hash, SHA256_DIGEST_LEN);
	history_put_u64(out + 64, history_fnv(out, 64, HISTORY_FNV_INIT));
}

int history_header_decode(const uint8_t in[HISTORY_HEADER_LEN], struct history_header *hd, const char **why)
{
	if (memcmp(in, HISTORY_MAGIC, 8) != 0) {
		*why = "the file is not a box history";
		return -1;
	}
	if (history_get_u64(in + 64) != history_fnv(in, 64, HISTORY_FNV_INIT)) {
		*why = "the file's header is damaged (the file is corrupt)";
		return -1;
	}
	if (history_get_u32(in + 8) != HISTORY_VERSION) {
		*why = "the file is a box history of another format version";
		return -1;
	}
	hd->anchor_seq = (int64_t)history_get_u64(in + 16);
	hd->anchor_ts = (int64_t)history_get_u64(in + 24);
	memcpy(hd->anchor_hash, in + 32, SHA256_DIGEST_LEN);
	if (hd->anchor_seq < 0) {
		*why = "the file's header is malformed (the file is corrupt)";
		return -1;
	}
	return 0;
}

void history_buf_free(struct history_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

static uint8_t *reserve(struct history_buf *b, size_t n)
{
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap - b->len < n)
			cap *= 2;
		uint8_t *p = realloc(b->p, cap);
		if (!p)
			abort(); /* the broker's policy for out of memory */
		b->p = p;
		b->cap = cap;
	}
	uint8_t *at = b->p + b->len;
	b->len += n;
	return at;
}

/* Starts a frame: room for the length; returns its offset. */
static size_t frame_open(struct history_buf *b)
{
	size_t at = b->len;
	reserve(b, 4);
	return at;
}

static void frame_close(struct history_buf *b, size_t at)
{
	history_put_u32(b->p + at, (uint32_t)(b->len - at - 4));
	uint64_t check = history_fnv(b->p + at, b->len - at, HISTORY_FNV_INIT);
	history_put_u64(reserve(b, 8), check);
}

static void put_bytes(struct history_buf *b, const void *p, size_t n)
{
	if (n)
		memcpy(reserve(b, n), p, n);
}

static void put_i64(struct history_buf *b, int64_t v)
{
	history_put_u64(reserve(b, 8), (uint64_t)v);
}

static void put_text(struct history_buf *b, const char *t, uint32_t len)
{
	*reserve(b, 1) = t != NULL;
	if (!t)
		return;
	history_put_u32(reserve(b, 4), len);
	put_bytes(b, t, len);
}

void history_encode_event(struct history_buf *b, const struct history_row *row,
                          const uint8_t prev[SHA256_DIGEST_LEN], uint8_t hash[SHA256_DIGEST_LEN])
{
	size_t at = frame_open(b);
	*reserve(b, 1) = 'E';
	size_t canon = b->len;
	put_i64(b, row->seq);
	put_i64(b, row->ts);
	for (int i = 0; i < HT_COUNT; i++)
		put_text(b, row->text[i], row->len[i]);
	struct sha256 s;
	sha256_init(&s);
	sha256_update(&s, prev, SHA256_DIGEST_LEN);
	sha256_update(&s, b->p + canon, b->len - canon);
	sha256_final(&s, hash);
	put_bytes(b, hash, SHA256_DIGEST_LEN);
	frame_close(b, at);
}

void history_encode_event_as(struct history_buf *b, const struct history_row *row,
                             const uint8_t stored[SHA256_DIGEST_LEN])
{
	size_t at = frame_open(b);
	*reserve(b, 1) = 'E';
	put_i64(b, row->seq);
	put_i64(b, row->ts);
	for (int i = 0; i < HT_COUNT; i++)
		put_text(b, row->text[i], row->len[i]);
	put_bytes(b, stored, SHA256_DIGEST_LEN);
	frame_close(b, at);
}

void history_encode_rules(struct history_buf *b, const char *const *fps, const int64_t *starts, size_t n)
{
	size_t at = frame_open(b);
	*reserve(b, 1) = 'R';
	history_put_u32(reserve(b, 4), (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(fps[i]);
		history_put_u32(reserve(b, 4), (uint32_t)len);
		put_bytes(b, fps[i], len);
		put_i64(b, starts[i]);
	}
	frame_close(b, at);
}

void history_encode_prune(struct history_buf *b, const struct history_header *a)
{
	size_t at = frame_open(b);
	*reserve(b, 1) = 'P';
	put_i64(b, a->anchor_seq);
	put_i64(b, a->anchor_ts);
	put_bytes(b, a->anchor_hash, SHA256_DIGEST_LEN);
	frame_close(b, at);
}

/* One frame at p: its length bounded, its checksum checked when `check`. */
static int frame_at(const uint8_t *p, size_t avail, bool check, const uint8_t **body, uint32_t *body_len,
		    size_t *frame_len)
{
	if (avail < 4)
		return 0;
	uint32_t len = history_get_u32(p);
	if (len == 0 || len > HISTORY_MAX_BODY)
		return -1;
	if (avail < (size_t)len + HISTORY_FRAME_OVERHEAD)
		return 0;
	if (check && history_get_u64(p + 4 + len) != history_fnv(p, 4 + (size_t)len, HISTORY_FNV_INIT))
		return -1;
	*body = p + 4;
	*body_len = len;
	*frame_len = (size_t)len + HISTORY_FRAME_OVERHEAD;
	return 1;
}

int history_frame(const uint8_t *p, size_t avail, const uint8_t **body, uint32_t *body_len, size_t *frame_len)
{
	return frame_at(p, avail, true, body, body_len, frame_len);
}

int history_frame_own(const uint8_t *p, size_t avail, const uint8_t **body, uint32_t *body_len, size_t *frame_len)
{
	return frame_at(p, avail, false, body, body_len, frame_len);
}

int history_decode_event(const uint8_t *body, uint32_t len, struct history_row *row, const uint8_t **stored_hash)
{
	if (len < 1 + 16 + SHA256_DIGEST_LEN || body[0] != 'E')
		return -1;
	const uint8_t *p = body + 1, *end = body + len - SHA256_DIGEST_LEN;
	row->seq = (int64_t)history_get_u64(p);
	row->ts = (int64_t)history_get_u64(p + 8);
	p += 16;
	for (int i = 0; i < HT_COUNT; i++) {
		if (p >= end || *p > 1)
			return -1;
		if (*p++ == 0) {
			row->text[i] = NULL;
			row->len[i] = 0;
			continue;
		}
		if (end - p < 4)
			return -1;
		uint32_t n = history_get_u32(p);
		p += 4;
		if ((size_t)(end - p) < n || memchr(p, '\0', n))
			return -1;
		row->text[i] = (const char *)p;
		row->len[i] = n;
		p += n;
	}
	if (p != end || row->seq <= 0 || !row->text[HT_ACTION_TYPE] || !row->text[HT_ACTION_ID] || !row->text[HT_KIND] ||
	    !row->text[HT_RECORD])
		return -1;
	*stored_hash = end;
	return 0;
}

void history_event_hash(const uint8_t *body, uint32_t len, const uint8_t prev[SHA256_DIGEST_LEN],
                        uint8_t hash[SHA256_DIGEST_LEN])
{
	struct sha256 s;
	sha256_init(&s);
	sha256_update(&s, prev, SHA256_DIGEST_LEN);
	sha256_update(&s, body + 1, len - 1 - SHA256_DIGEST_LEN);
	sha256_final(&s, hash);
}

int history_decode_prune(const uint8_t *body, uint32_t len, struct history_header *a)
{
	if (len != 1 + 16 + SHA256_DIGEST_LEN || body[0] != 'P')
		return -1;
	a->anchor_seq = (int64_t)history_get_u64(body + 1);
	a->anchor_ts = (int64_t)history_get_u64(body + 9);
	memcpy(a->anchor_hash, body + 17, SHA256_DIGEST_LEN);
	return a->anchor_seq < 0 ? -1 : 0;
}
