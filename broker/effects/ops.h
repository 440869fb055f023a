/* broker/effects/ops.h -- the broker side of a script's effects: the request
 * ops the worker sends, their wire format, and the dispatcher that decides
 * each one with policy, performs it safely and records it (libboxeffects.a).
 *
 * WIRE FORMAT (the JSON of a REQUEST frame, common/protocol.h; "bytes" is the
 * frame's binary section).  A <path> is a JSON string (UTF-8, no NUL, at most
 * EFFECTS_MAX_PATH bytes) or {"hex": "<even number of hex digits>"} for a
 * name that is not UTF-8 (the worker's os.fsencode() of a surrogate-escaped
 * str).  Relative paths are rooted at the workspace.
 *
 *  op            request fields (+ bytes)          ok reply (+ bytes)            decision(s)
 *  fs.read       path                              {} + content                  fs:read read_content
 *  fs.write      path, mode "w"|"a"|"x" + content  {"n": bytes written}          fs:write write_content
 *  fs.stat       path                              {"st_mode","st_ino","st_dev", fs:read read_metadata
 *                                                   "st_size","st_atime","st_mtime","st_ctime" (float s),
 *                                                   "st_atime_ns",.. (int),"st_uid":0,"st_gid":0,"st_nlink":1}
 *  fs.exists     path                              {"value": bool}               fs:read read_metadata
 *  fs.is_file / fs.is_dir / fs.is_symlink  (same; missing, unreachable or refused by the reach floor
 *                                           -> false; is_symlink lstats the leaf itself)
 *  fs.listdir    path                              {"count": n} + names, each    fs:read enumerate
 *                                                   followed by one NUL byte, sorted bytewise
 *                                                   (the box's own .box-tmp-* files left out)
 *  fs.mkdir      path, exist_ok? (bool)            {}                            fs:write create_dir
 *                (parents=True never reaches the broker: the worker raises PermissionError)
 *  fs.unlink     path                              {}                            fs:delete remove_file
 *  fs.rmdir      path                              {}                            fs:delete remove_dir
 *  fs.rename / fs.replace   src, dst               {}                            fs:read src read_content;
 *                fs:move src rename; fs:delete dst remove_file|remove_dir when dst exists (judged by
 *                lstat); fs:move dst rename.  Every leg must permit; the first refusal names its path.
 *  fs.open       path, mode "r"|"w"|"a"|"x"|"r+"|"w+"|"a+"|"x+"  {"h": id}       "r": fs:read read_content,
 *                                                                                else fs:write write_content
 *  fs.hread      h, n (int, -1 = to the end)       {"pos": new position} + bytes the open's action
 *  fs.hwrite     h + bytes                         {"n": bytes, "pos": ..}      fs:write write_content
 *                (UnsupportedOperation "not readable"/"not writable" for the wrong mode)
 *  fs.hseek      h, offset (int), whence 0|1|2     {"pos": ..}                  none
 *  fs.close      h                                 {} (a writing handle's rename  none
 *                may fail: e.g. FileExistsError for "x"; after a failed fs.hwrite the
 *                new content is incomplete, so close keeps the old content and replies
 *                that write's error again; the handle is gone either way)
 *  fetch         url, method?, headers? ({str:str}), body? (true: send a body, even
 *                an empty one; a non-empty bytes section implies it) + body bytes
 *                                                  {"status": int, "headers": {lowercase: str}} + body
 *                net:connect {host,port} before DNS; net:connect {host,port,ip} per address;
 *                http:request {host,port,method,path,body_bytes,intercepted}
 *  getcwd        -                                 {"cwd": workspace}           none
 *
 * Handles: a read-only handle reads the file opened at fs.open; an
 * appending handle ("a", "a+") writes to the file itself opened with
 * O_APPEND (every write lands at the end, other appenders' data is kept);
 * any other writing handle works on a private temporary file in the same
 * directory (unnamed, O_TMPFILE, where the filesystem has it; "r+" starts
 * from a copy of the old content) that fs.close puts in place ("x": only if
 * the name is still free), so no reader ever sees a half-written file and a
 * worker or broker killed before fs.close leaves the old content.  Every
 * hread/hwrite is decided again (same action and operation as fs.open).
 * fs.write works the same way in one step.  At most EFFECTS_MAX_HANDLES.
 *
 * Replies: {"ok": true, ...} as above, or an exception the script raises:
 *   {"ok": false, "exc": "PermissionError", "msg": "<exact message>",
 *    "errno": int (OSError family, when there is one), "filename": str?, "filename2": str?}
 * e.g. FileNotFoundError "[Errno 2] No such file or directory: 'x'" (CPython
 * 3.11 wording, the path as the script spelled it, in repr() form),
 * PermissionError "policy denied this operation on 'x' [default-deny]: No
 * permit policy matched this request.", PermissionError "x: outside this
 * box's home and every declared bind", OSError "access denied: 127.0.0.1".
 * fetch: OSError "access denied: <host>" (URL floor, nothing decided),
 * OSError "error sending request for url (<url>)" (no net:connect permit, for
 * the name or for any non-internal address; nothing sent), OSError "error
 * sending request for url (<url>): <client error>" (transport), OSError
 * "response exceeds the 1048576-byte limit".  A fetch refused by http:request
 * is an ok reply: status 403, header "x-strands-box-egress": "refused", body
 * "http:request gate: <denial text>".
 *
 * Host-call limit: the dispatcher counts every request it answers; request
 * EFFECTS_MAX_CALLS + 1 (and any after it) gets
 *   {"ok": false, "fatal": true, "exc": "RuntimeError",
 *    "msg": "script exceeded its limit of 10000 host calls"}
 * and effects_dispatch returns EFFECTS_FATAL.  The worker must print that
 * exception as uncaught (the script cannot catch it) and exit 1; the broker
 * ends the run with status 1 whatever the worker does after it.
 *
 * Protocol violations (effects_dispatch returns -1; the caller kills the
 * worker, status 125): unknown op, a missing field or one of the wrong type,
 * a path over EFFECTS_MAX_PATH bytes or holding a NUL byte (the worker raises
 * ValueError "embedded null byte" itself), bad hex, an unknown mode, a bad
 * handle id, a negative count.
 */
