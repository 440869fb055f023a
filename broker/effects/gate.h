/* broker/effects/gate.h -- the policy a run decides with: the rules, and,
 * when some of them are temporal, the box's history (dogwood.md 4.6-4.7,
 * 5.3; strands-box.md 1 "History", 2.7 step 5).
 *
 * With temporal rules every decision goes, in one history transaction
 * (the history log's lock: concurrent brokers of the box take turns):
 *
 *   catch up with the events other runs appended since ours;
 *   stamp the request (history_now: never backwards);
 *   decide over the window the rules read, the request included;
 *   append the request event with its verdict; commit (one write());
 *
 * so the request event is in the file (the kernel's page cache: it
 * survives kill -9 of the broker) before the verdict is returned.  After
 * the act the caller records its outcome (gate_outcome): A::response
 * (completed, descriptor issued, or may have happened) or A::error (did
 * not happen).  A storage fault denies that decision and every later one
 * (fail closed), with one message on stderr.
 *
 * Without temporal rules the gate is just the policy: no history is
 * opened, and a decision costs what it always did. */
#ifndef BOX_EFFECTS_GATE_H
#define BOX_EFFECTS_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

struct policy;
struct policy_decision;

struct gate;

enum gate_mode {
	GATE_RECORD,    /* a run: decisions and outcomes are appended */
	GATE_READ_ONLY, /* --decide: decide against the history, append nothing */
};

/* pol may be NULL (denies everything).  box_dir: where <box_dir>/private/
 * holds the history (prepared by boxdir_prepare for GATE_RECORD; for
 * GATE_READ_ONLY a missing history is an empty one and is not created).
 * session_id names the run in the events.  NULL with a message in err when
 * the history cannot be opened. */
struct gate *gate_open(const struct policy *pol, const char *box_dir, enum gate_mode mode, const char *session_id,
                       char *err, size_t errlen);
/* A gate without history: temporal rules cannot evaluate and deny (a
 * test's, or a library user's, plain policy). */
struct gate *gate_plain(const struct policy *pol);
/* A gate whose history could not be opened (why): every decision is
 * denied as a storage fault. */
struct gate *gate_broken(const struct policy *pol, const char *why);
void gate_close(struct gate *);

const struct policy *gate_policy(const struct gate *);
/* 1 when decisions read and write the history. */
int gate_has_history(const struct gate *);
/* GATE_READ_ONLY: decide as if seconds_from_now later (--decide --at). */
void gate_set_offset(struct gate *, int64_t seconds_from_now);
/* How long a decision waits for another run's act in flight (default
 * 10 s; tests shorten it); then that decision is denied. */
void gate_set_lock_wait_ms(struct gate *, long ms);

/* Decides action on input (the context.input record).  Returns 0 and
 * fills *out (release with policy_decision_clear), or -1 with err: the
 * request cannot be evaluated, or the history cannot be read or written
 * (then *fault is 1 and every later decision fails the same way).
 * *request_seq: the request event's position in history, for
 * gate_outcome (0 when nothing was recorded). */
int gate_decide(struct gate *, const char *action, json_object *input, struct policy_decision *out,
                int64_t *request_seq, int *fault, char *err, size_t errlen);

enum gate_result {
	GATE_COMPLETED,         /* ::response, output.result completed */
	GATE_DESCRIPTOR_ISSUED, /* ::response, output.result descriptor_issued */
	GATE_INDETERMINATE,     /* ::response, output.result indeterminate: may have happened */
	GATE_FAILED,            /* ::error: did not happen */
};

/* Records the outcome of the permitted request request_seq (a no-op for
 * 0).  status >= 0: output.status (http:request, shell:exec).  A failure
 * prints a warning and makes every later decision deny. */
void gate_outcome(struct gate *, int64_t request_seq, const char *action, json_object *input,
                  enum gate_result result, long long status);

#endif