#ifndef BOX_EFFECTS_OPS_H
#define BOX_EFFECTS_OPS_H

#include <stddef.h>

#include <json-c/json.h>

struct box_config;
struct policy;
struct decision_log;
struct effects;

#define EFFECTS_MAX_CALLS 10000
#define EFFECTS_MAX_PATH 16384
#define EFFECTS_MAX_HANDLES 64
/* Largest file fs.read / a handle returns or a write handle grows to. */
#define EFFECTS_MAX_FILE (64u * 1024u * 1024u - 4096u)

enum {
  EFFECTS_VIOLATION = -1, /* protocol violation: err says why */
  EFFECTS_OK = 0,         /* *resp holds the reply */
  EFFECTS_FATAL = 1,      /* *resp holds the fatal host-call-limit reply */
};

/* cfg must outlive the effects (workspace, operator_home, agent_home,
 * box_dir, path, policy_path are used).  pol NULL = deny everything; log
 * NULL = no records.  NULL with err on failure (a root cannot be opened). */
struct effects *effects_new(const struct box_config *cfg, const struct policy *pol,
                            struct decision_log *log, char *err, size_t errlen);

/* Operator-only pinning for fetch, curl's --resolve form "HOST:PORT:ADDR"
 * (ADDR may be "[v6]").  A pinned address still needs a net:connect permit
 * with its ip, but is exempt from the internal-address floor, because the
 * operator (never the script) chose it.  0, or -1 with err. */
int effects_add_resolve(struct effects *e, const char *spec, char *err, size_t errlen);
/* The egress gateway fetch() goes through (broker/egress/fetch.h), for the
 * operator's credentials and --cacert. */
struct egress *effects_egress(struct effects *e);
/* Decide through gate (the policy and the box's history) instead of the
 * plain policy effects_new was given; the caller keeps gate open until
 * effects_free.  The egress gateway decides through it too. */
struct gate;
void effects_set_gate(struct effects *e, struct gate *gate);

/* Serves one request.  req: the REQUEST JSON; data/len: its bytes.  On
 * EFFECTS_OK/EFFECTS_FATAL, *resp is a new JSON object and *rdata and *rlen the
 * reply bytes (malloc'ed or NULL); the caller owns both. */
int effects_dispatch(struct effects *e, json_object *req, const void *data, size_t len,
                     json_object **resp, void **rdata, size_t *rlen, char *err, size_t errlen);

/* Requests answered so far. */
unsigned long effects_calls(const struct effects *e);

/* Closes every handle (temporary files are removed: the old content stays)
 * and frees everything.  NULL is fine. */
void effects_free(struct effects *e);

/* Tests: 1 forces the component walk used when openat2 is unavailable. */
void effects_force_component_walk(struct effects *e, int on);
/* Tests: 1 forces the named temporary files used where the filesystem has
 * no O_TMPFILE. */
void effects_force_named_tmp(struct effects *e, int on);

#endif
